/**
 * Memory probe for hostile files (issue 15): the portal (`npm start`'s ROLE=all, embedded database) as a child
 * process; a signed-in supplier uploads a PDF bomb (one page inflating to 1.5 GB), a zip bomb (30 entries of 15 MB
 * zeros) and a 100-megapixel photo, which is then thumbnailed and read for barcodes. Meanwhile /api/health is asked
 * every 100 ms. Reports the server's resident memory against its baseline (measured in the same run, after one
 * ordinary upload has been processed), the media processes' memory, and the slowest health answer.
 *
 *   node --import tsx bench/hostile.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { hundredMegapixelJpeg, pdfBomb, zipBomb } from '../server/test/support/hostile-files.ts';
import { waitFor } from './support/wait-for.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/hostile.md');
const PORT = 3981;
const base = `http://127.0.0.1:${PORT}`;
/** The targets of issue 15. */
const MAX_GROWTH_MB = 300;
const MAX_HEALTH_MS = 1000;

const rssMb = (pid: number): number => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0; // gone
  }
};

/** The media processes: children of the server. */
const childPids = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function upload(cookie: string, route: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { cookie, origin: base }, body: form });
  return { status: res.status, body: (await res.json()) as { id?: string; message?: string } };
}

async function graphql<T = unknown>(cookie: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: T; errors?: unknown };
}

/** Waits until every file of the draft has been thumbnailed and read (or failed). */
async function processed(cookie: string, draftId: string) {
  const query = `query($id: ID!) { getDraftSubmission(id: $id) { files { detectionStatus } } }`;
  for (;;) {
    const answer = await graphql<{ getDraftSubmission: { files: { detectionStatus: string }[] } }>(cookie, query, {
      id: draftId,
    });
    const files = answer.data!.getDraftSubmission.files;
    if (files.every((f) => f.detectionStatus !== 'pending')) return files.map((f) => f.detectionStatus);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface HostileResult {
  baselineMb: number;
  rows: { step: string; answer: string; serverMb: number; peakServerMb: number; mediaMb: number }[];
  finalGrowthMb: number;
  slowestHealthMs: number;
  ok: boolean;
}

export async function runHostileBench(): Promise<HostileResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-hostile-'));
  const portal = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn', ROLE: 'all' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/health`, portal);
    const pid = portal.pid!;
    const supplier = await signIn('supplier@example.com', 'Supplier-demo-1');
    const admin = await signIn('admin@example.com', 'Admin-demo-1');
    const granted = await graphql(
      admin,
      `
        mutation ($input: BulkIngestionOrganizationInput!) {
          createBulkIngestionOrganization(input: $input) {
            companyId
          }
        }
      `,
      {
        input: { companyId: 1001, folderName: 'green_valley', imageSource: 'UPLOADS' },
      },
    );
    if (granted.errors) throw new Error(JSON.stringify(granted.errors));

    // Baseline: after one ordinary photo went through upload, thumbnail and barcode reading.
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c8d2dc' } })
      .jpeg()
      .toBuffer();
    const warm = await upload(supplier, '/api/draftSubmissions', 'photo.jpg', photo);
    await processed(supplier, warm.body.id!);
    await new Promise((r) => setTimeout(r, 1000));
    const baselineMb = rssMb(pid);

    // Files made before the probe starts, so making them does not count against the server's answers.
    const [pdf, zip, huge] = [
      await pdfBomb(1.5 * 1024 ** 3),
      zipBomb(30, 15 * 1024 * 1024),
      await hundredMegapixelJpeg(),
    ];

    let slowestHealthMs = 0;
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const start = performance.now();
        await fetch(`${base}/api/health`).then((r) => r.text());
        slowestHealthMs = Math.max(slowestHealthMs, performance.now() - start);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const rows: HostileResult['rows'] = [];
    const record = (step: string, answer: string) => {
      rows.push({
        step,
        answer,
        serverMb: rssMb(pid),
        peakServerMb: peak,
        mediaMb: childPids(pid).reduce((sum, p) => sum + rssMb(p), 0),
      });
      peak = rssMb(pid);
    };
    const pdfAnswer = await upload(supplier, '/api/draftSubmissions', 'label.pdf', pdf);
    record(
      `PDF bomb (${(pdf.length / 1024 ** 2).toFixed(1)} MB, page inflates to 1.5 GB)`,
      `${pdfAnswer.status} ${pdfAnswer.body.message}`,
    );
    const zipAnswer = await upload(supplier, '/api/bulkIngestion/jobs', 'photos.zip', zip);
    record(
      `zip bomb (${(zip.length / 1024).toFixed(0)} KB, 30 × 15 MB of zeros)`,
      `${zipAnswer.status} ${zipAnswer.body.message}`,
    );
    const hugeAnswer = await upload(supplier, '/api/draftSubmissions', 'huge.jpg', huge);
    const statuses = hugeAnswer.body.id ? await processed(supplier, hugeAnswer.body.id) : [];
    record(
      `100-megapixel photo (${(huge.length / 1024 ** 2).toFixed(1)} MB)`,
      `${hugeAnswer.status}, thumbnail and barcodes: ${statuses.join(', ')}`,
    );
    probing = false;
    await probe;
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 2000));
    const finalGrowthMb = rssMb(pid) - baselineMb;
    const ok =
      finalGrowthMb <= MAX_GROWTH_MB &&
      Math.max(...rows.map((r) => r.serverMb - baselineMb)) <= MAX_GROWTH_MB &&
      slowestHealthMs < MAX_HEALTH_MS;

    const table = [
      `Hostile files against the portal (ROLE=all, embedded database); server baseline ${baselineMb.toFixed(0)} MB RSS after one ordinary photo was processed. Targets: server RSS within ${MAX_GROWTH_MB} MB of the baseline, /api/health (asked every 100 ms throughout) within ${MAX_HEALTH_MS} ms.`,
      '',
      '| step | answer | server RSS after (MB) | server peak during (MB) | media processes (MB) |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.step} | ${r.answer} | ${r.serverMb.toFixed(0)} | ${r.peakServerMb.toFixed(0)} | ${r.mediaMb.toFixed(0)} |`,
      ),
      '',
      `Server RSS 2 s after the last step: ${(baselineMb + finalGrowthMb).toFixed(0)} MB, ${finalGrowthMb >= 0 ? '+' : ''}${finalGrowthMb.toFixed(0)} MB against the baseline. Slowest /api/health: ${slowestHealthMs.toFixed(0)} ms. ${ok ? 'Within both targets.' : 'MISSED a target.'}`,
    ].join('\n');
    console.log(table);
    writeFileSync(RESULTS, `${table}\n`);
    return { baselineMb, rows, finalGrowthMb, slowestHealthMs, ok };
  } finally {
    portal.kill('SIGTERM');
    await new Promise((r) => (portal.exitCode !== null ? r(null) : portal.once('exit', r)));
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runHostileBench();
  if (!result.ok) process.exitCode = 1;
}
