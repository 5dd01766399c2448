import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reasonCodeReport, reasonCodeReportQuery, reviewApprovalBody, reviewApprovalResult } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { badRequest } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { answerApproval } from './approvals.ts';
import { reviewPolicy } from './policy.ts';
import { reasonCodeCounts } from './queries/reason-codes.ts';

const tags = ['Review workspace'];
const itemParams = z.object({ id: z.uuid() });

/** The second approval of a decision, and the reason-code report (policy.ts: staff with review rights). */
export async function reviewApprovalRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post(
    '/api/review/approvals/:id',
    {
      schema: routeSchema({
        summary: "Approve a decision waiting for a second reviewer, or send it back (the partner's second approval)",
        description:
          'Approve: the decision is made as its reviewer made it (reason, reason code, comments), and its supplier ' +
          'is told now (e-mail, webhooks). Only a reviewer other than the one who decided may approve it: the same ' +
          'reviewer is answered 403. Send back: the decision is dropped and the item waits for a decision again ' +
          '(any reviewer, the one who decided included). 409 when no decision waits.',
        tags,
        params: itemParams,
        body: reviewApprovalBody,
        responses: { 200: reviewApprovalResult },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.decide(user));
      const { id } = itemParams.parse(request.params);
      return answerApproval(ctx, user, id, reviewApprovalBody.parse(request.body));
    },
  );

  app.get(
    '/api/review/reports/reason-codes',
    {
      schema: routeSchema({
        summary: 'Rejections and comments per reason code per partner, over days (UTC)',
        description:
          'Counts the rejections whose reason code was given (the stock reason picked) and the comments that carried ' +
          'one, by the day of the rejection; a rejection undone within its window is not counted.',
        tags,
        querystring: reasonCodeReportQuery,
        responses: { 200: reasonCodeReport },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.report(user));
      const q = reasonCodeReportQuery.parse(request.query);
      if (q.from > q.to) throw badRequest('The first day comes after the last.', { from: 'After the last day.' });
      return { from: q.from, to: q.to, rows: await reasonCodeCounts(ctx.db, q) };
    },
  );
}
