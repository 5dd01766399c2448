import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ping } from '../../db/client.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { proveSharedStorage, storagePlace, StorageNotSharedError } from '../../storage/shared-storage.ts';

const READY_TIMEOUT_MS = 3000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

/**
 * Liveness (`/api/health`: the process serves requests) and readiness (`/api/ready`: the database and the file
 * storage answer, and the process is not stopping), for load balancers and orchestrators. Neither needs a session, and neither says more than
 * which part is down.
 */
export async function healthRoutes(app: FastifyInstance) {
  const { db, storage } = app.ctx;
  // As at start (main.ts): only instances on a PostgreSQL server can have others to share their files with.
  const shared = () =>
    app.ctx.database.kind === 'pglite'
      ? Promise.resolve()
      : proveSharedStorage(db, storage, storagePlace(app.ctx.config));

  const tags = ['Operations'];
  const readiness = z.object({
    status: z.enum(['ready', 'not ready']),
    checks: z.record(z.string(), z.enum(['ok', 'unreachable', 'not shared', 'stopping'])),
  });
  app.get(
    '/api/health',
    {
      schema: routeSchema({
        summary: 'Liveness: the process answers',
        tags,
        responses: { 200: z.object({ status: z.literal('ok') }) },
        errors: [],
        public: true,
      }),
    },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/api/ready',
    {
      schema: routeSchema({
        summary:
          'Readiness: the database answers (the file storage is reported, and fails readiness only when not shared)',
        tags,
        responses: { 200: readiness, 503: readiness },
        errors: [],
        public: true,
      }),
    },
    async (request, reply) => {
      // Told to stop: the load balancer must send its requests elsewhere, while this one still answers them.
      if (app.ctx.stopping) return reply.status(503).send({ status: 'not ready', checks: { instance: 'stopping' } });
      const checks = await Promise.all([
        within(ping(db), READY_TIMEOUT_MS).then(
          () => ['database', 'ok'] as const,
          (err) => {
            request.log.warn({ err }, 'readiness: database unreachable');
            return ['database', 'unreachable'] as const;
          },
        ),
        within(
          storage.ping().then(() => shared()),
          READY_TIMEOUT_MS,
        ).then(
          () => {
            app.ctx.storageHealth.record(true);
            // Back only after a few answered probes in a row (STORAGE_PROBE_UP_AFTER).
            return ['storage', app.ctx.storageHealth.isUp ? 'ok' : 'unreachable'] as const;
          },
          (err) => {
            // Storage of this instance's own, which the other instances cannot read, is as good as none: a finding,
            // not a probe that may answer next time, so it is reported at once.
            if (err instanceof StorageNotSharedError) {
              request.log.error({ err }, 'readiness: storage not shared');
              return ['storage', 'not shared'] as const;
            }
            // Reported only after a few failed probes in a row (STORAGE_PROBE_DOWN_AFTER): a starved store that
            // answers late now and then does not flap.
            const up = app.ctx.storageHealth.record(false);
            if (!up) request.log.warn({ err }, 'readiness: storage unreachable');
            return ['storage', up ? 'ok' : 'unreachable'] as const;
          },
        ),
      ]);
      // Ready means this instance can serve: its database answers, and its storage is the shared one. A shared
      // store that is away is away for every instance alike: reported here (and in /metrics), but a load balancer
      // that took the whole fleet out for it would only turn a partial outage into a whole one.
      const ready = checks.every(([part, state]) => state === 'ok' || (part === 'storage' && state === 'unreachable'));
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(checks) });
    },
  );
}
