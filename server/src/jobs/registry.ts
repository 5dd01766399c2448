import type { AppContext } from '../context.ts';
import type { JobDefinition } from './queue.ts';

/** Every job of the portal; the runner refuses to start with a name registered twice. */
export function allJobs(_ctx: AppContext): JobDefinition<never>[] {
  return [];
}
