/**
 * Fairness under a flood: the time from one company's upload to the barcode read from it, on an idle portal and
 * while another company floods the same worker with a bulk import of 1,000 files (each a picture without a barcode,
 * so each needs mapping and sends an `ingestion.file_needs_mapping` delivery) to a webhook receiver on this machine
 * that never answers, and as many test events as it is allowed. Both measured in the same run, on the same portal
 * process (the embedded database, or PostgreSQL with DATABASE_URL). Target: under the flood, at most 2x the idle
 * time (median of the runs). Then outages under load (bench/outage.ts), on a PostgreSQL server.
 *
 *   npm run bench -- faults [--runs 5] [--record]
 *
 * Needs: the built portal (`npm run build`); for the outages, a PostgreSQL server (DATABASE_URL's, else
 * 127.0.0.1:5432; skipped without one). The barcode photo dataset (../shared/datasets/barcode-photos) is used
 * where it is, else a generated barcode picture. Runs again and again on one server: with DATABASE_URL, each half
 * makes a database of its own on its server and drops it after (the given database is never written), and every
 * file goes to temporary folders. Prints the tables and writes them to a temporary folder; `--record` writes them
 * to bench/results/faults.md instead, the recorded figures of the checkout.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { WEBHOOK_MANUAL_SENDS_PER_MINUTE } from '@portal/domain';
import { startPortal } from '../e2e/support/portal-process.ts';
import { runOutageBench } from './outage.ts';
import { scratchDatabase } from './support/bench-database.ts';
import { faultBenchPhoto } from './support/dataset.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
/** The recorded figures (written with --record); otherwise the results go to a temporary folder. */
const RECORDED = path.join(repoRoot, 'bench/results/faults.md');
const PORT = 3991 + Number(process.env.E2E_PORT_OFFSET ?? 0);
export const TARGET_RATIO = 2;
const FLOOD_FILES = 1000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A signed-in API user of the portal: its session cookie and our Origin on writes, as the browser sends them. */
async function signIn(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, origin: url };
  return {
    async upload(files: { name: string; data: Buffer }[], route = '/api/draftSubmissions') {
      const form = new FormData();
      for (const f of files)
        form.append(
          'files',
          new Blob([new Uint8Array(f.data)], { type: f.name.endsWith('.jpg') ? 'image/jpeg' : 'image/png' }),
          f.name,
        );
      const answer = await fetch(`${url}${route}`, { method: 'POST', headers, body: form });
      if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { id: string }).id;
    },
    async json<T>(method: string, route: string, body?: unknown): Promise<{ status: number; json: T | null }> {
      const answer = await fetch(`${url}${route}`, {
        method,
        // No body, no content type: a JSON content type with an empty body is a 400.
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: answer.status, json: (await answer.json().catch(() => null)) as T | null };
    },
  };
}
type Api = Awaited<ReturnType<typeof signIn>>;

