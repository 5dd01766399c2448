import { QUOTA_MSG } from '@portal/domain';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { lockCompanyQuota, storedBytesOf } from './repository.ts';

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
  await lockCompanyQuota(tx, companyId);
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
