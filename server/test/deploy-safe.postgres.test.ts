/**
 * Deploying several instances on one PostgreSQL database, as separate processes (`server/src/main.ts`): an instance
 * with another SESSION_SECRET refuses to start.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './harness.ts';
import { startInstance, startRunning, stopInstances } from './support/instances.ts';
import { freePort } from './support/ports.ts';

const SECRET = 'd'.repeat(40);
const children: ChildProcess[] = [];
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let work: string;
let webA: string;

/** The settings of an instance on the shared database, in a data folder of its own. */
function envOf(name: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    SESSION_SECRET: SECRET,
    DATA_DIR: path.join(work, name),
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    ...env,
  };
}

async function start(name: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = await startRunning(envOf(name, env));
  children.push(child);
  return child;
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  work = mkdtempSync(path.join(tmpdir(), 'deploy-safe-'));
  const port = await freePort();
  webA = `http://127.0.0.1:${port}`;
  // The first instance migrates, seeds the demo data and records the secret's fingerprint.
  await start('a', { ROLE: 'web', PORT: String(port), PUBLIC_URL: webA, DEMO_DATA: 'on' });
}, 120_000);

afterAll(async () => {
  await stopInstances(children);
  await database?.drop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('an instance with another SESSION_SECRET', () => {
  it('refuses to start, web or worker, saying why and how to rotate, and exits 1', async () => {
    for (const role of ['web', 'worker']) {
      const started = await startInstance(
        envOf(`other-${role}`, { ROLE: role, PORT: String(await freePort()), SESSION_SECRET: 'e'.repeat(40) }),
      );
      if (started.running) children.push(started.child);
      expect(started.running).toBe(false);
      expect(started.code).toBe(1);
      expect(started.output).toContain('SESSION_SECRET differs from the secret the other instances');
      expect(started.output).toContain('SESSION_SECRET_PREVIOUS');
      // The message, not a stack trace.
      expect(started.output).not.toMatch(/\n\s+at /);
    }
    // The first instance still serves.
    expect((await fetch(`${webA}/api/health`)).status).toBe(200);
  }, 120_000);
});
