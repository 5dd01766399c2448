// npm run check-restore: after restoring a backup, checks that every file the restored database names is in the
// restored store (docs/operations.md, "Backups and restore"). Run with the same configuration as the portal
// (DATABASE_URL or DATA_DIR, S3_* for a bucket); exits 0 when nothing is missing, 1 when something is, 2 when the
// check could not run.
import pino from 'pino';
import { storageFor } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { checkRestore } from './storage/restore-check.ts';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: pino({ level: 'warn' }),
    queryTimeoutMs: config.databaseQueryTimeoutMs,
  });
  try {
    const storage = storageFor(config);
    await storage.ping();
    const { checked, missing } = await checkRestore(database.db, storage);
    for (const { key, where } of missing) console.log(`missing: ${key}  (named by ${where})`);
    console.log(
      missing.length
        ? `${missing.length} of ${checked} stored files the database names are not in the store.`
        : `All ${checked} stored files the database names are in the store.`,
    );
    return missing.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`check-restore could not run: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  },
);
