/**
 * First load of the web app in Chromium: bytes over the wire, requests and the time until the page's main control
 * is usable, cold (empty cache) and warm (a reload), on Fast 3G and unthrottled. The portal serves the build;
 * the baseline serves the same build as plain, uncompressed files with an hour's caching (the portal before
 * issue 18), and forwards API calls to the portal uncompressed, in the same run.
 *
 *   node --import tsx bench/web.ts [--runs 3]     prints the table and writes bench/results/web.md
 *   node --import tsx bench/web.ts --pages /upload,/admin/audit     only those pages, no results file
 *   BENCH_PARTNER=30443 ...     the users signed in through that partner's co-branded login (a partner's session)
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { firstEan13Photo } from './support/dataset.ts';
import { waitFor } from './upload.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(repoRoot, 'bench/results/web.md');
const DIST = path.join(repoRoot, 'web/dist');
const PORTAL_PORT = 3971 + Number(process.env.E2E_PORT_OFFSET ?? 0);

/** Chrome DevTools' "Fast 3G" as the issue measures it. */
export const FAST_3G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const NETWORKS = [
  { name: 'Fast 3G', conditions: FAST_3G },
  { name: 'unthrottled', conditions: null },
] as const;

interface PageCase {
  /** As shown in the results; `:id` stands for a submission of the demo supplier's, found at the start of the run. */
  path: string;
  /** Who is signed in: the demo supplier, or the demo administrator for the staff pages; none for logged-out ones. */
  user: 'supplier' | 'staff' | null;
  /** CSS selector (and text) of the control a user came for; usable = visible and enabled. */
  control: string;
  text?: string;
  controlName: string;
  /** Also measured on the baseline server (the first pages measured; the others compare against the targets). */
  baseline?: boolean;
}
/** The activity list loaded: its rows, or its empty-list text. */
const ACTIVITY_LIST = '[role="tabpanel"] table tbody tr, [role="tabpanel"] p:not([role="status"] p)';
export const PAGES: PageCase[] = [
  { path: '/login', user: null, control: 'form input[type="email"]', controlName: 'e-mail field', baseline: true },
  { path: '/30443', user: null, control: 'a[href="/30443/login"]', controlName: 'Log in button', baseline: true },
  {
    path: '/activity/requires_action',
    user: 'supplier',
    control: ACTIVITY_LIST,
    controlName: 'the list loaded (its rows, or for the demo supplier its empty-list text)',
    baseline: true,
  },
  {
    path: '/upload',
    user: 'supplier',
    control: 'button',
    text: 'Choose files',
    controlName: 'Choose files button',
    baseline: true,
  },
  { path: '/productSubmissions/:id', user: 'supplier', control: 'main h2', text: 'Images', controlName: 'its images' },
  { path: '/cataloguedProducts', user: 'supplier', control: 'main table tbody tr a', controlName: 'the list rows' },
  {
    path: '/account/information',
    user: 'supplier',
    control: 'main form input[type="email"]',
    controlName: 'the account form',
  },
  // The review queue at its own address (where / sends staff): /activity/submitted is no tab, only a redirect to it.
  { path: '/activity/pending', user: 'staff', control: ACTIVITY_LIST, controlName: "staff: the review queue's list" },
  { path: '/admin/audit', user: 'staff', control: 'main table tbody tr', controlName: 'staff: the audit rows' },
  { path: '/admin/jobs', user: 'staff', control: 'main table tbody tr', controlName: 'staff: the jobs rows' },
  { path: '/settings', user: 'staff', control: 'main table tbody tr a', controlName: 'staff: the partner list' },
  { path: '/access', user: 'staff', control: 'main table tbody tr', controlName: 'staff: the companies with access' },
];

export const TARGETS = {
  loggedOutKb: 150,
  loggedOutMs: 2000,
  signedInKb: 300,
  /** Every signed-in page usable within 2 s on Fast 3G cold, in at most 25 requests. */
  signedInMs: 2000,
  signedInRequests: 25,
  warmKb: 10,
};

interface Load {
  bytes: number;
  requests: number;
  usableMs: number;
}
export interface WebRow {
  page: string;
  network: string;
  server: 'portal' | 'baseline';
  cold: Load;
  warm: Load;
}

// ---------------------------------------------------------------------------------------------------------------
// The baseline: the same files, uncompressed, `public, max-age=3600`, index.html for app routes; API to the portal.

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
};

