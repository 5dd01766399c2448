import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
    </Routes>,
    { path },
  );

async function submitNewPassword() {
  type('New password', 'Brand-new-pass-1');
  await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', false));
  type('Confirm password', 'Brand-new-pass-1');
  const submit = screen.getByRole('button', { name: 'Change password' });
  await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  fireEvent.click(submit);
}

describe('ResetPasswordPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the token from the link with the new password and confirms the change', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    renderAt('/reset-password/abcdefghijklmnopqrstuvwxyz');
    await submitNewPassword();
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user/password/reset');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz',
      newPassword: 'Brand-new-pass-1',
    });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it("shows the server's message for a dead link", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { code: 'RESET_LINK_INVALID', message: 'This link has expired.' }),
    );
    renderAt('/reset-password/abcdefghijklmnopqrstuvwxyz');
    await submitNewPassword();
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired.');
  });
});
