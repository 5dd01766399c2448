import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { StrengthenPasswordPage } from './StrengthenPasswordPage.tsx';

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

async function submitStrongPassword() {
  type('New password', 'Much-stronger-1');
  await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', false));
  type('Confirm password', 'Much-stronger-1');
  const submit = screen.getByRole('button', { name: 'Save and continue' });
  await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  fireEvent.click(submit);
}

describe('StrengthenPasswordPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('completes the held-back login with the user the server answers', async () => {
    const user = buildUser();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, user));
    const session = buildSession();
    renderWithApp(<StrengthenPasswordPage />, { session, path: '/login/strengthen-password' });
    await submitStrongPassword();
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(user));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/strengthen-password');
    expect(JSON.parse(String(init?.body))).toEqual({ newPassword: 'Much-stronger-1' });
  });

  it('sends the user back to login when the attempt has expired', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 'UNAUTHORIZED', message: 'x' }));
    renderWithApp(<StrengthenPasswordPage />, { path: '/login/strengthen-password' });
    await submitStrongPassword();
    expect((await screen.findByRole('alert')).textContent).toMatch(/expired/);
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});
