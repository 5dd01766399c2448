/**
 * A worker's claim at 100,000 due jobs reads what a handful would need: it skips through the companies with queued
 * work by index and reads each one's oldest jobs, never the queue. Held by the plan PostgreSQL runs (EXPLAIN ANALYZE,
 * in a transaction rolled back): no sequential scan, and the rows its scans return bounded by the companies and slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { inject } from 'vitest';
import { claimStatement, dueStatement } from '../src/jobs/queue.ts';
import { createPostgresDatabase } from './harness.ts';
import { explainPlan } from './support/plans.ts';

const NAME = 'plan.claim';
const COMPANIES = 20;
const SLOTS = 4;
let client: pg.Client;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createPostgresDatabase(inject('databaseTemplate'));
  drop = created.drop;
  client = new pg.Client({ connectionString: created.url });
  await client.connect();
  // 100,000 due jobs: half one company's flood, the rest over 19 others; 50 of nobody's; 3 running; 1,000 of another
  // type of the same companies, and 1,000 of this type not yet due (retries in their backoff).
  await client.query(
    `insert into jobs (name, payload, run_at, company_id)
     select $1, '{}', now() - interval '1 hour' + g * interval '1 millisecond',
       case when g % 2 = 0 then 1 else 2 + g % ($2 - 1) end
     from generate_series(1, 100000) g`,
    [NAME, COMPANIES],
  );
  await client.query(
    `insert into jobs (name, payload, run_at) select $1, '{}', now() - g * interval '1 second' from generate_series(1, 50) g`,
    [NAME],
  );
  await client.query(
    `insert into jobs (name, payload, status, company_id, locked_until, lock_token, attempts)
     select $1, '{}', 'running', g, now() + interval '1 hour', gen_random_uuid(), 1 from generate_series(1, 3) g`,
    [NAME],
  );
  await client.query(
    `insert into jobs (name, payload, company_id) select 'plan.other', '{}', 1 + g % $1 from generate_series(1, 1000) g`,
    [COMPANIES],
  );
  await client.query(
    `insert into jobs (name, payload, run_at, company_id)
     select $1, '{}', now() + interval '1 hour', 1 + g % $2 from generate_series(1, 1000) g`,
    [NAME, COMPANIES],
  );
  // 1,000 of a type none of which is due yet: what an idle worker's poll meets.
  await client.query(
    `insert into jobs (name, payload, run_at, company_id)
     select 'plan.later', '{}', now() + interval '1 hour', 1 + g % $1 from generate_series(1, 1000) g`,
    [COMPANIES],
  );
  await client.query(`vacuum analyze jobs`);
});
afterAll(async () => {
  await client?.end();
  await drop?.();
});

describe('a job claim at 100,000 due jobs (postgres)', () => {
  it('reads by index the companies with queued work and a few jobs of each, not the due jobs', async () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(claimStatement([NAME], SLOTS, 300_000, [1]));
    await client.query('begin');
    try {
      const plan = await explainPlan(client, text, params);
      expect(plan.seqScans).toEqual([]);
      // A probe per company and one more (21), up to the slots' jobs of each company and of nobody's (84), the
      // running jobs (twice: expired ones and busy ones) and the claimed rows read again to lock them: about 120.
      expect(plan.rowsRead('jobs')).toBeLessThanOrEqual(COMPANIES * (SLOTS + 2) + 100);
      expect(plan.sortedRows.every((n) => n <= COMPANIES * SLOTS + 100)).toBe(true);
    } finally {
      await client.query('rollback');
    }
    // And the claim itself takes the slots' jobs, one from each of four companies, the one served last not first.
    const claimed = await client.query<{ company_id: number | null }>(text, params);
    expect(claimed.rows).toHaveLength(SLOTS);
    expect(new Set(claimed.rows.map((r) => r.company_id)).size).toBe(SLOTS);
    expect(claimed.rows.map((r) => r.company_id)).not.toContain(1);
  });

  it("the poll's question before it claims reads a few rows by index, whether jobs are due or only waiting", async () => {
    for (const [names, due] of [
      [[NAME], true],
      [['plan.later'], false],
      [['plan.later', 'plan.none'], false],
    ] as const) {
      const { sql: text, params } = new PgDialect().sqlToQuery(dueStatement(names));
      await client.query('begin');
      try {
        const plan = await explainPlan(client, text, params);
        // With due jobs plenty, the planner may read the table from its start: it stops at the first due row.
        if (!due) expect(plan.seqScans).toEqual([]);
        expect(plan.rowsRead('jobs')).toBeLessThanOrEqual(10);
      } finally {
        await client.query('rollback');
      }
      expect((await client.query<{ due: boolean }>(text, params)).rows[0]!.due).toBe(due);
    }
  });
});
