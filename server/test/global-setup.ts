import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { loadShippedReferenceData } from '../src/modules/reference-data/load.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { buildServer } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated and seeded database for startTestServer to copy: a PGlite dump file, or a PostgreSQL database name. */
    databaseTemplate: string;
  }
}

async function prepare(database: Database) {
  await loadShippedReferenceData(database.db);
  await seedDemoData(database.db);
}

/**
 * Migrates and seeds one database per run, which every server test file then copies, instead of each file
 * creating, migrating and seeding its own (most of a server test file's start-up time).
 */
export default async function setup(project: TestProject) {
  // The process tests start the built server (support/instances.ts): built from the source as it is now.
  await buildServer();
  const adminUrl = project.config.env?.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite(null);
    await prepare(database);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    const file = path.join(tmpdir(), `portal-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('databaseTemplate', file);
    return () => rmSync(file, { force: true });
  }

  // Its own name, so that runs on one server at the same time keep apart.
  const name = `portal_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.href);
  await prepare(database);
  await database.close(); // a template must have no connections while it is copied
  project.provide('databaseTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
