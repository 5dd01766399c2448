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
