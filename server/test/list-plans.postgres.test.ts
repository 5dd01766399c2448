import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../src/db/client.ts';
import { deliveryPageStatement } from '../src/modules/webhooks/service.ts';
import { createPostgresDatabase } from './harness.ts';
import { explainPlan } from './support/plans.ts';

/**
 * The webhook delivery log and the catalogue list at 100,000 rows: every page, however deep, is an index read of a
 * page (and the row it starts from). Held by the plan PostgreSQL runs (EXPLAIN ANALYZE): no sequential scan, and the
 * rows each scan returns.
 */
const COMPANY = 9101;
let database: Database;
let drop: () => Promise<void>;
let explainer: pg.Client;
let endpoint: number;

beforeAll(async () => {
  const created = await createPostgresDatabase(inject('databaseTemplate'));
  drop = created.drop;
  database = await openPostgres(created.url);
  const { db } = database;
  await db.execute(sql`
    insert into companies (id, name, kind) select ${COMPANY} + g, 'List Company ' || g, 'supplier' from generate_series(0, 20) g`);
  await db.execute(sql`
    insert into webhook_endpoints (company_id, url, events, secret)
    select ${COMPANY} + g, 'https://example.com/hook-' || g, '{webhook.ping}', 'whsec_x' from generate_series(0, 20) g`);
  const [first] = await db
    .execute(sql`select min(id) as id from webhook_endpoints`)
    .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  endpoint = first.id;
  // 60,000 deliveries to the first endpoint, 40,000 across 20 others; several share a creation time.
  await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, company_id, message_id, event_type, body, status, created_at)
    select e, ${COMPANY} + (e - ${endpoint}), 'msg_plan_' || g, 'webhook.ping', '{}', 'SUCCEEDED',
      now() - (g / 3) * interval '1 second'
    from generate_series(1, 100000) g,
      lateral (select case when g <= 60000 then ${endpoint}::int else ${endpoint}::int + 1 + g % 20 end as e) as owner`);
  await db.execute(sql`vacuum analyze webhook_deliveries`);
  explainer = new pg.Client({ connectionString: created.url });
  await explainer.connect();
}, 120_000);
afterAll(async () => {
  await explainer?.end();
  await database?.close();
  await drop?.();
});

describe('the webhook delivery log at 100,000 deliveries (postgres)', () => {
  it('the first page, a page 30,000 deep (older) and the page back (newer) read a page by index', async () => {
    const { rows } = await explainer.query<{ id: number }>(
      `select id from webhook_deliveries where endpoint_id = $1 order by created_at desc, id desc offset 30000 limit 1`,
      [endpoint],
    );
    const deep = rows[0].id;
    for (const [name, q] of [
      ['first page', { limit: 51 }],
      ['older than a delivery 30,000 deep', { limit: 51, after: deep }],
      ['newer than it', { limit: 51, before: deep }],
    ] as const) {
      const { sql: text, params } = deliveryPageStatement(database.db, endpoint, q).toSQL();
      const plan = await explainPlan(explainer, text, params);
      expect(plan.seqScans, name).toEqual([]);
      expect(
        plan.scans('webhook_deliveries').every((t) => t.startsWith('Index')),
        name,
      ).toBe(true);
      // The page (and the one more asked), the delivery it starts from (its time and id, looked up by id) and, when
      // the planner reads by time alone, the few deliveries of the same second it passes over.
      expect(plan.rowsRead('webhook_deliveries'), name).toBeLessThanOrEqual(51 + 2 + 3);
      expect(plan.rowsRead('webhook_deliveries'), name).toBeGreaterThanOrEqual(51);
    }
  });
});
