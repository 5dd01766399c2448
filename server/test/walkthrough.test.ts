/**
 * The curl walkthrough of examples/README.md, run as written (bash, curl, jq) against a server on 127.0.0.1 with its
 * worker: it uses the ids the calls return and the UPC the portal detects, and ends with the submission in the feed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from './fixtures.ts';
import { databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

const README = fileURLToPath(new URL('../../examples/README.md', import.meta.url));

/** The shell block under "The same with curl". */
function walkthrough(): string {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('## The same with curl'));
  return /```sh\n([\s\S]*?)```/.exec(section)![1];
}

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  server.ctx.jobs!.start();
  dir = mkdtempSync(path.join(tmpdir(), 'walkthrough-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`README curl walkthrough (${databaseKind})`, () => {
  it('runs as written: token, webhook, upload, detected UPC, If-Match, submit, the change feed', async () => {
    const c = await demoClients(server);
    const { token } = await c.supplier.tokenClient(['write:productsubmissions', 'write:webhooks']);
    writeFileSync(path.join(dir, 'front.png'), await barcodeImage('036000291452'));
    const child = spawn('bash', ['-euo', 'pipefail', '-c', walkthrough()], {
      cwd: dir,
      env: {
        ...process.env,
        PORTAL: server.url,
        PORTAL_TOKEN: token,
        PHOTO: 'front.png',
        // Nobody listens there: deliveries fail and are retried, which the walkthrough does not wait for.
        RECEIVER_URL: 'http://127.0.0.1:9/portal',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out).toContain('detected UPC 0036000291452');
    expect(code, out).toBe(0);
    const id = /submitted ([0-9a-f-]{36})/.exec(out)![1];
    expect(out).toContain(`"upc":"0036000291452","product_name":"Sparkling water 12 oz"`);
    expect(out).toContain(`["submission.created","${id}",null]`);
    expect(out).toContain(`["submission.status_changed","${id}","SUBMITTED"]`);
  });
});
