import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_MS } from '@portal/domain';
import { SessionProvider } from './session/session-context.tsx';
import { cssVariablesResolver, theme } from './ui/theme.ts';

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
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      {/* Bottom right: at the top right a toast covers the account menu (and Logout) for its 10 seconds. */}
      <Notifications autoClose={TOAST_MS} position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