/** From the upload's answer to the code read from its photo, polled every 20 ms. */
async function uploadToBarcodeMs(api: Api, photo: { name: string; data: Buffer }): Promise<number> {
  const id = await api.upload([photo]);
  const started = performance.now();
  for (;;) {
    const { json } = await api.json<{
      data?: { getDraftSubmission?: { files: { detectionStatus: string }[] } };
    }>('POST', '/graphql', {
      query: 'query($id: ID!) { getDraftSubmission(id: $id) { files { detectionStatus } } }',
      variables: { id },
    });
    if (json?.data?.getDraftSubmission?.files?.[0]?.detectionStatus === 'done') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  await api.json('POST', '/graphql', {
    query: 'mutation($id: ID!) { deleteDraftSubmission(id: $id) }',
    variables: { id },
  });
  return ms;
}

async function runFairness(): Promise<{ ok: boolean; ratio: number; table: string }> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
  // A receiver that takes the connection and never answers (the portal gives up after its 10 s limit).
  const hanging: http.ServerResponse[] = [];
  const receiver = http.createServer((_req, res) => void hanging.push(res));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  // On a PostgreSQL server, a database of this run's own: the portal's files are in a fresh temporary folder, so a
  // database kept from an earlier run would name a storage marker that folder lacks, and the portal would not start.
  const database = process.env.DATABASE_URL
    ? await scratchDatabase(process.env.DATABASE_URL, 'portal_bench_faults')
    : null;
  const portal = await startPortal(PORT, {
    WEBHOOK_ALLOW_PRIVATE: 'on',
    WEBHOOK_LOOPBACK_ONLY: 'on',
    GRAPHQL_RATE_LIMIT_PER_MINUTE: '1000000',
    // On a database server the portal needs a session secret of its own (the embedded one makes one in its folder),
    // and makes the demo companies only when asked.
    ...(database
      ? { DATABASE_URL: database.url, SESSION_SECRET: randomBytes(32).toString('hex'), DEMO_DATA: 'on' }
      : {}),
  }).catch(async (err: unknown) => {
    await database?.drop();
    throw err;
  });
  try {
    const quiet = await signIn(portal.url, 'other@example.com', 'Other-demo-1');
    const flooder = await signIn(portal.url, 'supplier@example.com', 'Supplier-demo-1');
    // A real photo of a retail barcode (the first EAN-13 of the dataset), and a plain picture for the flood.
    const photo = await faultBenchPhoto();
    const admin = await signIn(portal.url, 'admin@example.com', 'Admin-demo-1');
    const queuedFiles = async () =>
      (await admin.json<{ total: number }>('GET', '/api/admin/jobs?state=queued&pageSize=1')).json?.total ?? 0;
    const access = await admin.json<{ errors?: unknown }>('POST', '/graphql', {
      query: `mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { companyId } }`,
      variables: { input: { companyId: 1001, folderName: 'flood', imageSource: 'LOCAL' } },
    });
    if (access.json?.errors) throw new Error(`ingestion access: ${JSON.stringify(access.json.errors)}`);

    await uploadToBarcodeMs(quiet, photo); // warm: the media process and the first queries
    const idle: number[] = [];
    for (let i = 0; i < runs; i++) idle.push(await uploadToBarcodeMs(quiet, photo));

    // The flood: one import of 1,000 pictures without a barcode (each needs mapping, so each sends a delivery to
    // the receiver that hangs) and the test events the company may send (the rest are refused, 429).
    const hook = await flooder.json<{ webhook: { id: number } }>('POST', '/api/companies/1001/webhooks', {
      url: receiverUrl,
      events: ['ingestion.file_needs_mapping'],
    });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status}`);
    const floodStarted = performance.now();
    const pings = await Promise.all(
      Array.from({ length: WEBHOOK_MANUAL_SENDS_PER_MINUTE * 2 }, () =>
        flooder.json('POST', `/api/webhooks/${hook.json!.webhook.id}/ping`),
      ),
    );
    const refusedPings = pings.filter((p) => p.status === 429).length;
    if (pings.some((p) => p.status !== 202 && p.status !== 429))
      throw new Error(`test events answered ${pings.map((p) => p.status).join(' ')}`);
    const fillers = await Promise.all(
      Array.from({ length: FLOOD_FILES }, (_, i) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: { r: i % 256, g: 150, b: 90 } } })
          .png()
          .toBuffer(),
      ),
    );
    await flooder.upload(
      fillers.map((data, i) => ({ name: `flood-${i}.png`, data })),
      '/api/bulkIngestion/jobs',
    );
    const floodQueuedMs = performance.now() - floodStarted;

    const backlogBefore = await queuedFiles();
    const flooded: number[] = [];
    for (let i = 0; i < runs; i++) flooded.push(await uploadToBarcodeMs(quiet, photo));
    const backlogAfter = await queuedFiles();
    const ratio = median(flooded) / median(idle);
    const ok = ratio <= TARGET_RATIO;

    const table = [
      '| | median ms | runs (ms) |',
      '|---|---:|---|',
      `| idle portal | ${median(idle).toFixed(0)} | ${idle.map((v) => v.toFixed(0)).join(', ')} |`,
      `| while another company floods (an import of ${FLOOD_FILES} files, each sending a delivery to a hanging receiver, and ${pings.length} test events) | ${median(flooded).toFixed(0)} | ${flooded.map((v) => v.toFixed(0)).join(', ')} |`,
      '',
      `Ratio flooded / idle: **${ratio.toFixed(2)}** (target at most ${TARGET_RATIO}): ${ok ? 'met' : 'NOT met'}.`,
      `The flood took ${(floodQueuedMs / 1000).toFixed(1)} s to send; ${refusedPings} of its ${pings.length} test events were refused (429: at most ${WEBHOOK_MANUAL_SENDS_PER_MINUTE} a minute per company); jobs waiting: ${backlogBefore} when the quiet company's runs began, ${backlogAfter} when they ended.`,
    ].join('\n');
    console.log(table);
    return { ok, ratio, table };
  } finally {
    for (const res of hanging) res.destroy();
    receiver.closeAllConnections();
    await new Promise<void>((r) => receiver.close(() => r()));
    await portal.stop();
    await database?.drop();
  }
}

export async function runFaultsBench(): Promise<{ ok: boolean; ratio: number }> {
  const fairness = await runFairness();
  console.log('\n## Outages under load\n');
  const outage = await runOutageBench();
  const measured = `Measured ${new Date().toISOString()} on ${cpus().length} cores (load ${loadavg()[0].toFixed(2)})`;
  const results = process.argv.includes('--record')
    ? RECORDED
    : path.join(mkdtempSync(path.join(tmpdir(), 'bench-faults-')), 'faults.md');
  writeFileSync(
    results,
    `# Fairness under a flood\n\n${measured}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database'}; ` +
      `\`npm run bench -- faults\`.\n\n${fairness.table}\n\n# Outages under load\n\n` +
      (outage ? `${outage.table}\n` : 'Skipped: no PostgreSQL server.\n'),
  );
  console.log(`\nResults written to ${results}`);
  return { ok: fairness.ok && (outage?.ok ?? true), ratio: fairness.ratio };
}
