import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { AppProviders, createQueryClient } from './app-providers.tsx';
import { createAppRouter } from './router.tsx';
import { connectApiErrorsToBanner } from './ui/banner/banner-store.ts';

connectApiErrorsToBanner();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
