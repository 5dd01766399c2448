import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditFilterSchema,
  auditOptionsSchema,
  auditPageQuerySchema,
  auditPageSchema,
  EXAMPLE,
} from '@portal/domain';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { AUDIT_CSV_HEADER, auditCsv, csvLine } from './csv.ts';
import { auditPolicy } from './policy.ts';
import { auditFilterOptions, auditPage, auditRows } from './service.ts';

/** The audit trail for administrators: a page of rows, the filters' choices, and the CSV export (same filters). */
export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const tags = ['Audit trail'];

  app.get(
    '/api/audit',
    {
      schema: routeSchema({
        summary: 'Staff actions, one page, newest first (administrators)',
        tags,
        querystring: auditPageQuerySchema,
        responses: { 200: auditPageSchema },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      authorize(auditPolicy.view(await requireUser(request)));
      const page = await auditPage(db, auditPageQuerySchema.parse(request.query ?? {}));
      return { ...page, items: page.items.map((r) => ({ ...r, at: r.at.toISOString() })) };
    },
  );

  app.get(
    '/api/audit/options',
    {
      schema: routeSchema({
        summary: "The audit filters' choices: actions, staff, companies",
        tags,
        responses: { 200: auditOptionsSchema },
        errors: [401, 403, 429],
      }),
    },
    async (request) => {
      authorize(auditPolicy.view(await requireUser(request)));
      return {
        actions: AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })),
        ...(await auditFilterOptions(db)),
      };
    },
  );

  app.get(
    '/api/audit.csv',
    {
      schema: routeSchema({
        summary: 'The audit trail as CSV, with the same filters',
        tags,
        querystring: auditFilterSchema,
        responses: {
          200: {
            'text/csv': z.string().meta({
              examples: [
                csvLine(AUDIT_CSV_HEADER) +
                  csvLine([
                    EXAMPLE.at,
                    EXAMPLE.reviewer,
                    'admin@example.com',
                    'submission.rejected',
                    'Submission rejected',
                    'submission',
                    EXAMPLE.submissionId,
                    `${EXAMPLE.productName} (${EXAMPLE.upc})`,
                    'Green Valley Foods',
                    'status: SUBMITTED',
                    'status: ADMIN_REJECTED',
                  ]),
              ],
            }),
          },
        },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request, reply) => {
      authorize(auditPolicy.view(await requireUser(request)));
      // Checked before the first byte, so bad filters answer 400 rather than a broken download.
      const filter = auditFilterSchema.parse(request.query ?? {});
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsv(auditRows(db, filter))));
    },
  );
}
