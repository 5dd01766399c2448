import { MSG, type AccountInformation } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import type { UserDetails } from '../../session/user.ts';

export async function isEmailTaken(email: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiFetch<{ email_exists: boolean }>(`/user/exists/${encodeURIComponent(email)}`, {
    notify: false,
    signal,
  });
  return answer.email_exists === true;
}

/** Part 1 section 7: a failed account update is silently ignored (no banner). */
export function updateAccountInformation(values: AccountInformation): Promise<UserDetails> {
  return apiFetch<UserDetails>('/user', { method: 'PUT', json: values, notify: false });
}

export function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  return apiFetch('/user/password', {
    method: 'PATCH',
    json: { oldPassword, newPassword },
    // A 401 here is a wrong old password, not an expired session.
    notify: { 401: MSG.oldPasswordWrong },
  });
}
