import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jobsListQuerySchema } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../auth/session.ts';
import { jobsConsolePolicy } from './policy.ts';
import { discardJob, jobsOverview, retryJob } from './service.ts';

const jobId = z.coerce.number().int().positive().max(2 ** 31 - 1);

/**
 * The jobs console's API (issue 19): `GET /api/admin/jobs` (counts, filters, one page, and whether the user may
 * act), `POST /api/admin/jobs/:id/retry` and `POST /api/admin/jobs/:id/discard` for a failed job.
 */
export async function jobsConsoleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const idOf = (params: unknown) => {
    const parsed = jobId.safeParse((params as { id?: string }).id);
    if (!parsed.success) throw notFound('This job no longer exists.');
    return parsed.data;
  };

  app.get('/api/admin/jobs', async (request) => {
    const user = await requireUser(request);
    authorize(jobsConsolePolicy.view(user));
    const query = jobsListQuerySchema.parse(request.query ?? {});
    return { ...(await jobsOverview(ctx, query)), can: { act: jobsConsolePolicy.act(user) } };
  });

  app.post('/api/admin/jobs/:id/retry', async (request) => {
    authorize(jobsConsolePolicy.act(await requireUser(request)));
    return retryJob(ctx, idOf(request.params));
  });

  app.post('/api/admin/jobs/:id/discard', async (request) => {
    authorize(jobsConsolePolicy.act(await requireUser(request)));
    return discardJob(ctx, idOf(request.params));
  });
}
