/**
 * Exactly once where two things happen at once or a failure lands between two statements, on PostgreSQL with real
 * faults: the connection cut through a TCP proxy the moment the server answers a COMMIT (the change committed, the
 * client never heard), and requests held by locks the test takes on the database, so that two of them interleave the
 * same way every run. An `Idempotency-Key` makes one change however its retries fail; a change validates what it read
 * under its lock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILES_PER_DRAFT, v1Draft, v1Submission, v1SubmitResult } from '@portal/domain';
import { queryRows, type Tx } from '../src/db/client.ts';
import { storedBytesOf } from '../src/modules/uploads/repository.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, demoClients, startTestServer, type TestServer } from './harness.ts';
import { startFaultProxy, type FaultProxy } from './support/fault-proxy.ts';
import { until } from './support/wait.ts';

let proxy: FaultProxy;
let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let token: Client;
let supplierCompanyId: number;

beforeAll(async () => {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  server = await startTestServer({}, { databaseVia: (url) => proxy.via(url) });
  c = await demoClients(server);
  token = (await c.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
  const [row] = await queryRows<{ company_id: number }>(
    server.ctx.db,
    sql`select company_id from users where email = 'supplier@example.com'`,
  );
  supplierCompanyId = row.company_id;
});
afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

const png = async (name: string, code = '036000291452') => ({
  name,
  data: await barcodeImage(code),
  type: 'image/png',
});

const draftCount = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        server.ctx.db,
        sql`select count(*)::int as n from draft_submissions where company_id = ${supplierCompanyId}`,
      )
    )[0].n,
  );

/** Whether a protocol message carries exactly this SQL text (null-terminated, after a control byte). */
const isStatement = (message: string, text: string) => {
  const at = message.toLowerCase().indexOf(`${text}\0`);
  return at > 0 && message.charCodeAt(at - 1) < 0x20;
};

/** Backends of this database waiting for a lock (a row, a table, an advisory lock, another transaction). */
const lockWaiters = async () =>
  Number(
    (
      await queryRows<{ n: number }>(
        server.ctx.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )
    )[0].n,
  );

/**
 * Holds `lock` in a transaction of its own until the returned release() is called: the requests that need it wait on
 * the database, not on a sleep.
 */
async function hold(lock: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const isHeld = new Promise<void>((resolve) => (held = resolve));
  const done = server.ctx.db.transaction(async (tx) => {
    await lock(tx);
    held();
    await released;
  });
  await isHeld;
  return async () => {
    release();
    await done;
  };
}

