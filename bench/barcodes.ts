/**
 * Barcode reading benchmark: our reader (server/src/media/barcodes.ts) against a plain single zxing-wasm pass,
 * and against Debian's zbarimg when it is installed (apt-get install zbar-tools), on the 270 real photos of
 * datasets/barcode-photos. All are measured in the same run on the same machine, so ratios are meaningful
 * even where absolute times are not.
 *
 *   node --import tsx bench/barcodes.ts          prints the table and writes bench/results/barcodes.md
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { UploadKind } from '@portal/domain';
import { kindBySignature, readFileHead } from '../server/src/media/file-signature.ts';
import {
  BARCODE_PASS_NAMES,
  PRINTED_DIGITS_PASS,
  readBarcodesDetailed,
  readBarcodesPlain,
} from '../server/src/media/barcodes.ts';
import { closeDigitReader } from '../server/src/media/printed-digits.ts';
import { matchesExpectedCode, normaliseRetailCode, type RetailFormat } from '../server/src/media/retail-code.ts';
import { barcodePng, barcodeScene, damagedBarcodePng } from '../server/test/support/media-files.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const DATASET_DIR = path.resolve(repoRoot, '../shared/datasets/barcode-photos');
const RESULTS_FILE = path.join(repoRoot, 'bench/results/barcodes.md');

interface Photo {
  file: string;
  symbology: string;
  expected: string;
}

interface ReaderRun {
  name: string;
  found: number;
  /** Photos where the reader returned codes, none of them the expected one. */
  wrongOnly: number;
  ms: number[];
  /** Which pass settled each photo (our reader only). */
  passes?: Map<string, number>;
  /** Our reader without its last resort (printed digits): the same bar passes, so counted in the same run. */
  barsOnly?: { found: number; wrongOnly: number; ms: number[] };
  /** Time the printed-digits step took on each photo where it ran (no bar pass found a code). */
  digitsMs?: number[];
  /** Of those, the times on photos the OCR-B templates settled (tesseract did not run there). */
  templatesMs?: number[];
  /** Photos settled by each reader of printed digits. */
  digitsReaders?: Map<string, number>;
}

export interface BarcodeBenchResult {
  images: number;
  ours: ReaderRun;
  plain: ReaderRun;
  zbarimg?: ReaderRun;
  markdown: string;
  /** Our reader finds at least as many expected codes as each other reader measured. */
  ok: boolean;
}

export async function loadManifest(dir: string): Promise<Photo[]> {
  const text = await readFile(path.join(dir, 'manifest.csv'), 'utf8');
  const [header, ...rows] = text.trim().split(/\r?\n/);
  if (header !== 'file,symbology,expected') throw new Error(`Unexpected manifest header: ${header}`);
  return rows.map((row) => {
    const [file, symbology, expected] = row.split(',');
    return { file, symbology, expected };
  });
}

async function measure(
  name: string,
  photos: Photo[],
  dir: string,
  read: (
    file: string,
  ) => Promise<{ codes: string[]; pass?: string | null; digitsMs?: number; digitsReader?: string | null }>,
): Promise<ReaderRun> {
  const result: ReaderRun = { name, found: 0, wrongOnly: 0, ms: [] };
  for (const photo of photos) {
    const start = performance.now();
    const { codes, pass, digitsMs, digitsReader } = await read(path.join(dir, photo.file));
    const elapsed = performance.now() - start;
    result.ms.push(elapsed);
    const found = codes.some((code) => matchesExpectedCode(code, photo.expected));
    if (found) result.found++;
    else if (codes.length > 0) result.wrongOnly++;
    if (digitsMs !== undefined) {
      const barsOnly = (result.barsOnly ??= { found: 0, wrongOnly: 0, ms: [] });
      barsOnly.ms.push(elapsed - digitsMs);
      if (pass !== PRINTED_DIGITS_PASS) {
        if (found) barsOnly.found++;
        else if (codes.length > 0) barsOnly.wrongOnly++;
      }
      if (pass === null || pass === PRINTED_DIGITS_PASS) (result.digitsMs ??= []).push(digitsMs);
      if (digitsReader) {
        result.digitsReaders ??= new Map();
        result.digitsReaders.set(digitsReader, (result.digitsReaders.get(digitsReader) ?? 0) + 1);
        if (digitsReader === 'templates') (result.templatesMs ??= []).push(digitsMs);
      }
    }
    if (pass !== undefined) {
      const key = pass ?? 'none';
      result.passes ??= new Map();
      result.passes.set(key, (result.passes.get(key) ?? 0) + 1);
    }
  }
  return result;
}

const RETAIL_FORMATS: readonly string[] = ['EAN-13', 'UPC-A', 'EAN-8', 'UPC-E'] satisfies RetailFormat[];

