import type { FastifyInstance } from 'fastify';
import { v1SubmissionListQuery, v1SubmissionPage } from '@portal/domain';
import { badRequest, zodFields } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../auth/session.ts';
import { submissionPolicy } from './policy.ts';
import { submissionListPage } from './submission-list.ts';

const tags = ['Submissions (v1)'];

/** The integration API's submission routes (`/api/v1`): typed answers, cursor pages. */
export async function submissionV1Routes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/v1/submissions',
    {
      schema: routeSchema({
        operationId: 'listSubmissions',
        summary: 'List submissions, newest first, a page at a time',
        description:
          "The caller's company's submissions (every company's for staff), newest first by `sort`. Follow " +
          '`next_cursor` until it is null; a cursor is good for the filters it was made with. Changes made while ' +
          'paging are picked up by the next run with `updated_since`.',
        tags,
        querystring: v1SubmissionListQuery,
        responses: { 200: v1SubmissionPage },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const parsed = v1SubmissionListQuery.safeParse(request.query);
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw badRequest(Object.values(fields)[0], fields);
      }
      return submissionListPage(ctx.db, {
        ...parsed.data,
        companyId: submissionPolicy.seesEveryCompany(user) ? null : user.companyId,
      });
    },
  );
}
