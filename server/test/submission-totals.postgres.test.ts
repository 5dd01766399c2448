import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, queryRows, type Database } from '../src/db/client.ts';
import {
  clearLockOrderViolations,
  LockOrderError,
  lockOrderViolations,
  setLockOrderStrict,
} from '../src/db/lock-order.ts';
import { isDeadlock } from '../src/lib/db-errors.ts';
import {
  countChangesTogether,
  countRead,
  countSubmissions,
  rebuildCounts,
  recountAll,
  recountTotals,
  TOTAL_STRIPES,
  type CountQuery,
} from '../src/modules/submissions/counts.ts';
import {
  changeStatus,
  createSubmissions,
  deleteSubmissionRecord,
  replaceFiles,
} from '../src/modules/submissions/lifecycle.ts';
import { createPostgresDatabase } from './harness.ts';
import { explainPlan } from './support/plans.ts';
import { subscribeListeners } from '../src/listeners.ts';

/**
 * The staff-wide totals under concurrent transactions on PostgreSQL (row locks and READ COMMITTED as in production),
 * and the plan of a staff total at 3,000 companies: it reads the totals' rows, never the counts of every company.
 */
let database: Database;
let drop: () => Promise<void>;
let url: string;
/** Eight companies in one stripe, and one in another. */
const BASE = 9700 - (9700 % TOTAL_STRIPES);
const SAME_STRIPE = Array.from({ length: 8 }, (_, k) => BASE + k * TOTAL_STRIPES);
const OTHER_STRIPE = BASE + 1;
const PARTNER = 9690;
let users: Map<number, number>;

const rowsOf = <T>(query: SQL) => queryRows<T>(database.db, query);

