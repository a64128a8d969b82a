import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import type { AuthServices } from '@/features/auth/components/auth-provider';
import { sessionQueryKey, type Session } from '@/features/auth/api/refresh-session';
import { accessToken } from '@/lib/access-token';

type RenderAppOptions = {
  path?: string;
  /** A session to start with (signed in), null (signed out), or undefined to ask the server. */
  session?: Session | null;
  authServices?: Partial<AuthServices>;
};

/** Renders the whole app on a memory router; pass a session to start signed in. */
export function renderApp({ path = '/', session, authServices }: RenderAppOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  if (session !== undefined) {
    queryClient.setQueryData(sessionQueryKey, session);
    accessToken.set(session?.accessToken ?? null);
  }
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient} authServices={authServices}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, user };
}
