import { MSG, type AccountInformation } from '@portal/domain';
import { isApiError } from '../../api/api-error.ts';
import { apiErrorMessage, notAuthorized } from '../../api/api-events.ts';
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

/** The server's code for a 401 that means "not signed in" rather than "wrong old password". */
const SESSION_GONE = 'UNAUTHORIZED';

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  try {
    await apiFetch('/user/password', {
      method: 'PATCH',
      json: { oldPassword, newPassword },
      // A 401 here is usually a wrong old password; decided below, from the answer's code.
      notify: { 401: null },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      if (error.code === SESSION_GONE) {
        // The session ended (e.g. the password was changed or reset elsewhere): like any other call.
        apiErrorMessage.emit(MSG.sessionExpired);
        notAuthorized.emit();
      } else {
        apiErrorMessage.emit(MSG.oldPasswordWrong);
      }
    }
    throw error;
  }
}
