/**
 * The embedded database after a crash: the process holding the data folder is killed with SIGKILL; a second process
 * is refused while the first runs, the restarted portal takes over the stale lock, and the jobs the crash
 * interrupted run again at once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from './fixtures.ts';
import { Client } from './harness.ts';
import { builtMain } from './support/instances.ts';
import { freePort } from './support/ports.ts';

/** One port for the file: the second process comes back at the first one's address. */
let port: number;
let base: string;
let work: string;
let server: ChildProcess | undefined;

function start(): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(work, 'data'),
    PORT: String(port),
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // the embedded database
  const child = spawn(process.execPath, [builtMain], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const seen = (c: Buffer) => {
      out += c.toString();
      if (out.includes('Product Hub is running')) resolve();
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
  return { child, ready, output: () => out };
}

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  work = mkdtempSync(path.join(tmpdir(), 'crash-embedded-'));
});
afterAll(async () => {
  server?.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/**
 * A hang limit longer than the configured one: three portal processes start one after another, the first creating,
 * migrating and seeding its embedded database, and the restarted one reads the interrupted files' barcodes. With two
 * CI runs on one two-core machine the test took more than the configured 300 s without hanging.
 */
const HANG_LIMIT_MS = 900_000;

describe('embedded database (PGlite) crash and restart', () => {
  it(
    'refuses a second process, survives kill -9, and resumes the interrupted jobs at start',
    async () => {
      const first = start();
      server = first.child;
      await first.ready;

      const second = start();
      await expect(second.ready).rejects.toThrow(/in use by another portal process/);

      const supplier = new Client(base);
      await supplier.login('supplier@example.com', 'Supplier-demo-1');
      const files = await Promise.all(
        ['036000291452', '4006381333931', '012345678905'].map(async (code, i) => ({
          name: `f${i}.png`,
          data: await barcodeImage(code),
          type: 'image/png',
        })),
      );
      const draft = await supplier.upload('/api/draftSubmissions', files);
      expect(draft.status).toBe(201);
      server.kill('SIGKILL'); // the barcode jobs of the upload are queued or running
      await new Promise((r) => server!.once('exit', r));

      const again = start();
      server = again.child;
      await again.ready;
      const after = new Client(base);
      await after.login('supplier@example.com', 'Supplier-demo-1');
      const read = async () =>
        (
          await after.graphql(
            `query($id: ID!) { getDraftSubmission(id: $id) { files { fileName detectionStatus detectedUpc } } }`,
            { id: draft.json.id },
          )
        ).json.data.getDraftSubmission.files as { detectionStatus: string; detectedUpc: string }[];
      const deadline = Date.now() + HANG_LIMIT_MS;
      while ((await read()).some((f) => f.detectionStatus !== 'done') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect((await read()).map((f) => f.detectedUpc)).toEqual(['0036000291452', '4006381333931', '0012345678905']);
    },
    HANG_LIMIT_MS,
  );
});