/** One zbarimg process per photo, as a server shelling out to it would run; its start-up time is included. */
async function zbarimgRead(file: string): Promise<{ codes: string[] }> {
  const output = await run('zbarimg', ['--quiet', file]).then(
    (r) => r.stdout,
    // zbarimg exits with 4 when it finds nothing
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  const codes: string[] = [];
  for (const line of output.split('\n')) {
    const match = /^([A-Z0-9-]+):(\d+)$/.exec(line.trim());
    const code = match && RETAIL_FORMATS.includes(match[1]) && normaliseRetailCode(match[1] as RetailFormat, match[2]);
    if (code) codes.push(code);
  }
  return { codes };
}

async function hasZbarimg(): Promise<boolean> {
  return run('which', ['zbarimg']).then(
    () => true,
    () => false,
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => value.toFixed(1);

function table(runs: ReaderRun[], images: number, baseline: ReaderRun): string {
  const lines = [
    '| reader | found | accuracy | wrong value only | median ms | p95 ms | total s | found vs plain | median time vs plain |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of runs) {
    const median = percentile(r.ms, 50);
    const total = r.ms.reduce((sum, value) => sum + value, 0);
    lines.push(
      `| ${r.name} | ${r.found} / ${images} | ${((100 * r.found) / images).toFixed(1)}% | ${r.wrongOnly} | ${ms(median)} | ` +
        `${ms(percentile(r.ms, 95))} | ${(total / 1000).toFixed(2)} | ${(r.found / baseline.found).toFixed(2)}× | ` +
        `${(median / percentile(baseline.ms, 50)).toFixed(2)}× |`,
    );
  }
  return lines.join('\n');
}

/**
 * The dataset's photos are small (240 to 760 px); uploads from phones are 12 megapixels. These generated photos
 * show what downscaling saves there, and what the later passes find that a single pass does not.
 */
const LARGE_SCENES = [
  { label: 'full-height code, upright', scale: 6, barHeight: 20, rotate: 0 },
  { label: 'small code, upright', scale: 2, barHeight: 20, rotate: 0 },
  { label: 'full-height code, turned 20°', scale: 5, barHeight: 20, rotate: 20 },
  { label: 'full-height code, turned 45°', scale: 3, barHeight: 20, rotate: 45 },
  { label: 'shortened code, turned 30°', scale: 3, barHeight: 6, rotate: 30 },
  { label: 'no code', scale: 0, barHeight: 0, rotate: 0 },
] as const;

async function largePhotoTable(): Promise<string> {
  const code = '4006381333931';
  const lines = ['| 4000 × 3000 JPEG | ours: found | ours: ms | plain: found | plain: ms |', '|---|---|---:|---|---:|'];
  const dir = await mkdtemp(path.join(tmpdir(), 'barcode-bench-'));
  try {
    for (const scene of LARGE_SCENES) {
      const codes = scene.scale ? [await barcodePng('ean13', code, scene.scale, scene.barHeight)] : [];
      const file = path.join(dir, 'scene.jpg');
      await writeFile(
        file,
        await barcodeScene(codes, { width: 4000, height: 3000, rotate: scene.rotate, format: 'jpeg' }),
      );
      let start = performance.now();
      const ours = await readBarcodesDetailed(file, 'jpeg');
      const oursMs = performance.now() - start;
      start = performance.now();
      const plain = await readBarcodesPlain(file);
      const plainMs = performance.now() - start;
      const shown = (found: string[]) => (found.length ? found.join(' ') : '–');
      lines.push(
        `| ${scene.label} | ${shown(ours.codes)} (${ours.pass ?? 'all passes'}) | ${oursMs.toFixed(0)} | ` +
          `${shown(plain)} | ${plainMs.toFixed(0)} |`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

export async function runBarcodeBench(
  options: { write?: boolean; log?: (line: string) => void } = {},
): Promise<BarcodeBenchResult> {
  try {
    return await benchBarcodes(options);
  } finally {
    await closeDigitReader(); // its worker thread would keep the process alive
  }
}

async function benchBarcodes({ write = true, log = console.log } = {}): Promise<BarcodeBenchResult> {
  if (!existsSync(path.join(DATASET_DIR, 'manifest.csv'))) {
    throw new Error(`The barcode photo dataset is missing: expected ${DATASET_DIR}/manifest.csv`);
  }
  const photos = await loadManifest(DATASET_DIR);
  // Kinds by content, as the server decides them (the dataset is PNG but for one JPEG).
  const kinds = new Map<string, UploadKind>();
  for (const photo of photos) {
    const kind = kindBySignature(await readFileHead(path.join(DATASET_DIR, photo.file)));
    if (!kind) throw new Error(`${photo.file} is not an image the portal accepts`);
    kinds.set(photo.file, kind);
  }

  // Warm-up outside the timings: both wasm modules load once per process, as they do in the server.
  const first = path.join(DATASET_DIR, photos[0].file);
  await readBarcodesPlain(first);
  await readBarcodesDetailed(first, 'png');
  await warmDigitReader();

  log(`Reading ${photos.length} photos with each reader…`);
  const ours = await measure('ours (readBarcodes)', photos, DATASET_DIR, async (file) => {
    return readBarcodesDetailed(file, kinds.get(path.relative(DATASET_DIR, file))!);
  });
  const plain = await measure('plain zxing-wasm, one pass on the file bytes', photos, DATASET_DIR, async (file) => ({
    codes: await readBarcodesPlain(file),
  }));
  const zbarimgVersion = (await hasZbarimg()) ? (await run('zbarimg', ['--version'])).stdout.trim() : undefined;
  const zbarimg = zbarimgVersion
    ? await measure(`zbarimg ${zbarimgVersion}, one process per photo`, photos, DATASET_DIR, zbarimgRead)
    : undefined;

  const barsOnly: ReaderRun = { name: 'ours, bars only (before printed digits)', ...ours.barsOnly! };
  const runs = [barsOnly, ours, plain, ...(zbarimg ? [zbarimg] : [])];
  const digitsMs = ours.digitsMs ?? [];
  const templatesMs = ours.templatesMs ?? [];
  const digitsFound = ours.found - barsOnly.found;
  const ok = runs.every((r) => ours.found >= r.found);
  const passes = [...BARCODE_PASS_NAMES, 'none'].map((name) => `${name} ${ours.passes?.get(name) ?? 0}`).join(', ');
  const markdown = [
    '# Barcode reading',
    '',
    `${photos.length} photos of \`datasets/barcode-photos\` (EAN-13, UPC-A, UPC-E, EAN-8), one at a time, on Node ` +
      `${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}. ` +
      '"found": the expected code is among those returned; "wrong value only": codes were returned but not the ' +
      'expected one. Times are per photo, file reading and decoding included, wasm already loaded.',
    '',
    table(runs, photos.length, plain),
    '',
    `Photos settled by each pass of ours (the first pass that found a code; none: no pass did): ${passes}.`,
    '',
    '## Printed digits',
    '',
    `When no bar pass reads a code, ours looks for a bar-like region and reads the digits printed under it: first ` +
      `by matching OCR-B digit templates (rendered by bwip-js) on the line of digits, then, when that finds no code, ` +
      `with tesseract.js (LSTM model from @tesseract.js-data/eng, read alike by two of four looks); a code counts only ` +
      `with a valid check digit. "ours, bars only" is the same run without that step. It ran on ${digitsMs.length} ` +
      `photos (the others were settled by the bars and spent 0 ms on it), added ${digitsFound} expected codes and ` +
      `${ours.wrongOnly - barsOnly.wrongOnly} wrong ones (codes read: templates ${ours.digitsReaders?.get('templates') ?? 0}, ` +
      `tesseract ${ours.digitsReaders?.get('tesseract') ?? 0}); time it added there: median ${ms(percentile(digitsMs, 50))} ms, ` +
      `p95 ${ms(percentile(digitsMs, 95))} ms, max ${ms(Math.max(...digitsMs))} ms; on the photos the templates settled ` +
      `(tesseract did not run) median ${ms(percentile(templatesMs, 50))} ms, max ${ms(Math.max(...templatesMs))} ms ` +
      "(the tesseract worker's one-time start and the templates' rendering are in the warm-up, as they are once per " +
      'media process).',
    '',
    '## Generated 12-megapixel photos',
    '',
    'One EAN-13 code (4006381333931) placed on a white 4000 × 3000 page, as a phone photo of a pack would be sized.',
    '',
    await largePhotoTable(),
    zbarimg ? '' : '\nzbarimg is not installed (apt-get install zbar-tools), so it was not measured.',
    ok ? '' : '\n**Our reader found fewer codes than another reader.**',
  ]
    .join('\n')
    .trimEnd();
  log(markdown);
  if (write) {
    await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
    await writeFile(RESULTS_FILE, markdown + '\n');
    log(`\nWritten to ${path.relative(process.cwd(), RESULTS_FILE)}`);
  }
  return { images: photos.length, ours, plain, zbarimg, markdown, ok };
}

/** Starts the tesseract worker and renders the OCR-B templates once, outside the timings, on a code whose bars cannot be read. */
async function warmDigitReader() {
  const dir = await mkdtemp(path.join(tmpdir(), 'barcode-bench-'));
  try {
    const file = path.join(dir, 'blank.png');
    await writeFile(file, await damagedBarcodePng('ean13', '4006381333931', '4 006381 333931'));
    await readBarcodesDetailed(file, 'png');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runBarcodeBench();
  if (!result.ok) process.exitCode = 1;
}
