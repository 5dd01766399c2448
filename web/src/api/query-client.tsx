import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { useResourceCache } from './resource-cache.ts';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A failed call has already told the user (generic handling); retrying would repeat it.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Server state for the signed-in pages: the query cache is made the first time one is shown and kept for the app's
 * life (in the app's ResourceCache, which empties it when the session ends). Loaded with the signed-in shell, so the
 * logged-out pages never fetch TanStack Query. Under a provider of its own (component tests) it adds nothing.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const cache = useResourceCache();
  if (outer) return children;
  cache.queryClient ??= createQueryClient();
  return <QueryClientProvider client={cache.queryClient}>{children}</QueryClientProvider>;
}
