/**
 * What a rule change queues: saves of one partner's rules while its recompute waits are one recompute (a save while it
 * runs queues one more), and the re-judging of submissions that share a UPC takes every one of them, however many.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { jobs } from '../src/db/schema.ts';
import { defineJob, JobRunner } from '../src/jobs/queue.ts';
import { recomputeReadinessJob, rejudgeLater, rejudgeSameUpcJob } from '../src/modules/readiness/job-types.ts';
import { demoClients, startTestServer, type TestServer } from './harness.ts';
import { until } from './support/wait.ts';
import { SAVE_READINESS_RULES as SAVE } from './support/readiness-rules.ts';

const PARTNER = 30443;

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
});
afterAll(() => server?.close());

const recomputes = (status: 'queued' | 'running') =>
  server.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, recomputeReadinessJob.name), eq(jobs.status, status)));

describe('the readiness recompute a rule save queues', () => {
  it('saves while a recompute waits join it; a save while it runs queues exactly one more', async () => {
    const rules = [[], [minTwoImagesRule(2)], [], [minTwoImagesRule(3)]];
    for (const r of rules) expect((await c.admin.graphql(SAVE, { p: PARTNER, rules: r })).json.errors).toBeUndefined();
    expect(await recomputes('queued')).toMatchObject([{ payload: { partnerCompanyId: PARTNER } }]);

    // A worker takes it, and holds it running.
    let release!: () => void;
    const mayFinish = new Promise<void>((r) => (release = r));
    const holding = defineJob({ ...recomputeReadinessJob, handler: () => mayFinish });
    const running = new JobRunner(server.database.db, pino({ level: 'silent' })).register(holding).drain();
    await until(async () => (await recomputes('running')).length === 1);
    // It may have judged submissions by the rules before these saves: they queue one recompute more, not three.
    for (const r of rules.slice(0, 3))
      expect((await c.admin.graphql(SAVE, { p: PARTNER, rules: r })).json.errors).toBeUndefined();
    expect(await recomputes('queued')).toHaveLength(1);
    release();
    await running; // and takes the one queued meanwhile
    expect(await recomputes('queued')).toHaveLength(0);
  });
});

describe('re-judging the submissions that share a UPC', () => {
  it('queues every one of 2,500 submissions, in jobs of at most 1,000, none dropped', async () => {
    const ids = Array.from({ length: 2500 }, () => randomUUID());
    await server.database.db.transaction((tx) => rejudgeLater(tx, ids, null));
    const queued = await server.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.name, rejudgeSameUpcJob.name), sql`${jobs.status} = 'queued'`));
    const batches = queued.map((j) => (j.payload as { ids: string[] }).ids);
    expect(batches.map((b) => b.length).sort((a, b) => b - a)).toEqual([1000, 1000, 500]);
    expect(batches.flat().sort()).toEqual([...ids].sort());
  });
});
