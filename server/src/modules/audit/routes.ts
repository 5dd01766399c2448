import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditFilterSchema, auditPageQuerySchema } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../auth/session.ts';
import { auditCsv } from './csv.ts';
import { auditPolicy } from './policy.ts';
import { auditFilterOptions, auditPage, auditRows } from './service.ts';

/** The audit trail for administrators: a page of rows, the filters' choices, and the CSV export (same filters). */
export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/api/audit', async (request) => {
    authorize(auditPolicy.view(await requireUser(request)));
    const page = await auditPage(db, auditPageQuerySchema.parse(request.query ?? {}));
    return { ...page, items: page.items.map((r) => ({ ...r, at: r.at.toISOString() })) };
  });

  app.get('/api/audit/options', async (request) => {
    authorize(auditPolicy.view(await requireUser(request)));
    return { actions: AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] })), ...(await auditFilterOptions(db)) };
  });

  app.get('/api/audit.csv', async (request, reply) => {
    authorize(auditPolicy.view(await requireUser(request)));
    // Checked before the first byte, so bad filters answer 400 rather than a broken download.
    const filter = auditFilterSchema.parse(request.query ?? {});
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(auditCsv(auditRows(db, filter))));
  });
}
