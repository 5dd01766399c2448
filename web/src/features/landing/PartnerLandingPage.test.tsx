import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app-providers.tsx';
import { routes } from '../../router.tsx';
import { jsonResponse } from '../../test/fixtures.ts';

const partner = {
  id: 3,
  companyId: 30500,
  companyName: 'NORTHSIDE MARKET CO-OP',
  partnerLogoFileName: 'north logo.png',
  primaryColor: '#6a1b9a',
  secondaryColor: null as string | null,
  landingPageEnabled: true,
};

/** A visitor at `path`, the partner configuration answered with `answer` (a Response or a configuration). */
function visit(path: string, answer: Response | typeof partner) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user?optional=true') return jsonResponse(200, null);
      if (url === '/api/feature-flags/enabled') return jsonResponse(200, []);
      if (url === '/api/companies/30500/partner-configuration')
        return answer instanceof Response ? answer : jsonResponse(200, answer);
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

describe('co-branded landing page /{partnerId}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the logo, the company name in title case, the three blocks and the Powered By footer', async () => {
    visit('/30500', partner);
    expect(await screen.findByRole('heading', { level: 1, name: 'Northside Market Co-op' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Northside Market Co-op logo' }).getAttribute('src')).toBe(
      '/api/partner-configurations/3/logo/north%20logo.png',
    );
    for (const block of ['Easy Item Submission', 'Manage your Brand Profile', 'Supplier Resources']) {
      expect(screen.getByRole('heading', { level: 2, name: block })).toBeTruthy();
    }
    expect(screen.getByText('Submit your products to Northside Market Co-op for consideration')).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('Powered By');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/30500/login');
    await waitFor(() => expect(document.title).toBe('Northside Market Co-op | Product Hub'));
  });

  it('uses the primary colour and black buttons when no secondary colour is set; an invalid colour is never used', async () => {
    visit('/30500', { ...partner, secondaryColor: 'red; background: url(x)' });
    await screen.findByRole('heading', { level: 1, name: 'Northside Market Co-op' });
    const root = screen.getByRole('main').parentElement as HTMLElement;
    expect(root.style.getPropertyValue('--partner-primary')).toBe('#6a1b9a');
    expect(root.style.getPropertyValue('--partner-secondary')).toBe('#000000');
  });

  it('goes to the co-branded login when the landing page is off', async () => {
    const router = visit('/30500', { ...partner, landingPageEnabled: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/30500/login'));
    expect(await screen.findByRole('heading', { name: 'Login with Product Hub portal credentials' })).toBeTruthy();
  });

  it('goes to the plain /login when the configuration cannot be loaded', async () => {
    const router = visit(
      '/30500',
      jsonResponse(404, { code: 'NOT_FOUND', message: 'No partner configuration for this company.' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
