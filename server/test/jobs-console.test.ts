import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { eq, sql } from 'drizzle-orm';
import { JOBS_MSG } from '@portal/domain';
import { jobs } from '../src/db/schema.ts';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { ingestionAccess } from './support/factories.ts';
import { apiRoutes } from './support/routes.ts';
import { failedDraftJob, runUntilSettled } from './support/failing-job.ts';

type LogLine = { msg?: string; reqId?: string; job?: string; jobId?: number };

describe(`jobs console API (${databaseKind})`, () => {
  let server: TestServer;
  let cast: Awaited<ReturnType<typeof demoClients>>;
  const lines: LogLine[] = [];
  const row = async (id: number) => (await server.database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  beforeAll(async () => {
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    server = await startTestServer({}, { log });
    cast = await demoClients(server);
  });
  afterAll(() => server?.close());

  it('lists a job that failed for real with its last error, attempts and a payload summary; counts per type and state', async () => {
    const failed = await failedDraftJob(server, cast.supplier, '4006381333931');
    const res = await cast.admin.get('/api/admin/jobs?state=failed');
    expect(res.status).toBe(200);
    expect(res.json.can).toEqual({ act: true });
    const listed = res.json.jobs.find((j: { id: number }) => j.id === failed.jobId);
    const fileId = ((await row(failed.jobId)).payload as { fileId: string }).fileId;
    expect(listed).toMatchObject({
      type: 'drafts.processFile',
      state: 'failed',
      attempts: 3,
      maxAttempts: 3,
      payloadSummary: `fileId: ${fileId}`,
    });
    expect(listed.lastError).toMatch(/The stored file .* is missing/);
    expect(res.json.counts).toContainEqual({
      type: 'drafts.processFile',
      state: 'failed',
      count: 1,
      oldestDueSeconds: null,
    });
    expect(res.json.types).toEqual(
      expect.arrayContaining(['drafts.processFile', 'submissions.automatedChecks', 'auth.passwordResetMail']),
    );
  });

  it('filters by type and state and pages on the server; a payload shows ids, never addresses', async () => {
    for (const email of ['a@nowhere.example', 'b@nowhere.example', 'c@nowhere.example']) {
      expect((await new Client(server.url).post('/api/user/password/forgot', { email })).status).toBe(202);
    }
    const queued = await cast.admin.get('/api/admin/jobs?type=auth.passwordResetMail&state=queued&pageSize=2&page=1');
    expect(queued.json.total).toBe(3);
    expect(queued.json.jobs).toHaveLength(2);
    expect(
      queued.json.jobs.every(
        (j: { type: string; state: string }) => j.type === 'auth.passwordResetMail' && j.state === 'queued',
      ),
    ).toBe(true);
    expect(queued.json.jobs[0].payloadSummary).toBe('email: (hidden)');
    expect(queued.text).not.toContain('nowhere.example');
    const second = await cast.admin.get('/api/admin/jobs?type=auth.passwordResetMail&state=queued&pageSize=2&page=2');
    expect(second.json.jobs).toHaveLength(1);
    expect(new Set([...queued.json.jobs, ...second.json.jobs].map((j: { id: number }) => j.id)).size).toBe(3);
    expect((await cast.admin.get('/api/admin/jobs?type=auth.passwordResetMail&state=failed')).json.jobs).toEqual([]);
    expect((await cast.admin.get('/api/admin/jobs?state=exploded')).status).toBe(400);
    expect((await cast.admin.get('/api/admin/jobs?pageSize=1000')).status).toBe(400);
    // Listed 10,000 deep at most (an index range each), with a message that says what to do instead.
    const deep = await cast.admin.get('/api/admin/jobs?pageSize=100&page=101');
    expect(deep.status).toBe(400);
    expect(deep.json.fields.page).toBe('Only the first 10,000 jobs are listed; filter by type to see others.');
    expect((await cast.admin.get('/api/admin/jobs?pageSize=100&page=100')).status).toBe(200);
    await server.ctx.jobs!.drain();
    const done = await cast.admin.get('/api/admin/jobs?type=auth.passwordResetMail&state=done');
    expect(done.json.total).toBe(3);
  });

  it('a read-only administrator sees the console but cannot retry or discard; a supplier and a visitor reach none of it', async () => {
    const failed = await failedDraftJob(server, cast.supplier, '036000291452');
    const before = await row(failed.jobId);
    const viewerList = await cast.viewer.get('/api/admin/jobs');
    expect(viewerList.status).toBe(200);
    expect(viewerList.json.can).toEqual({ act: false });
    for (const route of apiRoutes(server.app).filter((r) => r.url.startsWith('/api/admin/jobs'))) {
      const url = route.url.replace(':id', String(failed.jobId));
      if (route.method !== 'GET')
        expect((await cast.viewer.request(route.method, url, {})).status, `viewer ${route.method} ${url}`).toBe(403);
      for (const supplier of [cast.supplier, cast.other])
        expect((await supplier.request(route.method, url, route.method === 'GET' ? undefined : {})).status).toBe(403);
      expect((await cast.anonymous.request(route.method, url, route.method === 'GET' ? undefined : {})).status).toBe(
        401,
      );
    }
    expect(await row(failed.jobId)).toEqual(before);
  });

  /** The audit trail's rows about one job, as an administrator reads them. */
  const auditRowsFor = async (jobId: number) => {
    const res = await cast.admin.get(`/api/audit?targetId=${jobId}`);
    expect(res.status).toBe(200);
    return (res.json.items as { action: string; target: { type: string }; before: unknown; after: unknown }[])
      .filter((r) => r.target.type === 'job')
      .map(({ action, before, after }) => ({ action, before, after }));
  };

  it('Retry queues the failed job again with fresh attempts, and it then runs; a second Retry is refused', async () => {
    const failed = await failedDraftJob(server, cast.supplier, '012345678905');
    await failed.restore();
    const res = await cast.admin.post(`/api/admin/jobs/${failed.jobId}/retry`, {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: failed.jobId, state: 'queued', attempts: 0 });
    expect(await row(failed.jobId)).toMatchObject({ status: 'queued', attempts: 0, finishedAt: null });
    expect(await auditRowsFor(failed.jobId)).toEqual([
      {
        action: 'job.retried',
        before: expect.objectContaining({ state: 'failed' }),
        after: { state: 'queued', attempts: 0 },
      },
    ]);
    const again = await cast.admin.post(`/api/admin/jobs/${failed.jobId}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(JOBS_MSG.notFailed);
    expect(await runUntilSettled(server, failed.jobId)).toBe('done');
    const draft = await cast.supplier.graphql(
      `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectionStatus } } }`,
      { id: failed.draftId },
    );
    expect(draft.json.data.getDraftSubmission.files).toEqual([
      { detectedUpc: '0012345678905', detectionStatus: 'done' },
    ]);
  });

  it('Retry of a job whose same work is already queued again is refused, not run twice', async () => {
    const [a] = await server.database.db
      .insert(jobs)
      .values({
        name: 'submissions.recomputeReadiness',
        payload: { partnerCompanyId: 30443 },
        status: 'failed',
        attempts: 5,
        dedupeKey: 'same-work',
        lastError: 'Error: earlier',
      })
      .returning();
    await server.database.db.insert(jobs).values({
      name: 'submissions.recomputeReadiness',
      payload: { partnerCompanyId: 30443 },
      dedupeKey: 'same-work',
      runAt: sql`now() + interval '1 hour'`,
    });
    const res = await cast.admin.post(`/api/admin/jobs/${a.id}/retry`, {});
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(JOBS_MSG.duplicateQueued);
    expect((await row(a.id)).status).toBe('failed');
  });

  it('Discard deletes the failed job; a second Discard is a 404', async () => {
    const failed = await failedDraftJob(server, cast.supplier, '5012345678900');
    const res = await cast.admin.post(`/api/admin/jobs/${failed.jobId}/discard`, {});
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: failed.jobId, state: 'failed' });
    expect(await row(failed.jobId)).toBeUndefined();
    expect(await auditRowsFor(failed.jobId)).toEqual([
      { action: 'job.discarded', before: expect.objectContaining({ state: 'failed' }), after: null },
    ]);
    expect((await cast.admin.post(`/api/admin/jobs/${failed.jobId}/discard`, {})).status).toBe(404);
    expect((await cast.admin.post('/api/admin/jobs/999999999/retry', {})).status).toBe(404);
  });

  it('a queued job can be neither retried nor discarded', async () => {
    await new Client(server.url).post('/api/user/password/forgot', { email: 'd@nowhere.example' });
    const [queued] = await server.database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect((await cast.admin.post(`/api/admin/jobs/${queued.id}/discard`, {})).status).toBe(409);
    expect((await cast.admin.post(`/api/admin/jobs/${queued.id}/retry`, {})).status).toBe(409);
    await server.ctx.jobs!.drain();
  });

  describe('request tracing', () => {
    it('the x-request-id of an upload is stored on its barcode job and on every line the worker logs for it', async () => {
      const requestId = 'trace-draft-upload-1';
      const upload = await cast.supplier2.upload(
        '/api/draftSubmissions',
        [{ name: 'front.png', data: await barcodeImage('4006381333931'), type: 'image/png' }],
        'files',
        {},
        { 'x-request-id': requestId },
      );
      expect(upload.status).toBe(201);
      const enqueued = await server.database.db.select().from(jobs).where(eq(jobs.requestId, requestId));
      expect(enqueued.map((j) => j.name)).toEqual(['drafts.processFile']);
      await server.ctx.jobs!.drain();
      const ofRequest = lines.filter((l) => l.reqId === requestId);
      expect(ofRequest.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['request', 'job done']), // one line per request, then the job's
      );
      expect(ofRequest.find((l) => l.msg === 'job done')).toMatchObject({
        job: 'drafts.processFile',
        jobId: enqueued[0].id,
      });
    });

    it('one id follows a bulk upload through its file job and the automated checks that job queues', async () => {
      await ingestionAccess(server, { companyId: 1002, folderName: 'trace_folder', imageSource: 'UPLOADS_ONLY' });
      const requestId = 'trace-bulk-upload-1';
      const res = await cast.other.upload(
        '/api/bulkIngestion/jobs',
        [{ name: 'front.png', data: await barcodeImage('9780201379624'), type: 'image/png' }],
        'files',
        {},
        { 'x-request-id': requestId },
      );
      expect(res.status).toBe(201);
      await server.ctx.jobs!.drain();
      const traced = await server.database.db.select().from(jobs).where(eq(jobs.requestId, requestId));
      expect(traced.map((j) => [j.name, j.status]).sort()).toEqual([
        ['bulkIngestion.processFile', 'done'],
        ['submissions.automatedChecks', 'done'],
      ]);
      const logged = lines
        .filter((l) => l.reqId === requestId && l.msg === 'job done')
        .map((l) => l.job)
        .sort();
      expect(logged).toEqual(['bulkIngestion.processFile', 'submissions.automatedChecks']);
      // A request without the header gets an id of its own, carried the same way.
      const plain = await cast.supplier2.upload('/api/draftSubmissions', [
        { name: 'back.png', data: await barcodeImage('036000291452'), type: 'image/png' },
      ]);
      const generated = plain.headers.get('x-request-id')!;
      expect(generated).toBeTruthy();
      expect(
        (await server.database.db.select().from(jobs).where(eq(jobs.requestId, generated))).map((j) => j.name),
      ).toEqual(['drafts.processFile']);
      await server.ctx.jobs!.drain();
    });
  });

  it('after an outage, every failed job matching a type, an error text and a time goes back in one audited action; the rest can be discarded together', async () => {
    const db = server.database.db;
    const type = 'auth.passwordResetMail';
    const failedAt = new Date(Date.now() - 60_000);
    await db.delete(jobs).where(eq(jobs.name, type));
    await db.insert(jobs).values([
      ...['a', 'b', 'c'].map((k) => ({
        name: type,
        payload: { email: `${k}@nowhere.example` },
        status: 'failed' as const,
        attempts: 3,
        lastError: 'Error: connect ECONNREFUSED 127.0.0.1:25',
        finishedAt: failedAt,
      })),
      {
        name: type,
        payload: { email: 'd@nowhere.example' },
        status: 'failed' as const,
        lastError: 'Error: 550 no such mailbox',
        finishedAt: failedAt,
      },
      // Failed before the outage began: left alone by a filter from its start.
      {
        name: type,
        payload: { email: 'e@nowhere.example' },
        status: 'failed' as const,
        lastError: 'Error: connect ECONNREFUSED',
        finishedAt: new Date(Date.now() - 86_400_000),
      },
    ]);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    expect((await cast.viewer.post('/api/admin/jobs/retry-failed', { type })).status).toBe(403);
    expect((await cast.admin.post('/api/admin/jobs/retry-failed', { since: 'yesterday' })).status).toBe(400);

    const retried = await cast.admin.post('/api/admin/jobs/retry-failed', { type, error: 'econnrefused', since });
    expect(retried.status).toBe(200);
    expect(retried.json).toEqual({ count: 3, left: 0, message: JOBS_MSG.bulkRetried(3, 0) });
    const rows = await db.select().from(jobs).where(eq(jobs.name, type));
    expect(rows.filter((r) => r.status === 'queued').map((r) => r.attempts)).toEqual([0, 0, 0]);
    expect(rows.filter((r) => r.status === 'failed')).toHaveLength(2);

    const discarded = await cast.admin.post('/api/admin/jobs/discard-failed', { type });
    expect(discarded.json).toEqual({ count: 2, left: 0, message: JOBS_MSG.bulkDiscarded(2) });
    expect((await db.select().from(jobs).where(eq(jobs.name, type))).map((r) => r.status)).toEqual([
      'queued',
      'queued',
      'queued',
    ]);
    const audit = await cast.admin.get('/api/audit');
    const actions = (audit.json.items as { action: string; after: unknown }[]).filter((i) =>
      i.action.startsWith('jobs.bulk'),
    );
    expect(actions.map((a) => [a.action, a.after])).toEqual(
      expect.arrayContaining([
        ['jobs.bulk_retried', { state: 'queued', count: 3 }],
        ['jobs.bulk_discarded', { count: 2 }],
      ]),
    );
    await db.delete(jobs).where(eq(jobs.name, type));
  });

  it('retry of every matching failed job says how many stay failed because the same work is queued already', async () => {
    const db = server.database.db;
    const type = 'auth.passwordResetMail';
    await db.delete(jobs).where(eq(jobs.name, type));
    const failed = {
      name: type,
      status: 'failed' as const,
      lastError: 'Error: connect ECONNREFUSED',
      finishedAt: new Date(),
    };
    await db.insert(jobs).values([
      { ...failed, payload: { email: 'f@nowhere.example' } },
      { ...failed, payload: { email: 'g@nowhere.example' }, dedupeKey: 'reset:g' },
      // The same work as the one before, queued again meanwhile: that failed copy must not run too.
      { name: type, payload: { email: 'g@nowhere.example' }, status: 'queued' as const, dedupeKey: 'reset:g' },
    ]);
    const retried = await cast.admin.post('/api/admin/jobs/retry-failed', { type });
    expect(retried.status).toBe(200);
    expect(retried.json).toEqual({ count: 1, left: 1, message: JOBS_MSG.bulkRetried(1, 1) });
    expect(retried.json.message).toBe(
      '1 failed job is queued again. 1 stays failed: the same work is queued or running already.',
    );
    const rows = await db.select().from(jobs).where(eq(jobs.name, type));
    expect(rows.filter((r) => r.status === 'failed').map((r) => r.dedupeKey)).toEqual(['reset:g']);
    await db.delete(jobs).where(eq(jobs.name, type));
  });
});
