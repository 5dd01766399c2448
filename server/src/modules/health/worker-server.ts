import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerErrorHandling } from '../../lib/errors.ts';
import { metricsRoutes } from '../metrics/routes.ts';

/**
 * The HTTP side of a worker-only process (ROLE=worker, WORKER_PORT): `GET /health` for the orchestrator's liveness
 * probe and `GET /metrics` for Prometheus, guarded as on the web instances (METRICS_TOKEN as a bearer token; unset,
 * 404). Nothing else: no session, no API. Its metrics are this process's own (job run times, the media processes'
 * memory through the process metrics) besides the shared queue's gauges.
 */
export async function buildWorkerServer(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorate('ctx', ctx);
  registerErrorHandling(app);
  // Liveness only: a worker whose database is down waits for it (its jobs are retried); restarting it would not help.
  app.get('/health', async () => ({ status: 'ok' }));
  await app.register(metricsRoutes);
  return app;
}
