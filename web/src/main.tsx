import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// Mantine's base styles; each component's own come with it (web/build-plugins/mantine-styles.ts), and its CSS
// variables from MantineProvider (app-providers.tsx).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
import './ui/global.css';
import { answeredInPage } from './api/api-fetch.ts';
import { AppProviders } from './app-providers.tsx';
import { createAppRouter } from './router.tsx';
import { connectApiErrorsToBanner } from './ui/banner/banner-store.ts';
import { pageFirstReads } from './session/first-reads.ts';

connectApiErrorsToBanner();
answeredInPage(pageFirstReads()?.answers ?? {});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
