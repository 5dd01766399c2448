import { mayActOnJobs, mayViewJobs } from '@portal/domain';
import type { Actor } from '../../lib/authorize.ts';

type WithScopes = Pick<Actor, 'scopes'>;

/**
 * Who may see and act on the background jobs (issue 19). The rules themselves live in the domain package, so the
 * web's menu and route guard decide the same way.
 */
export const jobsConsolePolicy = {
  /** The console: read:jobs, the settings readers, or any administrator (read-only ones included). */
  view: (user: WithScopes) => mayViewJobs(user),
  /** Retry and discard: both jobs scopes, or both settings scopes. */
  act: (user: WithScopes) => mayActOnJobs(user),
};
