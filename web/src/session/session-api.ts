import { SESSION_FIRST_READS } from '@portal/domain';
import { apiFetch } from '../api/api-fetch.ts';
import type { UserDetails } from './user.ts';

/** The current user, or null when logged out (answered 200, so a logged-out page logs no failed request); never notifies (part 1 section 7). */
export async function fetchCurrentUser(): Promise<UserDetails | null> {
  try {
    return (await apiFetch<UserDetails | null>(SESSION_FIRST_READS.user, { notify: false })) ?? null;
  } catch {
    return null;
  }
}

/** Enabled feature flags; an empty list on failure (part 1 section 6). */
export async function fetchEnabledFlags(): Promise<string[]> {
  try {
    const flags = await apiFetch<unknown>(SESSION_FIRST_READS.flags, { notify: false });
    return Array.isArray(flags) ? flags.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

export async function logoutOnServer(): Promise<void> {
  // The local session is cleared whatever the server says: the user asked to leave.
  await apiFetch('/auth/logout', { notify: false }).catch(() => undefined);
}
