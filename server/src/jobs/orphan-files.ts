import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';

/** Files younger than this are left alone: their rows may not be committed yet. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Text columns ending in `_key` that hold no storage key: the job queue's keys, and a bulk-ingestion file's key in
 * the folder or prefix it was scanned from (gone from there once it moved into storage).
 */
const NOT_STORAGE_KEYS: ReadonlySet<string> = new Set(['dedupe_key', 'coalesce_key', 'hold_key', 'source_key']);

/**
 * Every storage key the database names, with where (`table.column`). By convention
 * (docs/decisions/storage-and-media.md) a column holding a storage key is a text column whose name ends in `_key`;
 * found from the catalogue, so a new table is covered without editing this. `storageOnly` leaves out the columns
 * known to hold other keys (NOT_STORAGE_KEYS): the orphan cleanup keeps them in, as more names only spare more files.
 */
export async function storedKeyReferences(db: Db, { storageOnly = false } = {}): Promise<Map<string, string>> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type = 'text' and column_name like '%\\_key' escape '\\'
    order by table_name, column_name`,
  );
  const keys = new Map<string, string>();
  for (const { table_name, column_name } of columns) {
    if (storageOnly && NOT_STORAGE_KEYS.has(column_name)) continue;
    const rows = await queryRows<{ k: string }>(
      db,
      sql.raw(`select distinct "${column_name}" as k from "${table_name}" where "${column_name}" is not null`),
    );
    for (const { k } of rows) if (!keys.has(k)) keys.set(k, `${table_name}.${column_name}`);
  }
  return keys;
}

const referencedKeys = async (db: Db): Promise<ReadonlySet<string>> => new Set((await storedKeyReferences(db)).keys());

/** A rendition (renditions/{fileId}/...) belongs to its file, whose thumbnail key is stored. */
const ownerKey = (key: string) =>
  key.startsWith('renditions/') ? `${key.split('/').slice(0, 2).join('/')}/thumbnail` : key;

/**
 * Removes stored files no row names any more (a crash between storing a file and committing its row, or a row
 * deleted before its file), and upload temporaries left by an interrupted upload; only those older than the grace period.
 */
export async function removeOrphanFiles(
  ctx: Pick<AppContext, 'db' | 'storage' | 'uploadTempDir'>,
  { graceMs = ORPHAN_GRACE_MS, now = Date.now() } = {},
) {
  const removed: string[] = [];
  const referenced = await referencedKeys(ctx.db);
  const stale: string[] = [];
  for await (const { key, modified } of ctx.storage.list('')) {
    if (key.startsWith('.')) continue; // the upload temporaries, below
    if (now - modified.getTime() < graceMs) continue;
    if (!referenced.has(ownerKey(key)) && !referenced.has(key)) stale.push(key);
  }
  // Checked again just before deleting: a row committed meanwhile keeps its file.
  const current = stale.length ? await referencedKeys(ctx.db) : referenced;
  for (const key of stale) {
    if (current.has(ownerKey(key)) || current.has(key)) continue;
    await ctx.storage.delete(key);
    removed.push(key);
  }
  let temporaries: string[] = [];
  try {
    temporaries = await readdir(ctx.uploadTempDir);
  } catch {
    /* no upload has happened yet */
  }
  for (const name of temporaries) {
    const file = path.join(ctx.uploadTempDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs >= graceMs) {
      await rm(file, { force: true });
      removed.push(`upload temporary ${name}`);
    }
  }
  return removed;
}
