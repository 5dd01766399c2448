/**
 * Instances started together on an empty PostgreSQL database with DEMO_DATA=on: one creates the demo data, the
 * others find it there, and all of them start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from '../src/demo/seed.ts';
import { Client, createPostgresDatabase } from './harness.ts';
import { startInstance, stopInstances } from './support/instances.ts';
import { freePort } from './support/ports.ts';

const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let work: string;

beforeAll(async () => {
  database = await createPostgresDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'demo-seed-'));
});
afterAll(async () => {
  await stopInstances(children);
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('demo data on an empty database', () => {
  it('three instances started together seed it once, and all of them start', async () => {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    const started = await Promise.all(
      ports.map((port) =>
        startInstance({
          DATABASE_URL: database.url,
          SESSION_SECRET: 's'.repeat(40),
          DATA_DIR: path.join(work, 'data'),
          ROLE: 'web',
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'warn',
          DEMO_DATA: 'on',
        }),
      ),
    );
    children.push(...started.map((s) => s.child));
    for (const s of started) expect(s.output, `exited with ${s.code}`).toMatch(/Product Hub is running/);
    expect(started.map((s) => s.running)).toEqual([true, true, true]);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows: companies } = await db.query<{ id: number }>('select id from companies order by id');
      expect(companies.map((c) => c.id)).toEqual(DEMO_COMPANIES.map((c) => c.id).sort((a, b) => a - b));
      const { rows: users } = await db.query<{ email: string }>('select email from users order by email');
      expect(users.map((u) => u.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    } finally {
      await db.end();
    }
    // Each of them serves the demo sign-in.
    for (const port of ports) {
      const client = new Client(`http://127.0.0.1:${port}`);
      expect((await client.login(DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].password)).email).toBe(
        DEMO_ACCOUNTS[0].email,
      );
    }
  });
});