function isServerPath(req: IncomingMessage) {
  const url = req.url ?? '/';
  if (/^\/(api|graphql|draftSubmissions)(\/|$|\?)/.test(url)) return true;
  return /^\/productSubmissions\//.test(url) && !req.headers.accept?.includes('text/html');
}

function forwardToPortal(req: IncomingMessage, res: ServerResponse) {
  const headers = { ...req.headers, host: `127.0.0.1:${PORTAL_PORT}` };
  delete headers['accept-encoding']; // the old portal compressed nothing
  if (headers.origin) headers.origin = `http://127.0.0.1:${PORTAL_PORT}`;
  const upstream = httpRequest(
    { host: '127.0.0.1', port: PORTAL_PORT, path: req.url, method: req.method, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** Listens on a free port (see its address()). */
export function startBaselineServer(port = 0): Promise<Server> {
  const server = createServer((req, res) => {
    if (isServerPath(req)) return forwardToPortal(req, res);
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(DIST, path.normalize(pathname));
    const isFile = file.startsWith(DIST) && existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (/^\/(assets|static)\//.test(pathname)) return res.writeHead(404).end();
      file = path.join(DIST, 'index.html');
    }
    const stat = statSync(file);
    const etag = `W/"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': 'public, max-age=3600',
      etag,
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------------------------------------------------------

/** One page load in `page`, counted from the wire: bytes (headers included), network requests, time to usable. */
async function measureLoad(
  page: Page,
  cdp: Awaited<ReturnType<BrowserContext['newCDPSession']>>,
  action: () => Promise<unknown>,
  { control, text }: PageCase,
): Promise<Load> {
  let bytes = 0;
  let requests = 0;
  const onFinished = (event: { encodedDataLength: number }) => {
    // Files from the cache cost nothing on the wire; a revalidation (304) costs its headers.
    if (event.encodedDataLength > 0) {
      bytes += event.encodedDataLength;
      requests += 1;
    }
  };
  cdp.on('Network.loadingFinished', onFinished);
  try {
    await action();
    // No named functions inside: tsx would add a naming helper to their source that the page does not have.
    const usableMs = await page.waitForFunction(
      ([selector, label]) =>
        [...document.querySelectorAll<HTMLButtonElement>(selector)].some(
          (e) => e.checkVisibility() && !e.disabled && e.textContent?.includes(label),
        )
          ? performance.now()
          : null,
      [control, text ?? ''] as const,
      { polling: 'raf', timeout: 60_000 },
    );
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    return { bytes, requests, usableMs: (await usableMs.jsonValue()) as number };
  } finally {
    cdp.off('Network.loadingFinished', onFinished);
  }
}

async function measurePage(
  browser: Browser,
  base: string,
  pageCase: PageCase,
  conditions: (typeof NETWORKS)[number]['conditions'],
  session: Session,
) {
  const context = await browser.newContext({
    storageState: pageCase.user ? session.storageStates[pageCase.user] : undefined,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (conditions) await cdp.send('Network.emulateNetworkConditions', conditions);
    try {
      const cold = await measureLoad(page, cdp, () => page.goto(base + urlOf(pageCase, session)), pageCase);
      const warm = await measureLoad(page, cdp, () => page.reload(), pageCase);
      return { cold, warm };
    } catch (error) {
      const shot = path.join(tmpdir(), `bench-web-${pageCase.path.replace(/\W+/g, '_')}.png`);
      await page.screenshot({ path: shot }).catch(() => {});
      throw new Error(`${base}${pageCase.path}: ${(error as Error).message} (screenshot ${shot})`);
    }
  } finally {
    await context.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
interface Session {
  storageStates: Record<'supplier' | 'staff', StorageState>;
  submissionId: string;
}
/**
 * A product submitted as a supplier submits one (a photo of the dataset uploaded, named, sent), for the detail page:
 * the demo data's own submissions are catalogued, and their address leads on to the catalogue.
 */
async function submitOnePhoto(browser: Browser, portalUrl: string, storageState: StorageState): Promise<string> {
  const context = await browser.newContext({ storageState });
  try {
    const headers = { origin: portalUrl };
    const photo = firstEan13Photo();
    const upload = await context.request.post(`${portalUrl}/api/draftSubmissions`, {
      headers,
      multipart: { files: { name: photo.name, mimeType: 'image/jpeg', buffer: photo.data } },
    });
    if (!upload.ok()) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`);
    const { id } = (await upload.json()) as { id: string };
    const graphql = async (query: string, variables: object) => {
      const res = await context.request.post(`${portalUrl}/graphql`, { headers, data: { query, variables } });
      const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
      if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
      return body.data!;
    };
    // The photo's code is read in the background; the draft is named and sent once it has been.
    const started = Date.now();
    for (;;) {
      const data = await graphql(
        `
          query ($id: ID!) {
            getDraftSubmission(id: $id) {
              files {
                detectedUpc
              }
            }
          }
        `,
        { id },
      );
      const [file] = (data.getDraftSubmission as { files: { detectedUpc: string | null }[] }).files;
      if (file?.detectedUpc) break;
      if (Date.now() - started > 60_000) throw new Error('the photo of the detail page was never read');
      await new Promise((r) => setTimeout(r, 250));
    }
    await graphql(
      `
        mutation ($id: ID!, $input: UpdateDraftSubmissionInput!) {
          updateDraftSubmission(id: $id, input: $input) {
            id
          }
        }
      `,
      { id, input: { files: [{ fileName: photo.name, productName: 'Bench oat flakes', isMarketingImage: true }] } },
    );
    const sent = await graphql(
      `
        mutation ($id: ID!) {
          submitProductsFromDraftSubmission(id: $id) {
            id
          }
        }
      `,
      { id },
    );
    return (sent.submitProductsFromDraftSubmission as { id: string }[])[0].id;
  } finally {
    await context.close();
  }
}

const urlOf = (pageCase: PageCase, session: Session) => pageCase.path.replace(':id', session.submissionId);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianLoad = (loads: Load[]): Load => ({
  bytes: median(loads.map((l) => l.bytes)),
  requests: median(loads.map((l) => l.requests)),
  usableMs: median(loads.map((l) => l.usableMs)),
});

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function webTargetsMet(rows: WebRow[]) {
  const failures: string[] = [];
  for (const r of rows.filter((row) => row.server === 'portal')) {
    const pageCase = PAGES.find((p) => p.path === r.page)!;
    const signedIn = pageCase.user !== null;
    const limitKb = signedIn ? TARGETS.signedInKb : TARGETS.loggedOutKb;
    if (r.cold.bytes / 1024 > limitKb)
      failures.push(`${r.page} (${r.network}): ${kb(r.cold.bytes)} KB cold, target ${limitKb} KB`);
    const limitMs = signedIn ? TARGETS.signedInMs : TARGETS.loggedOutMs;
    if (r.network === 'Fast 3G' && r.cold.usableMs > limitMs) {
      failures.push(`${r.page} (Fast 3G): usable after ${r.cold.usableMs.toFixed(0)} ms cold, target ${limitMs} ms`);
    }
    if (signedIn && r.network === 'Fast 3G' && r.cold.requests > TARGETS.signedInRequests) {
      failures.push(`${r.page} (Fast 3G): ${r.cold.requests} requests cold, target ${TARGETS.signedInRequests}`);
    }
    if (r.warm.bytes / 1024 >= TARGETS.warmKb)
      failures.push(`${r.page} (${r.network}): warm reload ${kb(r.warm.bytes)} KB, target under ${TARGETS.warmKb} KB`);
  }
  return failures;
}

export async function runWebBench({
  runs = 3,
  write = true,
  log = console.log,
  /** Only the pages whose path is one of these (a quicker look while working on some); writes no results file. */
  only = null as string[] | null,
} = {}): Promise<{
  rows: WebRow[];
  failures: string[];
}> {
  log('building the web app...');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
  const env = { ...process.env };
  delete env.DATABASE_URL; // the embedded database with its demo data
  const portal = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...env,
      PORT: String(PORTAL_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let baseline: Server | undefined;
  let browser: Browser | undefined;
  try {
    const portalUrl = `http://127.0.0.1:${PORTAL_PORT}`;
    await waitFor(`${portalUrl}/api/feature-flags/enabled`, portal);
    baseline = await startBaselineServer();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    // Signed in once per user; the session cookie (host 127.0.0.1) serves both servers, the baseline forwarding the API.
    const signIn = async (username: string, password: string) => {
      const loginContext = await browser!.newContext();
      try {
        const login = await loginContext.request.post(`${portalUrl}/api/auth/login`, {
          // A partner's session: its pages move under the partner, whose co-branding the shell waits for.
          form: { username, password, ...(process.env.BENCH_PARTNER && { partner: process.env.BENCH_PARTNER }) },
          headers: { origin: portalUrl },
        });
        if (!login.ok()) throw new Error(`login ${username} failed: ${login.status()}`);
        return await loginContext.storageState();
      } finally {
        await loginContext.close();
      }
    };
    const supplier = await signIn('supplier@example.com', 'Supplier-demo-1');
    const staff = await signIn('admin@example.com', 'Admin-demo-1');
    const session: Session = {
      storageStates: { supplier, staff },
      submissionId: await submitOnePhoto(browser, portalUrl, supplier),
    };

    const servers = [
      { server: 'portal' as const, base: portalUrl },
      { server: 'baseline' as const, base: `http://127.0.0.1:${(baseline.address() as AddressInfo).port}` },
    ];
    // One unmeasured pass: the demo data's background jobs finish, the servers compile their first queries.
    for (const { server, base } of servers)
      for (const p of PAGES) if (server === 'portal' || p.baseline) await measurePage(browser, base, p, null, session);

    const rows: WebRow[] = [];
    for (const network of NETWORKS) {
      for (const p of PAGES.filter((page) => !only || only.includes(page.path))) {
        for (const { server, base } of servers) {
          if (server === 'baseline' && !p.baseline) continue;
          const samples = [];
          for (let i = 0; i < runs; i++) samples.push(await measurePage(browser, base, p, network.conditions, session));
          const row: WebRow = {
            page: p.path,
            network: network.name,
            server,
            cold: medianLoad(samples.map((s) => s.cold)),
            warm: medianLoad(samples.map((s) => s.warm)),
          };
          rows.push(row);
          log(
            `${row.network} ${row.page} ${row.server}: cold ${kb(row.cold.bytes)} KB / ${row.cold.requests} req / ${row.cold.usableMs.toFixed(0)} ms; warm ${kb(row.warm.bytes)} KB / ${row.warm.requests} req / ${row.warm.usableMs.toFixed(0)} ms`,
          );
        }
      }
    }
    const failures = webTargetsMet(rows);
    const table = [
      '# Web app first load',
      '',
      `Chromium, median of ${runs} loads per row. Fast 3G: ${FAST_3G.latency} ms round trip, 1.6 Mbit/s down, 750 kbit/s up (DevTools protocol emulation). ` +
        'Cold: a fresh browser profile; warm: a reload of the same page. Bytes are as sent over the wire (headers included), ' +
        'requests those that reached the network. Usable: from the start of the navigation until the main control is visible and enabled ' +
        `(${PAGES.map((p) => `${p.path}: ${p.controlName}`).join('; ')}). Signed in as the demo supplier, or for the staff pages ` +
        'the demo administrator; `:id` is a submission of the supplier. The baseline serves the same build as plain files with ' +
        '`public, max-age=3600` and forwards API calls to the portal without compression (the portal before it served its own caching and compression); it is ' +
        `measured for ${PAGES.filter((p) => p.baseline)
          .map((p) => p.path)
          .join(', ')}.`,
      '',
      '| network | page | server | cold KB | cold requests | cold usable ms | warm KB | warm requests | warm usable ms |',
      '|---|---|---|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.network} | \`${r.page}\` | ${r.server} | ${kb(r.cold.bytes)} | ${r.cold.requests} | ${r.cold.usableMs.toFixed(0)} | ${kb(r.warm.bytes)} | ${r.warm.requests} | ${r.warm.usableMs.toFixed(0)} |`,
      ),
      '',
      `Targets (portal): logged-out pages at most ${TARGETS.loggedOutKb} KB over the wire and usable within ${TARGETS.loggedOutMs / 1000} s on Fast 3G cold; ` +
        `signed-in pages at most ${TARGETS.signedInKb} KB cold, usable within ${TARGETS.signedInMs / 1000} s on Fast 3G cold in at most ` +
        `${TARGETS.signedInRequests} requests; a warm reload under ${TARGETS.warmKb} KB.`,
      '',
      failures.length === 0 ? 'All targets met.' : `Missed: ${failures.join('; ')}.`,
      '',
    ].join('\n');
    log(`\n${table}`);
    if (write && !only) writeFileSync(RESULTS, table);
    return { rows, failures };
  } finally {
    await browser?.close();
    baseline?.close();
    portal.kill('SIGTERM');
    await new Promise((r) => portal.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const { failures } = await runWebBench({
    runs: Number(arg('--runs') ?? 3),
    only: arg('--pages')?.split(',') ?? null,
  });
  if (failures.length > 0) process.exitCode = 1;
}
