import { toast } from '@/components/ui/toast-store';
import { redirectFailedMessage, WELCOME_BACK, WELCOME_FIRST } from '@/features/auth/lib/sign-in-errors';
import type { RedirectSignInResult } from '@/features/auth/lib/redirect-sign-in';

export function announceRedirectResult(result: RedirectSignInResult | null): void {
  if (result === null) return;
  if (result.kind === 'error') toast.error(redirectFailedMessage(result.message));
  else toast.success(result.kind === 'first-sign-in' ? WELCOME_FIRST : WELCOME_BACK);
}
