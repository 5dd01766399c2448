import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The address of a benchmark's own database on BENCH_DATABASE_URL's server (127.0.0.1:5432 by default), created when
 * missing and kept between runs, so that a seed of minutes is made once.
 */
export async function benchDatabaseUrl(name: string): Promise<string> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * A database of its own on the server of `serverUrl`, dropped by the function it returns: a benchmark that starts
 * portals on it can run again and again on one server (a portal's files live in a temporary folder, so a database
 * kept from an earlier run would name a storage marker no new folder has, and no portal would start on it).
 */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
