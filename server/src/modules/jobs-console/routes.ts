import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  consoleJobSchema,
  failedJobsFilterSchema,
  JOBS_MSG,
  jobsListQuerySchema,
  jobsOverviewSchema,
} from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { jobsConsolePolicy } from './policy.ts';
import { actOnFailedJobs, discardJob, jobsOverview, retryJob } from './service.ts';
import { routeSchema } from '../../lib/openapi.ts';

const jobId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const idParams = z.object({ id: jobId });
const tags = ['Jobs console'];
const actSchema = (summary: string) =>
  routeSchema({
    summary,
    tags,
    params: idParams,
    responses: { 200: consoleJobSchema },
    errors: [401, 403, 404, 409, 429],
    errorNotes: { 409: 'The job is no longer failed: it was retried or discarded meanwhile' },
  });

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

  app.get(
    '/api/admin/jobs',
    {
      schema: routeSchema({
        summary: 'Background jobs: counts, filters and one page (staff)',
        tags,
        querystring: jobsListQuerySchema,
        responses: { 200: jobsOverviewSchema },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(jobsConsolePolicy.view(user));
      const query = jobsListQuerySchema.parse(request.query ?? {});
      return { ...(await jobsOverview(ctx, query)), can: { act: jobsConsolePolicy.act(user) } };
    },
  );

  app.post('/api/admin/jobs/:id/retry', { schema: actSchema('Run a failed job again') }, async (request) => {
    const user = await requireUser(request);
    authorize(jobsConsolePolicy.act(user));
    return retryJob(ctx, user, idOf(request.params));
  });

  app.post('/api/admin/jobs/:id/discard', { schema: actSchema('Discard a failed job') }, async (request) => {
    const user = await requireUser(request);
    authorize(jobsConsolePolicy.act(user));
    return discardJob(ctx, user, idOf(request.params));
  });

  const bulkSchema = (summary: string, example: { count: number; left: number; message: string }) =>
    routeSchema({
      summary,
      tags,
      body: failedJobsFilterSchema,
      responses: {
        200: z
          .object({
            count: z.number().int(),
            left: z
              .number()
              .int()
              .describe(
                'Matching failed jobs still failed after it (a retry leaves those whose work is queued or running already)',
              ),
            message: z.string(),
          })
          .meta({ examples: [example] }),
      },
      errors: [400, 401, 403, 429],
    });
  for (const action of ['retry', 'discard'] as const) {
    app.post(
      `/api/admin/jobs/${action}-failed`,
      {
        schema: bulkSchema(
          action === 'retry'
            ? 'Run again every failed job that matches (type, error text, failed since)'
            : 'Discard every failed job that matches (type, error text, failed since)',
          {
            count: 2,
            left: 0,
            message: action === 'retry' ? JOBS_MSG.bulkRetried(2, 0) : JOBS_MSG.bulkDiscarded(2),
          },
        ),
      },
      async (request) => {
        const user = await requireUser(request);
        authorize(jobsConsolePolicy.act(user));
        return actOnFailedJobs(ctx, user, action, failedJobsFilterSchema.parse(request.body ?? {}));
      },
    );
  }
}
