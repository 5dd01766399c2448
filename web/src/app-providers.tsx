import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from './session/session-context.tsx';
import { cssVariablesResolver, theme } from './ui/theme.ts';

// The toasts' container (transitions, drag to dismiss: some 10 KB) is fetched with the first toast, not with every
// first page: toasts follow actions, and the first one waits in Mantine's store until the container shows it.
const ToastContainer = lazy(() => import('./ui/ToastContainer.tsx').then((m) => ({ default: m.ToastContainer })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A failed call has already told the user (generic handling); retrying would repeat it.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Theme, toasts, server state and the session, around the router. */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions in unit tests. */
  env?: 'default' | 'test';
}) {
  return (
    // Every CSS variable comes from the provider (deduplicateCssVariables off) instead of Mantine's 27 KB static file
    // of defaults, which the first page would otherwise download on top of the script that makes them anyway.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
      forceColorScheme="light"
      env={env}
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
