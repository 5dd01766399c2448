import type { FastifyBaseLogger } from 'fastify';
import { plural } from '@portal/domain';
import type { AppContext } from '../context.ts';

/**
 * Starts this process's job runner: refuses to when a handler is missing (see JobRunner.checkHandlers), and on the
 * embedded database first queues again the jobs a crashed process left running (it is locked to this process).
 */
export async function startWorker(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const runner = ctx.jobs!;
  await runner.checkHandlers();
  if (ctx.database.kind === 'pglite') {
    const released = await runner.releaseAbandoned();
    if (released)
      log.warn(`${plural(released, 'job')} interrupted by a crash ${released === 1 ? 'is' : 'are'} queued again`);
  }
  runner.start();
}
