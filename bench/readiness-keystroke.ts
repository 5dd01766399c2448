/**
 * The live score on Enter UPC(s), measured in Chromium on the real page: the portal's production build (embedded
 * database, demo data) with the demo supplier signed in through its partner's login, a draft of 10 files (five
 * products of two files each, UPCs, names and marketing images filled in) and the partner's rules with an own
 * "at least 2 images" rule. The UPC field of the last file is focused and each keystroke is either Backspace (the UPC
 * becomes invalid, that product's score drops) or its last digit again (the score comes back): every keystroke
 * changes a score.
 *
 * What is timed, per keystroke: from the keydown event's time stamp (when the browser made the event) until the
 * frame after the score's text changed in the DOM (a MutationObserver sees the change, then a requestAnimationFrame
 * and a message posted from it: the frame holding the new score has been produced). Baseline, in the same run and the
 * same page: a plain <input> outside React whose listener writes a text the same way (what a keystroke costs the
 * browser and this harness with no score at all). Blocks of keystrokes alternate between the two.
 *
 *   node --import tsx bench/readiness-keystroke.ts     (prints the figures; `npm run bench -- readiness` writes them)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { gs1CheckDigit } from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { waitFor } from './upload.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = 3973 + Number(process.env.E2E_PORT_OFFSET ?? 0);
const PARTNER = 30443; // the demo supplier's partner (it asks for product names and marketing images)
const SUPPLIER = { email: 'supplier@example.com', password: 'Supplier-demo-1' };
const ADMIN = { email: 'admin@example.com', password: 'Admin-demo-1' };
const KEYSTROKES = Number(process.env.READINESS_KEYSTROKES ?? 400);
const BLOCK = 20;
export const FILES = 10;

export interface KeystrokeFigures {
  median: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

const figures = (ms: number[]): KeystrokeFigures => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))];
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), max: s[s.length - 1], n: s.length };
};

const ean13 = (n: number) => {
  const body = `41${String(7_000_000_000 + n).padStart(10, '0')}`;
  return body + String(gs1CheckDigit(body));
};

/** A small photo of a colour of its own (no two the same, so none is a duplicate of another). */
const photo = (i: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 20 * i, g: 200 - 15 * i, b: 90 } } })
    .png()
    .toBuffer();

async function session(base: string, who: { email: string; password: string }, partner?: number) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: who.email,
      password: who.password,
      ...(partner && { partner: String(partner) }),
    }),
  });
  if (!res.ok) throw new Error(`login ${who.email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]);
}

async function graphql(base: string, cookies: string[], query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { origin: base, cookie: cookies.join('; '), 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (!res.ok || body.errors) throw new Error(`GraphQL: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
  return body.data!;
}

