/**
 * The worked example (issue 21 item 4) run end to end: examples/submit-with-token.mjs, as a user would run it, against
 * a real server with its worker running, with an API token of the demo supplier. It registers a webhook for its own
 * receiver, checks a test event's signature, uploads a photo, reads the detected UPC, submits; a review by staff then
 * reaches its receiver, verified.
 */
import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barcodeImage } from './fixtures.ts';
import { databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { freePort } from './support/ports.ts';
import { HANG_LIMIT } from './support/wait.ts';

const SCRIPT = fileURLToPath(new URL('../../examples/submit-with-token.mjs', import.meta.url));

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'on' });
  server.ctx.jobs!.start(); // barcode reading and deliveries happen in the background, as in production
  dir = mkdtempSync(path.join(tmpdir(), 'example-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`worked example (${databaseKind})`, () => {
  it('uploads with a token, reads the detected UPC, submits, and verifies the signed webhooks it receives', async () => {
    const c = await demoClients(server);
    const { token } = await c.supplier.tokenClient(['write:productsubmissions', 'write:webhooks'], {
      name: 'worked example',
    });
    const photo = path.join(dir, 'sparkling-water.png');
    writeFileSync(photo, await barcodeImage('036000291452'));

    const child = spawn(process.execPath, [SCRIPT], {
      env: {
        ...process.env,
        PORTAL_URL: server.url,
        PORTAL_TOKEN: token,
        PHOTO: photo,
        RECEIVER_PORT: String(await freePort()),
        // Limits for a hung run only: on a loaded machine the photo may wait long in the media queue.
        WAIT_SECONDS: '600',
        READ_SECONDS: '600',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

    // Once it has submitted, staff review the product: the status change reaches the script's receiver.
    await expect.poll(() => out, { ...HANG_LIMIT, interval: 200 }).toMatch(/submitted ([0-9a-f-]{36})/);
    const submissionId = /submitted ([0-9a-f-]{36})/.exec(out)![1];
    const accepted = await c.admin.graphql(
      `mutation($id: ID!) { updateProductSubmissionStatus(id: $id, status: ACCEPTED) { itemStatus } }`,
      { id: submissionId },
    );
    expect(accepted.json.data?.updateProductSubmissionStatus.itemStatus).toBe('ACCEPTED');

    expect(await exited).toBe(0);
    expect(out).toContain('signed in as supplier@example.com (company 1001)');
    expect(out).toMatch(/receiver: verified webhook\.ping/);
    expect(out).toContain('detected UPC 0036000291452');
    expect(out).toMatch(
      new RegExp(`receiver: verified submission\\.status_changed .*"submissionId":"${submissionId}".*"to":"ACCEPTED"`),
    );
    expect(out).toContain(`change feed: submission.status_changed ${submissionId} SUBMITTED -> ACCEPTED`);
    expect(out).toContain('token scopes: write:productsubmissions write:webhooks');
    expect(out).not.toContain('refused a delivery');
    // It registered its webhook for the run and removed it at the end.
    expect((await c.supplier.get('/api/companies/1001/webhooks')).json).toEqual([]);
  });
});
