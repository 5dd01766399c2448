import { sql } from 'drizzle-orm';
import { QUOTA_MSG } from '@portal/domain';
import type { Config } from '../../config.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { lock, LOCK } from '../../db/lock-order.ts';
import { HttpError } from '../../lib/errors.ts';

/**
 * Each company's stored files may add up to `COMPANY_STORAGE_QUOTA_GB`: a supplier account cannot fill the
 * portal's disk or bucket, whatever it uploads. Counted from the rows that name stored files (draft, submission
 * and import files; a file kept under one key by two rows counts once), so it is always what is really kept.
 */
export async function storedBytesOf(db: Tx, companyId: number): Promise<number> {
  const [result] = await queryRows<{ bytes: number }>(
    db,
    sql`
    select coalesce(sum(size), 0)::float8 as bytes from (
      select f.storage_key, f.size from draft_files f join draft_submissions d on d.id = f.draft_id where d.company_id = ${companyId}
      union
      select f.storage_key, f.size from submission_files f join product_submissions s on s.id = f.submission_id where s.company_id = ${companyId}
      union
      select f.storage_key, coalesce(f.size, 0) from bulk_ingestion_files f join bulk_ingestion_jobs j on j.id = f.job_id
        where j.company_id = ${companyId} and f.status <> 'IGNORED'
    ) stored`,
  );
  return Number(result.bytes);
}

export const sumOfSizes = (files: { size: number }[]) => files.reduce((sum, f) => sum + f.size, 0);

export const quotaBytes = (config: Pick<Config, 'companyStorageQuotaGb'>) => config.companyStorageQuotaGb * 1024 ** 3;

export const quotaFull = (config: Pick<Config, 'companyStorageQuotaGb'>) =>
  new HttpError(413, 'STORAGE_QUOTA_REACHED', QUOTA_MSG.full(config.companyStorageQuotaGb));

/** How many more bytes the company may store. */
export async function quotaLeft(
  db: Tx,
  config: Pick<Config, 'companyStorageQuotaGb'>,
  companyId: number,
): Promise<number> {
  return Math.max(0, quotaBytes(config) - (await storedBytesOf(db, companyId)));
}

/**
 * The check that holds under concurrent uploads. Inside the transaction that records new files, `write` runs under
 * the company's quota lock (held until the transaction ends, so the company's uploads record one at a time), and
 * then what the company stores, the rows just written and those of the uploads that went first included, must be
 * within the quota, or 413 and the transaction rolls back. Counting after the writes keeps a resubmission that
 * replaces files, and a file kept under a key already counted, at what is really stored. The check before the
 * bytes are stored (assertWithinQuota) only saves a doomed upload the transfer.
 */
export async function recordWithinQuota<T>(
  tx: Tx,
  config: Pick<Config, 'companyStorageQuotaGb'>,
  companyId: number,
  write: () => Promise<T>,
): Promise<T> {
  await lock(tx, LOCK.uploadQuota, [companyId]);
  const result = await write();
  if ((await storedBytesOf(tx, companyId)) > quotaBytes(config)) throw quotaFull(config);
  return result;
}

/** Refuses (413) an upload of `incoming` bytes that would take the company past its quota (a first, unlocked look). */
export async function assertWithinQuota(
  db: Tx,
  config: Pick<Config, 'companyStorageQuotaGb'>,
  companyId: number,
  incoming: number,
) {
  if (incoming > (await quotaLeft(db, config, companyId))) throw quotaFull(config);
}