beforeAll(async () => {
  const created = await createPostgresDatabase(inject('databaseTemplate'));
  drop = created.drop;
  url = created.url;
  database = await openPostgres(created.url);
  // The lifecycle's listeners (readiness, catalogue...), as a server subscribes them at start.
  subscribeListeners();
  const { db } = database;
  const ids = [...SAME_STRIPE, OTHER_STRIPE];
  await db.execute(sql`insert into companies (id, name, kind) values (${PARTNER}, 'Totals Partner', 'partner')`);
  await db.execute(sql`insert into partner_configurations (company_id, field_rules) values (${PARTNER}, '{}'::jsonb)`);
  await db.execute(sql`insert into companies (id, name, kind)
    select id, 'Totals Company ' || id, 'supplier' from unnest(${sql.raw(`array[${ids.join(',')}]`)}) as id`);
  await db.execute(sql`insert into users (company_id, email, first_name, last_name, password_hash)
    select id, 'totals-' || id || '@example.com', 'Totals', 'User', 'x'
    from unnest(${sql.raw(`array[${ids.join(',')}]`)}) as id`);
  const rows = await rowsOf<{ id: number; company_id: number }>(
    sql`select id, company_id from users where email like 'totals-%@example.com'`,
  );
  users = new Map(rows.map((r) => [Number(r.company_id), Number(r.id)]));
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

/** Every total row, stored or counted from the submissions themselves. */
async function totalsBy(source: 'stored' | 'real') {
  const rows = await rowsOf<{ t: number; p: number; s: string; n: number }>(
    source === 'stored'
      ? sql`select stripe as t, partner_key as p, item_status as s, n from submission_status_totals where n <> 0`
      : sql`select company_id % ${TOTAL_STRIPES} as t, coalesce(partner_company_id, 0) as p, item_status as s,
          count(*)::int as n from product_submissions group by 1, 2, 3`,
  );
  return rows.map((r) => `${r.t}/${r.p}/${r.s}=${Number(r.n)}`).sort();
}

const create = (companyId: number, name: string, partnerCompanyId: number | null = null) =>
  database.db.transaction(async (tx) => {
    const userId = users.get(companyId)!;
    const [s] = await createSubmissions(
      tx,
      [
        {
          companyId,
          userId,
          partnerCompanyId,
          upc: '036000291452',
          ean13Upc: '0036000291452',
          productName: name,
          files: [],
          from: null,
        },
      ],
      { actor: 'supplier', userId },
    );
    return s.id;
  });

describe('staff-wide totals under concurrent lifecycle changes (postgres)', () => {
  it('companies of one stripe changing at once, with the repair running, end exact: no deadlock, no drift', async () => {
    const { db } = database;
    const staff = { actor: 'staff' as const, userId: users.get(BASE)! };
    const recounted: unknown[] = [];
    let working = true;
    const worker = async (companyId: number) => {
      const supplier = { actor: 'supplier' as const, userId: users.get(companyId)! };
      for (let i = 0; i < 12; i++) {
        const id = await create(companyId, `Striped ${companyId} ${i}`, i % 2 ? PARTNER : null);
        if (i % 4 === 0) await db.transaction((tx) => changeStatus(tx, id, 'ACCEPTED', staff));
        if (i % 4 === 1)
          await db.transaction((tx) => changeStatus(tx, id, 'ADMIN_REJECTED', { ...staff, reason: 'Blurred' }));
        if (i % 4 === 1)
          await db.transaction((tx) =>
            replaceFiles(tx, id, { upc: '036000291452', ean13Upc: '0036000291452', files: [] }, supplier),
          );
        if (i % 4 === 2) await db.transaction((tx) => deleteSubmissionRecord(tx, id));
      }
    };
    /** The repair, over and over while the workers work (the schedule's job under load). */
    const repairer = async () => {
      let rounds = 0;
      while (working || rounds === 0) {
        recounted.push(...(await recountAll(db)), ...(await recountTotals(db)));
        rounds++;
      }
      return rounds;
    };
    const repairing = repairer();
    await Promise.all([...SAME_STRIPE, OTHER_STRIPE].map(worker));
    working = false;
    expect(await repairing).toBeGreaterThan(0);
    expect(recounted).toEqual([]);
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    const [{ n }] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from product_submissions where item_status = 'ACCEPTED' and company_id >= ${BASE}`,
    );
    expect(n).toBe(SAME_STRIPE.length * 3 + 3);
    expect(await recountTotals(db)).toEqual([]);
  });

  it('transactions that change submissions of two companies in opposite orders: crosswise they deadlock, collected they both commit', async () => {
    const { db } = database;
    const staff = { actor: 'staff' as const, userId: users.get(BASE)! };
    const [a, b] = [BASE, OTHER_STRIPE];
    /** Two transactions: the first accepts a1 then b1, the second b2 then a2, each waiting for the other's first. */
    const crosswise = async (collect: boolean) => {
      const [a1, b1, a2, b2] = await Promise.all([a, b, a, b].map((c, i) => create(c, `Cross ${collect} ${i}`)));
      let firstDone!: () => void;
      let secondDone!: () => void;
      const first = new Promise<void>((resolve) => (firstDone = resolve));
      const second = new Promise<void>((resolve) => (secondDone = resolve));
      const run = (mine: string, theirs: string, done: () => void, other: Promise<void>) =>
        db.transaction(async (tx) => {
          const both = async () => {
            await changeStatus(tx, mine, 'ACCEPTED', staff);
            done();
            await other;
            await changeStatus(tx, theirs, 'ACCEPTED', staff);
          };
          await (collect ? countChangesTogether(tx, both) : both());
        });
      return Promise.allSettled([run(a1, b1, firstDone, second), run(b2, a2, secondDone, first)]);
    };
    // The lock order (db/lock-order.ts) refuses the second submission after the first one's count rows, in both,
    // before either waits.
    const checked = await crosswise(false);
    expect(checked.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of checked) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LockOrderError);
    expect(lockOrderViolations().map((v) => v.taken)).toEqual(['submission', 'submission']);
    clearLockOrderViolations();
    // Without the check: each holds its first company's count rows and waits for the other's, and PostgreSQL fails
    // one of them.
    setLockOrderStrict(false);
    const plain = await crosswise(false).finally(() => setLockOrderStrict(null));
    clearLockOrderViolations();
    expect(plain.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(isDeadlock((plain.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toBe(true);
    const collected = await crosswise(true);
    expect(collected.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await totalsBy('stored')).toEqual(await totalsBy('real'));
    expect(await recountAll(db)).toEqual([]);
    expect(await recountTotals(db)).toEqual([]);
  });
});

describe('the staff total at 3,000 companies (postgres)', () => {
  it('reads the totals rows of its statuses (and partner), not the counts of every company', async () => {
    const { db } = database;
    await db.execute(sql`insert into companies (id, name, kind)
      select 20000 + g, 'Plan Totals ' || g, 'supplier' from generate_series(1, 3000) g`);
    // 30,000 submissions, ten a company.
    await db.execute(sql`insert into product_submissions (company_id, user_id, partner_company_id, upc, ean13_upc, item_status)
      select 20000 + g % 3000 + 1, ${users.get(BASE)!}, case when g / 3000 % 2 = 0 then ${PARTNER}::int end,
        '036000291452', '0036000291452', (array['SUBMITTED', 'ACCEPTED', 'ADMIN_REJECTED'])[g / 3000 % 3 + 1]
      from generate_series(1, 30000) g`);
    await rebuildCounts(db);
    for (const table of ['submission_counts', 'submission_status_totals'])
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    const [{ counted }] = await rowsOf<{ counted: number }>(
      sql`select count(*)::int as counted from submission_counts`,
    );
    // Six counts rows a company (three statuses, with the partner and without).
    expect(counted).toBeGreaterThan(18_000);
    const explainer = new pg.Client({ connectionString: url });
    await explainer.connect();
    try {
      const shapes: [string, CountQuery, number][] = [
        ['one status', { companyId: null, partnerCompanyId: null, statuses: ['SUBMITTED'] }, 3],
        ['two statuses', { companyId: null, partnerCompanyId: null, statuses: ['ADMIN_REJECTED', 'AUTO_REJECTED'] }, 3],
        ['a partner', { companyId: null, partnerCompanyId: PARTNER, statuses: ['SUBMITTED'] }, 1],
      ];
      for (const [name, q, partnerKeys] of shapes) {
        const { statement, values } = countRead(q);
        const plan = await explainPlan(
          explainer,
          statement.compiled.sql,
          fillPlaceholders(statement.compiled.params, values),
        );
        expect(plan.scans('submission_counts'), name).toEqual([]);
        expect(plan.scans('submission_status_totals').length, name).toBeGreaterThan(0);
        // At most a row per stripe for each status and partner (none, the demo's partner, this one's).
        expect(plan.rowsRead('submission_status_totals'), name).toBeLessThanOrEqual(
          q.statuses.length * partnerKeys * TOTAL_STRIPES,
        );
        const [{ n }] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from product_submissions
          where item_status in (${sql.join(
            q.statuses.map((s) => sql`${s}`),
            sql`, `,
          )}) and (${q.partnerCompanyId}::int is null or partner_company_id = ${q.partnerCompanyId})`);
        expect(await countSubmissions(db, q), name).toBe(Number(n));
      }
    } finally {
      await explainer.end();
    }
  });
});
