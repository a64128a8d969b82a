import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '@/components/ui/toast-store';
import { accessToken } from '@/lib/access-token';

// jsdom has no layout; the router's scroll restoration only needs the call to exist.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  clearToasts();
  accessToken.set(null);
  vi.unstubAllGlobals();
});
