import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearToasts } from '@/components/ui/toast-store';
import { accessToken } from '@/lib/access-token';

afterEach(() => {
  cleanup();
  clearToasts();
  accessToken.set(null);
});
