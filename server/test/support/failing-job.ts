import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { draftFiles, jobs } from '../../src/db/schema.ts';
import { barcodeImage } from '../fixtures.ts';
import type { Client, TestServer } from '../harness.ts';

/**
 * A background job that fails for real: a draft upload whose stored file is taken away before its barcode job
 * runs, so the handler meets a missing file at every attempt (the backoff is skipped by making each retry due now).
 * `restore()` puts the file back, after which a retry succeeds.
 */
export async function failedDraftJob(server: TestServer, uploader: Client, code: string) {
  const db = server.database.db;
  const upload = await uploader.upload('/api/draftSubmissions', [
    { name: 'front.png', data: await barcodeImage(code), type: 'image/png' },
  ]);
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${upload.text}`);
  const [file] = await db.select().from(draftFiles).where(eq(draftFiles.draftId, upload.json.id));
  const [job] = await db
    .select()
    .from(jobs)
    .where(sql`${jobs.name} = 'drafts.processFile' and ${jobs.payload}->>'fileId' = ${file.id}`);
  const chunks: Buffer[] = [];
  for await (const chunk of await server.ctx.storage.get(file.storageKey)) chunks.push(chunk as Buffer);
  await server.ctx.storage.delete(file.storageKey);
  await runUntilSettled(server, job.id);
  return {
    jobId: job.id,
    draftId: upload.json.id as string,
    restore: () => server.ctx.storage.put(file.storageKey, Readable.from(Buffer.concat(chunks))),
  };
}

/** Runs a job (and whatever else is due) until it is done or failed for good, skipping the retry backoff. */
export async function runUntilSettled(server: TestServer, jobId: number) {
  const db = server.database.db;
  for (let i = 0; i < 10; i++) {
    await server.ctx.jobs!.drain();
    const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
    if (row.status === 'done' || row.status === 'failed') return row.status;
    await db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, jobId));
  }
  throw new Error(`job ${jobId} did not settle`);
}
