import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { v1FeedPage, v1FeedQuery } from '@portal/domain';
import { badRequest, notFound, zodFields } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { eventsPolicy } from './policy.ts';
import { feedPage } from './service.ts';

const query = v1FeedQuery.extend({
  company_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional()
    .describe("Administrators: the company whose feed to read (default: the caller's)"),
  data_case: z
    .enum(['camelCase', 'snake_case'])
    .default('camelCase')
    .describe(
      "The keys of each event's `data`: `camelCase` (the default, as webhooks deliver it since its first version) or " +
        '`snake_case`, the convention of the rest of the integration API (`submission_id`, `partner_company_id`...)',
    ),
});

/** A value with every object key in snake_case (`partnerCompanyId` → `partner_company_id`), at any depth. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]),
  );
}

/** The change feed of the integration API. */
export async function eventRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get(
    '/api/v1/events',
    {
      schema: routeSchema({
        operationId: 'listEvents',
        summary: "The company's events, oldest first, after a cursor (kept 30 days)",
        description:
          'Every event of the webhook catalogue, and `submission.created`, in the order of the transactions that ' +
          'wrote them, each once: the way to keep a copy in sync. Keep the last `next_cursor` and ask `?after=` it: ' +
          'after downtime you get every event you missed, none twice. `has_more`: ask again at once; otherwise poll ' +
          'now and then (or let a webhook tell you). An event is served once every transaction of the portal older ' +
          "than its own has finished (usually within a second). Each event's `id` is also the `webhook-id` of its " +
          'webhook deliveries, and its `created_at` their `timestamp`.',
        tags: ['Events (v1)'],
        querystring: query,
        responses: { 200: v1FeedPage },
        errors: [400, 401, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const parsed = query.safeParse(request.query);
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw badRequest(Object.values(fields)[0], fields);
      }
      const companyId = eventsPolicy.feedCompany(user, parsed.data.company_id);
      if (companyId === null) throw notFound('Company not found.');
      const page = await feedPage(ctx.db, companyId, parsed.data);
      if (parsed.data.data_case === 'camelCase') return page;
      return { ...page, items: page.items.map((e) => ({ ...e, data: snakeKeys(e.data) })) };
    },
  );
}
