import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CrashScreen } from '@/components/errors/crash-screen';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { AuthProvider, type AuthServices } from '@/features/auth/components/auth-provider';

type AppProviderProps = {
  queryClient: QueryClient;
  authServices?: Partial<AuthServices>;
  children: ReactNode;
};

export function AppProvider({ queryClient, authServices, children }: AppProviderProps) {
  return (
    <ErrorBoundary area="app" fallback={() => <CrashScreen />}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider services={authServices}>{children}</AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
