import { describe, expect, it } from 'vitest';
import { getToasts } from '@/components/ui/toast-store';
import { announceRedirectResult } from '@/features/auth/lib/announce-redirect-result';

describe('redirect sign-in messages', () => {
  it.each([
    [{ kind: 'first-sign-in' } as const, 'success', 'Welcome to Lectern! You have 10 free credits to start creating videos.'],
    [{ kind: 'welcome-back' } as const, 'success', 'Welcome back!'],
    [{ kind: 'error', message: 'access_denied' } as const, 'error', 'Redirect sign-in failed: access_denied'],
  ])('%o', (result, tone, message) => {
    announceRedirectResult(result);
    expect(getToasts()).toEqual([expect.objectContaining({ tone, message })]);
  });

  it('says nothing on an ordinary load', () => {
    announceRedirectResult(null);
    expect(getToasts()).toEqual([]);
  });
});