/** The 10-file draft of the demo supplier for the partner, every file's photo checks done; returns its id. */
async function makeDraft(base: string, supplier: string[]) {
  const form = new FormData();
  for (let i = 1; i <= FILES; i++)
    form.append('files', new Blob([new Uint8Array(await photo(i))], { type: 'image/png' }), `photo-${i}.png`);
  const res = await fetch(`${base}/api/draftSubmissions`, {
    method: 'POST',
    headers: { origin: base, cookie: supplier.join('; ') },
    body: form,
  });
  if (!res.ok) throw new Error(`draft: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const files = Array.from({ length: FILES }, (_, i) => ({
    fileName: `photo-${i + 1}.png`,
    upc: ean13(Math.floor(i / 2)),
    productName: `Bench product ${Math.floor(i / 2) + 1}`,
    isMarketingImage: i % 2 === 0,
  }));
  await graphql(
    base,
    supplier,
    'mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }',
    { id, input: { files } },
  );
  // The photo checks run in the background: measured once they are done (the server idle, the rules judging them).
  for (let i = 0; ; i++) {
    const data = await graphql(
      base,
      supplier,
      'query($id: ID!) { getDraftSubmission(id: $id) { files { detectionStatus } } }',
      { id },
    );
    const draft = data.getDraftSubmission as { files: { detectionStatus: string }[] };
    if (draft.files.every((f) => f.detectionStatus !== 'pending')) break;
    if (i > 600) throw new Error('the photo checks did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
  return { id, lastUpc: files[FILES - 1].upc };
}

/**
 * In the page: a plain input outside React, and the timing of one keystroke until the frame after a text changed.
 * Plain JavaScript in a string: the page runs it as written (no helper of the TypeScript loader in it).
 */
const INSTRUMENT = `(() => {
  const input = document.createElement('input');
  input.id = 'bench-plain';
  input.setAttribute('aria-label', 'Bench plain input');
  const echo = document.createElement('span');
  echo.id = 'bench-echo';
  input.addEventListener('input', () => {
    echo.textContent = (input.value.length % 2 ? 50 : 100) + '%';
  });
  document.body.prepend(input, echo);
  // The readiness panel (the live region with the scores), or the plain input's echo.
  const textOf = (what) => {
    if (what === 'plain') return echo.textContent || '';
    const panel = [...document.querySelectorAll('[aria-live="polite"]')].find((el) => /\\d+%/.test(el.textContent));
    return panel ? panel.textContent : '';
  };
  window.__benchArm = (what) => {
    const before = textOf(what);
    let keydownAt = 0;
    document.addEventListener('keydown', (e) => { keydownAt = e.timeStamp; }, { capture: true, once: true });
    window.__benchDone = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (textOf(what) === before) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now() - keydownAt);
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  };
})()`;

async function keystroke(page: Page, what: 'portal' | 'plain', key: string) {
  await page.evaluate(`window.__benchArm(${JSON.stringify(what)})`);
  await page.keyboard.press(key);
  return page.evaluate<number>('window.__benchDone');
}

async function measure(browser: Browser, base: string, supplier: string[], draftId: string, lastUpc: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const host = new URL(base).hostname;
  await context.addCookies(
    supplier.map((c) => {
      const [name, ...value] = c.split('=');
      return { name, value: value.join('='), domain: host, path: '/' };
    }),
  );
  const page = await context.newPage();
  try {
    await page.goto(`${base}/${PARTNER}/upload/draft/${draftId}/designate_upc`);
    const upcField = page.getByLabel(`UPC for photo-${FILES}.png`);
    await upcField.waitFor();
    // The rules loaded: every product has its score.
    await page
      .getByText(/ready for|%/)
      .first()
      .waitFor();
    await page.waitForFunction(
      `document.querySelectorAll('[aria-live="polite"] [aria-label*="%"]').length >= ${FILES / 2}`,
    );
    await page.evaluate(INSTRUMENT);
    const lastDigit = lastUpc.slice(-1);
    const portal: number[] = [];
    const plain: number[] = [];
    for (let done = 0; done < KEYSTROKES; done += BLOCK) {
      await upcField.focus();
      await upcField.press('End');
      for (let i = 0; i < BLOCK; i++)
        portal.push(await keystroke(page, 'portal', i % 2 === 0 ? 'Backspace' : lastDigit));
      await page.locator('#bench-plain').focus();
      for (let i = 0; i < BLOCK; i++) plain.push(await keystroke(page, 'plain', i % 2 === 0 ? '7' : 'Backspace'));
    }
    const score = await page.locator('[aria-live="polite"] [aria-label*="%"]').first().getAttribute('aria-label');
    return { portal: figures(portal), plain: figures(plain), score };
  } finally {
    await context.close();
  }
}

/** Builds the web app, starts the portal on its own data, measures, stops it. */
export async function runKeystrokeBench(log: (line: string) => void = console.log, build = true) {
  if (build) log('  building the web app for the live-score measurement...');
  if (build)
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-readiness-'));
  const env = { ...process.env };
  delete env.DATABASE_URL; // the embedded database with its demo data
  const portal = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/feature-flags/enabled`, portal);
    const admin = await session(base, ADMIN);
    await graphql(
      base,
      admin,
      'mutation($partner: Int!, $rules: [ReadinessRuleInput!]!) { saveReadinessRules(partnerCompanyId: $partner, rules: $rules) { version } }',
      { partner: PARTNER, rules: [minTwoImagesRule(3)] },
    );
    const supplier = await session(base, SUPPLIER, PARTNER);
    const { id, lastUpc } = await makeDraft(base, supplier);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
    });
    return await measure(browser, base, supplier, id, lastUpc);
  } finally {
    await browser?.close();
    portal.kill('SIGTERM');
    await new Promise((r) => portal.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const r = await runKeystrokeBench(console.log, !process.argv.includes('--no-build'));
  console.log(JSON.stringify(r, null, 2));
}
