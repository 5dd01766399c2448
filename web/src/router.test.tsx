import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SCOPES } from '@portal/domain';
import { AppProviders } from './app-providers.tsx';
import { routes } from './router.tsx';
import { readPostLoginRoute } from './session/post-login-route.ts';
import { buildUser, jsonResponse } from './test/fixtures.ts';
import type { UserDetails } from './session/user.ts';

/** The whole app at `path`, with the server stubbed: who is logged in, and the flags. */
function renderApp(path: string, { user = null, flags = [] }: { user?: UserDetails | null; flags?: string[] } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user?optional=true') return jsonResponse(200, user);
      if (url === '/api/feature-flags/enabled') return jsonResponse(200, flags);
      if (url === '/api/companies/30443/partner-configuration') {
        return jsonResponse(200, {
          id: 1,
          companyId: 30443,
          companyName: 'GREEN GROCER CO',
          partnerLogoFileName: null,
          primaryColor: '#0b5394',
          secondaryColor: null,
          landingPageEnabled: true,
        });
      }
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const pathOf = (router: ReturnType<typeof renderApp>) => router.state.location.pathname;

describe('routes', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the marketing landing page to visitors at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get your products catalogued' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submission schedule' }).getAttribute('href')).toBe('/schedule');
    await waitFor(() => expect(document.title).toBe('Product Hub'));
  });

  it('sends a visitor on a logged-in path to /login and remembers the path', async () => {
    const router = renderApp('/activity/rejected?page=2');
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(readPostLoginRoute()).toBe('/activity/rejected?page=2');
    expect(await screen.findByRole('heading', { name: 'Login with Product Hub portal credentials' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Log in | Product Hub'));
  });

  it("sends a visitor with a partner to the partner's landing page", async () => {
    const router = renderApp('/30443/cataloguedProducts');
    await waitFor(() => expect(pathOf(router)).toBe('/30443'));
    expect(readPostLoginRoute()).toBe('/30443/cataloguedProducts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Grocer Co' })).toBeTruthy();
    expect(screen.getByText('Submit your products to Green Grocer Co for consideration')).toBeTruthy();
  });

  it('treats a non-numeric first segment as an unknown path', async () => {
    const router = renderApp('/not-a-partner/anything');
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
    expect(readPostLoginRoute()).toBe('/not-a-partner/anything');
  });

  it('lands a supplier on requires_action and an admin on pending, keeping the partner', async () => {
    const supplier = renderApp('/', { user: buildUser() });
    await waitFor(() => expect(pathOf(supplier)).toBe('/activity/requires_action'));
    expect(await screen.findByRole('heading', { name: 'My Products - Submission Activity' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Submission Activity | Product Hub'));
  });

  it('lands an admin on pending under the partner prefix', async () => {
    const admin = renderApp('/30443', { user: buildUser({ scopes: [SCOPES.readAllProductSubmissions] }) });
    await waitFor(() => expect(pathOf(admin)).toBe('/30443/activity/pending'));
  });

  it('continues a signed-in user on a login page to the remembered route', async () => {
    sessionStorage.setItem('productHub.postLoginRoute', '/cataloguedProducts');
    const router = renderApp('/login', { user: buildUser() });
    await waitFor(() => expect(pathOf(router)).toBe('/cataloguedProducts'));
    expect(readPostLoginRoute()).toBeNull();
  });

  it('redirects the old paths', async () => {
    const products = renderApp('/products/12/resubmit', { user: buildUser() });
    await waitFor(() => expect(pathOf(products)).toBe('/productSubmissions/12/resubmit'));
  });

  it('opens the catalogued product upload at file_select and the account at information', async () => {
    const upload = renderApp('/cataloguedProducts/0012345678905/upload', { user: buildUser() });
    await waitFor(() => expect(pathOf(upload)).toBe('/cataloguedProducts/0012345678905/upload/file_select'));
  });

  it('shows the 403 message on settings to users without partner-configuration scopes', async () => {
    renderApp('/settings', { user: buildUser() });
    expect(await screen.findByText(/Did you take a wrong turnip\?/)).toBeTruthy();
  });

  it('shows the 403 message on the jobs console (/admin/jobs) to suppliers', async () => {
    renderApp('/admin/jobs', { user: buildUser() });
    expect(await screen.findByText(/Did you take a wrong turnip\?/)).toBeTruthy();
  });

  it('opens the account for users whose account the portal keeps, and shows the 403 message to the others', async () => {
    const local = renderApp('/account', { user: buildUser({ isAuth0User: true }) });
    await waitFor(() => expect(pathOf(local)).toBe('/account/information'));
    expect(await screen.findByLabelText('First name')).toBeTruthy();
    cleanup();
    renderApp('/account/password', { user: buildUser({ isAuth0User: false }) });
    expect(await screen.findByText(/Did you take a wrong turnip\?/)).toBeTruthy();
    expect(screen.queryByLabelText('Old password')).toBeNull();
  });

  it('hides feature-flagged routes without the flag and shows them with it', async () => {
    const without = renderApp('/brandProfile', { user: buildUser() });
    await waitFor(() => expect(pathOf(without)).toBe('/activity/requires_action'));
  });

  it('shows a flagged screen when the flag is on', async () => {
    renderApp('/shippingProfiles', { user: buildUser(), flags: ['SHIPPING_PROFILE'] });
    expect(await screen.findByRole('heading', { name: 'Shipping Profiles' })).toBeTruthy();
  });

  it('sends users without bulk ingestion access from imports to activity', async () => {
    const router = renderApp('/import-jobs', { user: buildUser() });
    await waitFor(() => expect(pathOf(router)).toBe('/activity'));
  });
});
