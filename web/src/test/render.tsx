import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client.tsx';
import { ResourceCache, ResourceCacheContext } from '../api/resource-cache.ts';
import { PartnerProvider } from '../partner/partner-context.tsx';
import { SessionContext, type Session } from '../session/session-context.tsx';
import { theme } from '../ui/theme.ts';
import { buildSession } from './fixtures.ts';

interface Options {
  path?: string;
  session?: Session;
  partnerId?: number | null;
  /** Extra routes, e.g. redirect targets to assert on. */
  routes?: RouteObject[];
}

/** One component under a memory router, Mantine (no transitions), a fresh resource cache, React Query and a given session. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', session = buildSession(), partnerId = null, routes = [] }: Options = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <ResourceCacheContext.Provider value={new ResourceCache()}>
        <QueryClientProvider client={createQueryClient()}>
          <SessionContext.Provider value={session}>
            <PartnerProvider partnerId={partnerId}>
              <RouterProvider router={router} />
            </PartnerProvider>
          </SessionContext.Provider>
        </QueryClientProvider>
      </ResourceCacheContext.Provider>
    </MantineProvider>,
  );
  return { ...result, router };
}
