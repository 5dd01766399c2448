import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { ResourceCache, ResourceCacheContext } from './api/resource-cache.ts';
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

/**
 * Theme, toasts, the session and what pages read before it (the resource cache), around the router. The signed-in
 * pages' server state (TanStack Query) comes with their shell: api/query-client.tsx.
 */
export function AppProviders({
  children,
  env,
}: {
  children: ReactNode;
  /** 'test' turns off transitions in unit tests. */
  env?: 'default' | 'test';
}) {
  const [cache] = useState(() => new ResourceCache());
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
      <ResourceCacheContext.Provider value={cache}>
        <SessionProvider>{children}</SessionProvider>
      </ResourceCacheContext.Provider>
    </MantineProvider>
  );
}
