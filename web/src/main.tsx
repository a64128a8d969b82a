import '@fontsource-variable/inter';
import '@/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/config/env';
import { App } from '@/app';
import { announceRedirectResult } from '@/features/auth/lib/announce-redirect-result';
import { takeRedirectSignInResult } from '@/features/auth/lib/redirect-sign-in';

// Read (and strip) a redirect sign-in outcome before the router reads the address.
announceRedirectResult(takeRedirectSignInResult());

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
