/**
 * A host that starves the media processes (load 40 in an operator's run) must not fail a good photo for good, nor
 * tell its supplier the photo is at fault. Real starvation: the media processes are stopped (SIGSTOP), so they get no
 * CPU at all while the file's job runs.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { MEDIA_PROCESSES } from '../src/media/limits.ts';
import {
  closeMediaPool,
  configureMediaLimits,
  DEFAULT_MEDIA_LIMITS,
  mediaProcessIds,
  readBarcodesOffThread,
} from '../src/media/media-pool.ts';
import { barcodeImage } from './fixtures.ts';
import { until } from './support/wait.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

const DRAFT_FILES = `query($id: ID!) { getDraftSubmission(id: $id) { files { detectedUpc detectionStatus } } }`;

let server: TestServer;
let supplier: Client;
beforeAll(async () => {
  server = await startTestServer();
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
});
afterAll(async () => {
  configureMediaLimits(DEFAULT_MEDIA_LIMITS);
  await server?.close();
});

describe(`a starved media process (${databaseKind})`, () => {
  it('leaves a good photo pending and its job waiting without spending an attempt; read once the machine has CPU', async () => {
    const photo = await barcodeImage('4006381333931');
    // Every media process of the pool is started, then stopped: from now on the host gives them no CPU. (No other
    // pool's process, such as the photo-text reader an earlier file in this worker started, is left running.)
    await closeMediaPool();
    const warm = path.join(server.config.dataDir, 'warm.png');
    await writeFile(warm, photo);
    await Promise.all(Array.from({ length: MEDIA_PROCESSES }, () => readBarcodesOffThread(warm, 'png')));
    const stopped = mediaProcessIds();
    expect(stopped).toHaveLength(MEDIA_PROCESSES);
    // The clock's limit is no budget the test races: the processes get no CPU at all, so it passes however fast or
    // busy this machine is (on the clock alone, the photo used to be refused as too complex).
    configureMediaLimits({ ...DEFAULT_MEDIA_LIMITS, wallMs: 1_000 });
    for (const pid of stopped) process.kill(pid, 'SIGSTOP');

    const upload = await supplier.upload('/api/draftSubmissions', [
      { name: 'front.png', data: photo, type: 'image/png' },
    ]);
    expect(upload.status).toBe(201);
    await server.ctx.jobs!.drain();
    configureMediaLimits(DEFAULT_MEDIA_LIMITS);
    const files = async () =>
      (await supplier.graphql(DRAFT_FILES, { id: upload.json.id })).json.data.getDraftSubmission.files;
    // Not "failed", and no message blaming the photo: it waits for the machine.
    expect(await files()).toEqual([{ detectedUpc: null, detectionStatus: 'pending' }]);
    const job = async () => {
      const [row] = await queryRows<{
        status: string;
        attempts: number;
        transient_failures: number;
        last_error: string;
      }>(
        server.database.db,
        sql`select status, attempts, transient_failures, last_error from jobs where name = 'drafts.processFile'
          and payload->>'fileId' in (select id::text from draft_files where draft_id = ${upload.json.id})`,
      );
      return row;
    };
    expect(await job()).toMatchObject({ status: 'queued', attempts: 0, transient_failures: 1 });
    expect((await job()).last_error).toMatch(/the machine is busy; the file is not at fault/);
    // The stopped processes were killed (the pool lets one go when its exit arrives, which a busy machine may deliver
    // after the job's outcome is written); the next try gets a fresh one, which has CPU.
    await until(() => stopped.every((pid) => !mediaProcessIds().includes(pid)));
    await server.database.db.execute(sql`update jobs set run_at = now() where name = 'drafts.processFile'`);
    await server.ctx.jobs!.drain();
    expect(await files()).toEqual([{ detectedUpc: '4006381333931', detectionStatus: 'done' }]);
  });
});