/** The company's storage quota lock (modules/uploads/quota.ts): every upload of the company records under it. */
const quotaLock = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(727301::int4, ${supplierCompanyId}::int4)`);

describe('exactly once on PostgreSQL', () => {
  it('a create whose COMMIT committed but whose answer was lost: the retry with the key answers the same draft, and there is one', async () => {
    const before = await draftCount();
    const files = [await png('lost-answer.png')];
    const cut = proxy.cutOnAnswer(
      // The COMMIT statement itself: its text follows a length byte or an empty statement name, and ends the string.
      (sent, message) => sent.includes('insert into "draft_submissions"') && isStatement(message, 'commit'),
    );
    const first = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'lost-answer' });
    await cut;
    expect(first.status).toBe(503);
    expect(await draftCount()).toBe(before + 1); // it did commit

    const retry = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'lost-answer' });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(v1Draft.parse(retry.json).files.map((f) => f.file_name)).toEqual(['lost-answer.png']);
    expect(await draftCount()).toBe(before + 1);
  });

  it('storing the answer fails: the retry runs once (no 409 for minutes), and there is one draft', async () => {
    const before = await draftCount();
    const files = [await png('answer-lost.png')];
    // The statement that stores the answer never reaches the server.
    const cut = proxy.cutOnSend((_sent, message) => message.includes('update "idempotency_keys"'));
    const first = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'answer-lost' });
    await cut;
    expect(first.status).toBe(503);

    const retry = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'answer-lost' });
    expect(retry.status).toBe(201);
    const again = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'answer-lost' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json.id).toBe(retry.json.id);
    expect(await draftCount()).toBe(before + 1);
  });

  it('near the storage quota, the replay of an upload that succeeded answers its answer, not 413', async () => {
    const files = [await png('near-quota.png')];
    const config = server.ctx.config;
    const quotaGb = config.companyStorageQuotaGb;
    try {
      // Room for this upload once, not twice.
      const stored = await storedBytesOf(server.ctx.db, supplierCompanyId);
      config.companyStorageQuotaGb = (stored + files[0].data.length * 1.5) / 1024 ** 3;
      const first = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'near-quota' });
      expect(first.status).toBe(201);
      const replay = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'near-quota' });
      expect(replay.status).toBe(201);
      expect(replay.json.id).toBe(first.json.id);
      // A new request past the quota is still refused.
      const more = await token.upload('/api/v1/drafts', files, 'files', {}, { 'idempotency-key': 'past-quota' });
      expect(more.status).toBe(413);
    } finally {
      config.companyStorageQuotaGb = quotaGb;
    }
  });

  it('a file added while Submit runs is in the submission or the add answers 409: never acknowledged and dropped', async () => {
    const created = await token.upload('/api/v1/drafts', [await png('front.png')], 'files');
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    await server.ctx.jobs!.drain();
    const named = await token.request('PATCH', `/api/v1/drafts/${id}/files/front.png`, {
      upc: '036000291452',
      product_name: 'Sparkling water',
    });
    expect(named.status).toBe(200);
    // A partner without a configuration: Submit reads the partner's (absent) intake rules, which the test holds.
    await queryRows(server.ctx.db, sql`update draft_submissions set partner_company_id = 30500 where id = ${id}`);

    const release = await hold((tx) => tx.execute(sql`lock table partner_configurations in access exclusive mode`));
    const submitting = token.request('POST', `/api/v1/drafts/${id}/submit`);
    await until(async () => (await lockWaiters()) >= 1);
    let addAnswered = false;
    const adding = token.upload(`/api/v1/drafts/${id}/files`, [await png('back.png')], 'files').finally(() => {
      addAnswered = true;
    });
    // The add waits on a lock too, or has been answered while Submit still waits.
    await until(async () => addAnswered || (await lockWaiters()) >= 2);
    await release();
    const [submit, add] = await Promise.all([submitting, adding]);

    expect(submit.status).toBe(201);
    const [submission] = v1SubmitResult.parse(submit.json).submissions;
    const detail = v1Submission.parse((await token.get(`/api/v1/submissions/${submission.id}`)).json);
    const names = detail.files.map((f) => f.file_name);
    if (add.status === 200) expect(names).toContain('back.png');
    else {
      expect(add.status).toBe(409);
      expect(add.json.code).toBe('DRAFT_SUBMITTED');
      expect(names).toEqual(['front.png']);
    }
    // Nothing of the add is left behind: no file row of a draft that is gone.
    const [orphans] = await queryRows<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from draft_files where draft_id = ${id}`,
    );
    expect(orphans.n).toBe(0);
  });

  it('two adds at once cannot pass the cap of files a draft holds together, nor add one name twice', async () => {
    const created = await token.upload(
      '/api/v1/drafts',
      await Promise.all(Array.from({ length: MAX_FILES_PER_DRAFT - 2 }, (_, i) => png(`f${i}.png`))),
      'files',
    );
    expect(created.status).toBe(201);
    const id = created.json.id as string;

    // Both adds have looked at the draft (two places left) before either records: they wait on the company's quota lock.
    let release = await hold(quotaLock);
    const adds = [
      token.upload(`/api/v1/drafts/${id}/files`, [await png('a1.png'), await png('a2.png')], 'files'),
      token.upload(`/api/v1/drafts/${id}/files`, [await png('b1.png'), await png('b2.png')], 'files'),
    ];
    await until(async () => (await lockWaiters()) >= 2);
    await release();
    const capped = await Promise.all(adds);
    expect(capped.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(capped.find((r) => r.status === 400)!.json.code).toBe('TOO_MANY_FILES');
    const draft = v1Draft.parse((await token.get(`/api/v1/drafts/${id}`)).json);
    expect(draft.files).toHaveLength(MAX_FILES_PER_DRAFT);

    // The same name twice, at once, in a draft with room.
    const small = await token.upload('/api/v1/drafts', [await png('one.png')], 'files');
    const smallId = small.json.id as string;
    release = await hold(quotaLock);
    const twins = [
      token.upload(`/api/v1/drafts/${smallId}/files`, [await png('twin.png')], 'files'),
      token.upload(`/api/v1/drafts/${smallId}/files`, [await png('TWIN.png')], 'files'),
    ];
    await until(async () => (await lockWaiters()) >= 2);
    await release();
    const named = await Promise.all(twins);
    expect(named.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(named.find((r) => r.status === 400)!.json.code).toBe('BAD_REQUEST');
  });

  it('two staff adding the same stock reason at once: one is added, the other is told it is there', async () => {
    const text = `Label unreadable ${Date.now()}`;
    // Both have read the partner's reasons before either inserts: inserts wait on the table, reads do not.
    const release = await hold((tx) => tx.execute(sql`lock table review_stock_reasons in exclusive mode`));
    const adding = [1, 2].map(() => c.admin.post('/api/review/stock-reasons', { partnerCompanyId: 30443, text }));
    await until(async () => (await lockWaiters()) >= 2);
    await release();
    const answers = await Promise.all(adding);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const [{ n }] = await queryRows<{ n: number }>(
      server.ctx.db,
      sql`select count(*)::int as n from review_stock_reasons where text = ${text}`,
    );
    expect(n).toBe(1);
  });
});
