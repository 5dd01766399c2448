import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@portal/domain';
import { apiErrorMessage, notAuthorized } from '../../api/api-events.ts';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PasswordSettingsForm } from './PasswordSettingsForm.tsx';

const type = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('PasswordSettingsForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('keeps the confirmation disabled until the new password meets the policy', async () => {
    renderWithApp(<PasswordSettingsForm />, { session: buildSession({ user: buildUser() }) });
    expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', true);
    type('New password', 'weak');
    expect(await screen.findByText(MSG.passwordWeak)).toBeTruthy();
    expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', true);
    type('New password', 'Stronger-pass-1');
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', false));
    type('Confirm password', 'Stronger-pass-2');
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
  });

  it('does not flag the confirmation before the user gets to it, but re-checks it after', async () => {
    renderWithApp(<PasswordSettingsForm />, { session: buildSession({ user: buildUser() }) });
    type('New password', 'Stronger-pass-1');
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', false));
    expect(screen.queryByText(MSG.confirmRequired)).toBeNull();
    type('Confirm password', 'Stronger-pass-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy());
    type('New password', 'Stronger-pass-9');
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
  });

  it('sends old and new password, and reports a wrong old password through the banner', async () => {
    const shown: string[] = [];
    const stop = apiErrorMessage.subscribe((m) => shown.push(m));
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 'OLD_PASSWORD_MISMATCH', message: 'x' }));
    renderWithApp(<PasswordSettingsForm />, { session: buildSession({ user: buildUser() }) });
    type('Old password', 'Old-pass-1');
    type('New password', 'Stronger-pass-1');
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', false));
    type('Confirm password', 'Stronger-pass-1');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user/password');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ oldPassword: 'Old-pass-1', newPassword: 'Stronger-pass-1' });
    await waitFor(() => expect(shown).toEqual([MSG.oldPasswordWrong]));
    stop();
  });

  it('treats a 401 for a session that has ended as an expired session, not a wrong old password', async () => {
    const shown: string[] = [];
    let endedSessions = 0;
    const stopMessages = apiErrorMessage.subscribe((m) => shown.push(m));
    const stopSessions = notAuthorized.subscribe(() => endedSessions++);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 'UNAUTHORIZED', message: 'x' }));
    renderWithApp(<PasswordSettingsForm />, { session: buildSession({ user: buildUser() }) });
    type('Old password', 'Old-pass-1');
    type('New password', 'Stronger-pass-1');
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveProperty('disabled', false));
    type('Confirm password', 'Stronger-pass-1');
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(shown).toEqual([MSG.sessionExpired]));
    expect(endedSessions).toBe(1);
    stopMessages();
    stopSessions();
  });
});
