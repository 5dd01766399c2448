import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { lock, LOCK } from '../../db/lock-order.ts';

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

/** Takes the company's quota lock until the transaction ends. */
export async function lockCompanyQuota(tx: Tx, companyId: number) {
  await lock(tx, LOCK.uploadQuota, [companyId]);
}
