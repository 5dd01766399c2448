import { SESSION_FIRST_READS } from '@portal/domain';
import { apiFetch } from '../api/api-fetch.ts';
import { pageFirstReads } from './first-reads.ts';
import type { UserDetails } from './user.ts';

let probing: Promise<UserDetails | null> | null = null;

/**
 * The current user, or null when logged out (answered 200, so a logged-out page logs no failed request); never
 * notifies (part 1 section 7). Callers while a probe is on its way share it: the session and a route's loader that
 * reads ahead only for a signed-in user (router.tsx) ask at the same moment, with one request.
 */
export function fetchCurrentUser(): Promise<UserDetails | null> {
  probing ??= apiFetch<UserDetails | null>(SESSION_FIRST_READS.user, { notify: false })
    .then((user) => user ?? null)
    .catch(() => null)
    .finally(() => {
      probing = null;
    });
  return probing;
}

/**
 * Who was signed in when the app was opened, for what its first route reads ahead (router.tsx): the page's own
 * answer (first-reads.ts), with no request, else the session's probe.
 */
export function userAtOpening(): Promise<UserDetails | null> {
  const first = pageFirstReads();
  return first ? Promise.resolve(first.user) : fetchCurrentUser();
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
