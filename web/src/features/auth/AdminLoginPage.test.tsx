import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AdminLoginPage } from './AdminLoginPage.tsx';

describe('AdminLoginPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the identity provider when the server has one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { oidc: { enabled: true, name: 'Okta' } })),
    );
    renderWithApp(<AdminLoginPage />, { path: '/login/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Administrator login' })).toBeTruthy();
    const sso = await screen.findByRole('link', { name: 'Continue with Okta' });
    expect(sso.getAttribute('href')).toBe('/api/auth/oidc/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/reset-password');
  });

  it('shows only the password form without one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { oidc: { enabled: false, name: '' } })),
    );
    renderWithApp(<AdminLoginPage />, { path: '/login/admin' });
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });
});
