import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../src/db/client.ts';
import { catalogueSubmission, importCertifiedValues } from '../src/modules/catalogue/service.ts';
import { changeStatus, createSubmissions } from '../src/modules/submissions/lifecycle.ts';
import { findUserByEmail, type UserRow } from '../src/modules/users/repository.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { certifiedValues } from './support/certified-values.ts';

/**
 * A product catalogued while a company's first submission of it is being written: neither transaction sees the
 * other's row, and the per-EAN-13 lock of the refresh (catalogue/queries/membership.ts) makes the later one see it anyway.
 */
let server: TestServer;
let supplier: UserRow;
let staff: UserRow;
beforeAll(async () => {
  server = await startTestServer();
  supplier = (await findUserByEmail(server.database.db, 'supplier@example.com'))!;
  staff = (await findUserByEmail(server.database.db, 'admin@example.com'))!;
});
afterAll(() => server?.close());

/** The supplier's submission of this EAN-13, written in the transaction given. */
const submitOne = (tx: Tx, ean: string, productName: string) =>
  createSubmissions(
    tx,
    [
      {
        companyId: supplier.companyId,
        userId: supplier.id,
        partnerCompanyId: null,
        upc: ean.slice(1),
        ean13Upc: ean,
        productName,
        files: [],
        from: null,
      },
    ],
    { actor: 'supplier', userId: supplier.id },
  );

/** Until another session waits for an advisory lock (polled: the wait is the condition). */
async function someoneWaitsForAnAdvisoryLock() {
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
    );
    if (Number(row.n) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the company catalogue under concurrent writers (postgres)', () => {
  it("a product catalogued while the company's first submission of it commits still gets the company's row", async () => {
    const ean = '2600000000017';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let created!: () => void;
    const written = new Promise<void>((resolve) => (created = resolve));
    // The submission is written (and its EAN-13 locked by its refresh), but not committed until released.
    const submitting = server.database.db.transaction(async (tx) => {
      await submitOne(tx, ean, 'Raced product');
      created();
      await held;
    });
    await written;
    const importing = importCertifiedValues(server.ctx, staff, [
      {
        ean13Upc: ean,
        values: certifiedValues({ description: 'Raced', brand: 'Race' }),
      },
    ]);
    // The import's refresh waits for the submission's transaction, then reads its submission.
    await someoneWaitsForAnAdvisoryLock();
    release();
    await Promise.all([submitting, importing]);
    const rows = await queryRows<{ company_id: number; n: number; listed: boolean }>(
      server.database.db,
      sql`select company_id, n, listed from company_catalogue where ean13_upc = ${ean}`,
    );
    expect(rows.map((r) => ({ ...r, company_id: Number(r.company_id) }))).toEqual([
      { company_id: supplier.companyId, n: 1, listed: true },
    ]);
  });

  it('cataloguing a submission while an import catalogues its product: both finish, neither waits on the other crosswise', async () => {
    const ean = '2600000000024';
    const db = server.database.db;
    const [{ id }] = await db.transaction((tx) => submitOne(tx, ean, 'Catalogued twice at once'));
    await db.transaction((tx) => changeStatus(tx, id, 'ACCEPTED', { actor: 'staff', userId: staff.id }));
    // Another transaction holds the company's count rows, so the cataloguing waits there with what it took before.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const countsHeld = new Promise<void>((resolve) => (locked = resolve));
    const holding = db.transaction(async (tx) => {
      await tx.execute(sql`select * from submission_counts where company_id = ${supplier.companyId} for update`);
      locked();
      await released;
    });
    await countsHeld;
    const outcome = (work: Promise<unknown>) =>
      work.then(
        () => 'done',
        (err: Error) => String(err.cause ?? err),
      );
    const cataloguing = outcome(catalogueSubmission(server.ctx, staff, id, certifiedValues({ brand: 'One' })));
    await sessionsWaitingOnLocks(1);
    const importing = outcome(
      importCertifiedValues(server.ctx, staff, [{ ean13Upc: ean, values: certifiedValues({ brand: 'Import' }) }]),
    );
    await sessionsWaitingOnLocks(2);
    release();
    await holding;
    expect([await cataloguing, await importing]).toEqual(['done', 'done']);
    const history = await queryRows<{ to_status: string }>(
      db,
      sql`select to_status from submission_history where submission_id = ${id} and to_status = 'CATALOGUED'`,
    );
    expect(history).toHaveLength(1);
  });
});

/** Until this many sessions wait for a lock of any kind (polled: the wait is the condition). */
async function sessionsWaitingOnLocks(n: number) {
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row.n) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
