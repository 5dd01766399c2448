import { MSG, type LoginFormValues } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';
import { isApiError } from '../../api/api-error.ts';
import type { UserDetails } from '../../session/user.ts';

export function login(values: LoginFormValues, partnerId: number | null): Promise<UserDetails> {
  return apiFetch<UserDetails>('/auth/login', {
    method: 'POST',
    form: { username: values.email, password: values.password, partner: partnerId ?? undefined },
    // Part 1 section 8: login failures are the form's business, never the generic banner.
    notify: false,
  });
}

export type LoginFailure = { kind: 'message'; message: string } | { kind: 'strengthen-password' } | { kind: 'silent' };

/** What the login form does with a failed attempt. */
export function loginFailure(error: unknown): LoginFailure {
  if (!isApiError(error)) return { kind: 'silent' };
  if (error.status === 401 && error.reason === 'INSUFFICIENT_PASSWORD_STRENGTH') return { kind: 'strengthen-password' };
  if (error.status === 401) return { kind: 'message', message: MSG.invalidLogin };
  if (error.status === 429) return { kind: 'message', message: MSG.tooManyAttempts };
  return { kind: 'silent' };
}

/** Finishes a login held back for a weak password; answers the user like a login. */
export function strengthenPassword(newPassword: string): Promise<UserDetails> {
  return apiFetch<UserDetails>('/auth/strengthen-password', {
    method: 'POST',
    json: { newPassword },
    notify: { 400: null, 401: null },
  });
}

export interface AuthConfig {
  oidc: { enabled: boolean; name: string };
}

export async function fetchAuthConfig(): Promise<AuthConfig> {
  try {
    const config = await apiFetch<AuthConfig>('/auth/config', { notify: false });
    return config?.oidc ? config : { oidc: { enabled: false, name: '' } };
  } catch {
    return { oidc: { enabled: false, name: '' } };
  }
}

export function requestPasswordReset(email: string): Promise<void> {
  return apiFetch('/user/password/forgot', { method: 'POST', json: { email } });
}

export function resetPassword(token: string, newPassword: string): Promise<void> {
  return apiFetch('/user/password/reset', { method: 'POST', json: { token, newPassword }, notify: { 400: null } });
}
