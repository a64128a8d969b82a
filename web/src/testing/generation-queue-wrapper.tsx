import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { GenerationQueueProvider } from '@/features/queue/components/generation-queue-provider';

/** A `renderHook` wrapper: a fresh query client, a router and the real generation queue of user u1. */
export function GenerationQueueWrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <GenerationQueueProvider userId="u1">{children}</GenerationQueueProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}
