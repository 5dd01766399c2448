/**
 * Photo checks benchmark (issue 20): precision and recall of each check on a labelled set made here from
 * datasets/barcode-photos (never copied: variants are written to a temporary folder and removed), the time the
 * checks add to the barcode reading of 12-megapixel photos, and the barcode accuracy with and without them.
 *
 *   npm run bench -- photo-checks      prints the tables and writes bench/results/photo-checks.md
 *
 * How the set is labelled (a check is scored only on the images labelled for it):
 * - BLURRY: Gaussian blur of sigma 2.5 and 4 px (at the size the checks judge: every dataset photo is smaller than
 *   it) are positives; the unchanged photos negatives.
 * - TOO_DARK: brightness × 0.3 positives; OVEREXPOSED: × 1.6 + 90 positives; the unchanged photos negatives of both.
 * - DUPLICATE: a JPEG re-encoding at quality 50, a copy at 60% size, and a crop of 5% on every side of each photo,
 *   looked up among the unchanged photos, are positives (right only when the match is their own original); each
 *   unchanged photo looked up among the others is a negative.
 * - PLACEHOLDER_CODE: placeholder codes (all zeros, repeated digits, GS1 and other published examples) drawn by
 *   bwip-js, upright and turned, are positives; the same scenes with valid codes of real-looking prefixes are
 *   negatives; the unchanged photos are labelled by their expected code.
 * - CODE_UNREADABLE: every photo with a barcode that no pass reads is a positive; photos whose code is read, and
 *   generated pack artwork without any barcode (text, shapes, gradients), are negatives.
 * - LOW_RESOLUTION, against the default line (1000 px on the longest side): 4000 × 3000 scenes and their copies at
 *   1600 and 1000 px are negatives; their copies at 800 and 500 px and the dataset photos (all under 1000 px)
 *   positives.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  DEFAULT_MIN_IMAGE_LONG_SIDE_PX,
  isPlaceholderCode,
  PHOTO_ISSUE_CODES,
  type PhotoIssueCode,
  type UploadKind,
} from '@portal/domain';
import { analyseFile, READ_BASE_WIDTH, readBarcodesDetailed, type FileAnalysis } from '../server/src/media/barcodes.ts';
import { kindBySignature, readFileHead } from '../server/src/media/file-signature.ts';
import { samePicture } from '../server/src/media/perceptual-hash.ts';
import { greyForJudging, judgePhoto, measurePhoto } from '../server/src/media/photo-quality.ts';
import { loadRgba, sourceSize } from '../server/src/media/pixels.ts';
import { closeDigitReader } from '../server/src/media/printed-digits.ts';
import { matchesExpectedCode } from '../server/src/media/retail-code.ts';
import { barcodePng, barcodeScene, type Symbology } from '../server/test/support/media-files.ts';
import { DATASET_DIR, loadManifest } from './barcodes.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = path.join(repoRoot, 'bench/results/photo-checks.md');
const TARGET = { precision: 0.95, recall: 0.9, addedMs: 40 };

interface Scored {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}
const score = () => ({ tp: 0, fp: 0, fn: 0, tn: 0 });
const tally = (s: Scored, label: boolean, said: boolean) => {
  if (label && said) s.tp++;
  else if (label) s.fn++;
  else if (said) s.fp++;
  else s.tn++;
};
const precision = (s: Scored) => (s.tp + s.fp ? s.tp / (s.tp + s.fp) : 1);
const recall = (s: Scored) => (s.tp + s.fn ? s.tp / (s.tp + s.fn) : 1);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function analyse(file: string): Promise<FileAnalysis> {
  const kind = kindBySignature(await readFileHead(file)) as UploadKind;
  return analyseFile(file, kind);
}

/**
 * The pixel measures alone, as analyseFile takes them (same decode, same size), without the barcode reading: for the
 * variants that test the pixel checks only, so the benchmark stays short on a busy machine.
 */
async function measureOnly(file: string): Promise<FileAnalysis> {
  const base = await loadRgba({ file }, { width: READ_BASE_WIDTH });
  const { width, height } = await sourceSize({ file });
  return { codes: [], readFrom: null, region: null, photo: measurePhoto(greyForJudging(base), { width, height }) };
}
/** PHOTO_BENCH_DUMP=file.json: every measure with its label, for tuning thresholds without re-running. */
const dump: { label: string; codes: string[]; photo: FileAnalysis['photo'] }[] = [];
const record = (label: string, a: FileAnalysis) => dump.push({ label, codes: a.codes, photo: a.photo });
const says = (a: FileAnalysis, code: PhotoIssueCode) => judgePhoto(a.photo, a.codes).includes(code);

const PLACEHOLDERS: [Symbology, string][] = [
  ['ean13', '0000000000000'],
  ['ean13', '1111111111116'],
  ['ean13', '5901234123457'],
  ['ean13', '0614141123452'],
  ['upca', '012345678905'],
  ['ean13', '9506000134352'],
  ['ean8', '12345670'],
  ['ean8', '55555555'],
  ['ean13', '0614141000012'],
  ['ean13', '9501234567907'],
  ['ean13', '1234567890128'],
  ['upca', '999999999993'],
];

/** Valid codes with real-looking prefixes (check digit computed). */
function realCodes(n: number): [Symbology, string][] {
  const out: [Symbology, string][] = [];
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < n; i++) {
    const body =
      ['871', '761', '301', '501', '400'][i % 5] + Array.from({ length: 9 }, () => Math.floor(rand() * 10)).join('');
    let sum = 0;
    for (let j = 0; j < 12; j++) sum += Number(body[11 - j]) * (j % 2 === 0 ? 3 : 1);
    out.push(['ean13', body + ((10 - (sum % 10)) % 10)]);
  }
  return out;
}

/** Pack artwork without a barcode: words, shapes and gradients (the things that could look like bars). */
function artworkSvg(i: number, width = 800, height = 600): string {
  const words = [
    'Organic',
    'Whole Grain Oats',
    'Net Wt 500 g',
    'Best before',
    'Ingredients: oats, salt',
    'Nutrition Facts',
    'Serving size 40 g',
    'Keep dry',
    'Made in Vermont',
    'Gluten free',
    'Recyclable',
    'Calories 150',
  ];
  const lines = Array.from(
    { length: 4 + (i % 6) },
    (_, k) =>
      `<text x="${40 + ((k * 37) % 200)}" y="${80 + k * 60}" font-family="DejaVu Sans" font-size="${18 + ((i + k) % 5) * 8}" fill="#${(
        (i * 2654435761 + k * 97) %
        0xffffff
      )
        .toString(16)
        .padStart(6, '0')}">${words[(i + k) % words.length]}</text>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4e3c1"/><stop offset="1" stop-color="#${(
      (i * 40503) %
      0xffffff
    )
      .toString(16)
      .padStart(6, '0')}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${600 - (i % 4) * 60}" cy="${150 + (i % 3) * 100}" r="${60 + (i % 5) * 15}" fill="#2a7a3b" opacity="0.8"/>
    <rect x="${420 + (i % 3) * 20}" y="380" width="300" height="160" rx="20" fill="#c0392b" opacity="0.7"/>${lines}</svg>`;
}

export interface PhotoChecksBenchResult {
  ok: boolean;
  markdown: string;
}

export async function runPhotoChecksBench(): Promise<PhotoChecksBenchResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'photo-checks-'));
  try {
    return await runIn(dir);
  } finally {
    await closeDigitReader(); // its worker thread would keep the process alive
    await rm(dir, { recursive: true, force: true });
  }
}

async function runIn(dir: string): Promise<PhotoChecksBenchResult> {
  const scores = Object.fromEntries(PHOTO_ISSUE_CODES.map((c) => [c, score()])) as Record<PhotoIssueCode, Scored>;
  const photos = (await loadManifest(DATASET_DIR)).map((p) => ({ ...p, path: path.join(DATASET_DIR, p.file) }));
  // Strips a few pixels high are not photos: no check can judge them (nor can a person).
  const usable: typeof photos = [];
  for (const p of photos) {
    const meta = await sharp(p.path).metadata();
    if (Math.min(meta.width ?? 0, meta.height ?? 0) >= 32) usable.push(p);
  }
  let file = 0;
  const write = async (data: Buffer, ext: string) => {
    const name = path.join(dir, `${file++}.${ext}`);
    await writeFile(name, data);
    return name;
  };

  // The unchanged photos, with the barcode accuracy of analyseFile against readBarcodes in the same run.
  const originals: { hash: string; codes: string[]; analysis: FileAnalysis }[] = [];
  let foundPlain = 0;
  let foundChecked = 0;
  for (const p of usable) {
    const analysis = await analyse(p.path);
    const plain = await readBarcodesDetailed(p.path, kindBySignature(await readFileHead(p.path)) as UploadKind);
    if (plain.codes.some((c) => matchesExpectedCode(c, p.expected))) foundPlain++;
    if (analysis.codes.some((c) => matchesExpectedCode(c, p.expected))) foundChecked++;
    originals.push({ hash: analysis.photo.hash, codes: analysis.codes, analysis });
    record('original', analysis);
    for (const code of ['BLURRY', 'TOO_DARK', 'OVEREXPOSED'] as const) tally(scores[code], false, says(analysis, code));
    tally(scores.LOW_RESOLUTION, true, says(analysis, 'LOW_RESOLUTION'));
    tally(scores.PLACEHOLDER_CODE, isPlaceholderCode(p.expected), says(analysis, 'PLACEHOLDER_CODE'));
    tally(scores.CODE_UNREADABLE, analysis.codes.length === 0, says(analysis, 'CODE_UNREADABLE'));
  }
  // As the job looks: the nearest of the others that is the same picture (hash and codes, samePicture).
  const nearest = (file: { hash: string; codes: string[] }, except: number) => {
    let best = { index: -1, bits: 65 };
    originals.forEach((o, i) => {
      if (i === except) return;
      const bits = samePicture(file, o);
      if (bits !== null && bits < best.bits) best = { index: i, bits };
    });
    return best;
  };
  originals.forEach((o, i) => tally(scores.DUPLICATE, false, nearest(o, i).index >= 0));

  const blurValues: { sigma: number; blur: number | null }[] = [];
  for (const [i, p] of usable.entries()) {
    if (i % 50 === 0) console.error(`variants: ${i} / ${usable.length}`);
    const source = () => sharp(p.path);
    const meta = await source().metadata();
    for (const sigma of [2.5, 4]) {
      // Every third blurred photo is read too: the ones no pass reads are positives of CODE_UNREADABLE.
      const read = sigma === 4 && i % 3 === 0;
      const blurred = await write(await source().blur(sigma).png().toBuffer(), 'png');
      const a = read ? await analyse(blurred) : await measureOnly(blurred);
      blurValues.push({ sigma, blur: a.photo.blur });
      record(`blur ${sigma}`, a);
      tally(scores.BLURRY, true, says(a, 'BLURRY'));
      if (read) tally(scores.CODE_UNREADABLE, a.codes.length === 0, says(a, 'CODE_UNREADABLE'));
    }
    const dark = await measureOnly(await write(await source().linear(0.3, 0).png().toBuffer(), 'png'));
    tally(scores.TOO_DARK, true, says(dark, 'TOO_DARK'));
    record('dark', dark);
    const bright = await measureOnly(await write(await source().linear(1.6, 90).png().toBuffer(), 'png'));
    tally(scores.OVEREXPOSED, true, says(bright, 'OVEREXPOSED'));
    record('bright', bright);
    const w = meta.width;
    const h = meta.height;
    const copies = [
      await source().jpeg({ quality: 50 }).toBuffer(),
      await source()
        .resize(Math.round(w * 0.6))
        .png()
        .toBuffer(),
      await source()
        .extract({
          left: Math.round(w * 0.05),
          top: Math.round(h * 0.05),
          width: Math.round(w * 0.9),
          height: Math.round(h * 0.9),
        })
        .png()
        .toBuffer(),
    ];
    for (const copy of copies) {
      const a = await measureOnly(await write(copy, 'img'));
      const match = nearest({ hash: a.photo.hash, codes: a.codes }, -1);
      record(`copy of ${i}`, a);
      const found = match.index >= 0;
      if (found && match.index === i) scores.DUPLICATE.tp++;
      else if (found) {
        scores.DUPLICATE.fp++;
        scores.DUPLICATE.fn++;
      } else scores.DUPLICATE.fn++;
    }
  }

  // Drawn codes: placeholders (positives) and real-looking codes (negatives), upright and turned 12°.
  for (const [codes, placeholder] of [
    [PLACEHOLDERS, true],
    [realCodes(PLACEHOLDERS.length), false],
  ] as const) {
    for (const [symbology, text] of codes) {
      for (const rotate of [0, 12]) {
        const scene = await barcodeScene([await barcodePng(symbology, text, 3)], {
          width: 1600,
          height: 1200,
          rotate,
          format: 'jpeg',
        });
        const a = await analyse(await write(scene, 'jpg'));
        tally(scores.PLACEHOLDER_CODE, placeholder, says(a, 'PLACEHOLDER_CODE'));
      }
    }
  }
  // Artwork without a barcode: nothing to read, and no region should be claimed.
  for (let i = 0; i < 45; i++) {
    let image = sharp(Buffer.from(artworkSvg(i)));
    if (i % 3 === 1) image = image.blur(1.5);
    const a = await analyse(await write(await image.jpeg({ quality: 85 }).toBuffer(), 'jpg'));
    tally(scores.CODE_UNREADABLE, false, says(a, 'CODE_UNREADABLE'));
    record('artwork', a);
  }

  // 12-megapixel photos: resolution labels, and the time the checks add to the reading.
  const large: string[] = [];
  for (const [i, p] of usable.filter((_, k) => k % 45 === 0).entries()) {
    // A dataset photo as the pack in a 4000 × 3000 phone photo, on a textured table.
    const pack = await sharp(p.path).resize(1800, 1800, { fit: 'inside' }).png().toBuffer();
    const table = sharp(Buffer.from(artworkSvg(i, 4000, 3000))).composite([
      { input: pack, left: 1000 + (i % 3) * 200, top: 500 },
    ]);
    large.push(await write(await table.jpeg({ quality: 90 }).toBuffer(), 'jpg'));
  }
  for (const [i, code] of realCodes(2).entries()) {
    large.push(
      await write(
        await barcodeScene([await barcodePng(code[0], code[1], 6 + i)], { width: 4000, height: 3000, format: 'jpeg' }),
        'jpg',
      ),
    );
  }
  // Time: what analyseFile does beyond the reading, timed next to the reading of the same photo: the size from the
  // header (asked when the reading starts, as analyseFile does, and awaited after it), the grey copy at judging size
  // and the measures, on the base image the first pass decoded. Warmed up first (a media process does the same work
  // for every file), median of 3 rounds per photo. Wall time is what a user waits; the CPU time of this thread is
  // also given, as it depends less on what else the machine runs.
  const addedMs: number[] = [];
  const addedCpuMs: number[] = [];
  const readMs: number[] = [];
  const timedRound = async (file: string) => {
    const base = await loadRgba({ file }, { width: READ_BASE_WIDTH });
    const t0 = performance.now();
    const sizeRead = sourceSize({ file });
    await readBarcodesDetailed(file, 'jpeg');
    const t1 = performance.now();
    const cpu = process.cpuUsage();
    measurePhoto(greyForJudging(base), await sizeRead);
    const { user, system } = process.cpuUsage(cpu);
    return { read: t1 - t0, added: performance.now() - t1, cpu: (user + system) / 1000 };
  };
  await timedRound(large[0]);
  for (const file of large) {
    const a = await analyse(file);
    tally(scores.LOW_RESOLUTION, false, says(a, 'LOW_RESOLUTION'));
    // Copies on both sides of the default line (a partner's own line is judged the same way).
    for (const width of [1600, 1000, 800, 500]) {
      const small = await measureOnly(await write(await sharp(file).resize(width).jpeg().toBuffer(), 'jpg'));
      tally(scores.LOW_RESOLUTION, width < DEFAULT_MIN_IMAGE_LONG_SIDE_PX, says(small, 'LOW_RESOLUTION'));
    }
    const rounds = [await timedRound(file), await timedRound(file), await timedRound(file)];
    readMs.push(...rounds.map((r) => r.read));
    addedMs.push(median(rounds.map((r) => r.added)));
    addedCpuMs.push(median(rounds.map((r) => r.cpu)));
  }

  const rows = PHOTO_ISSUE_CODES.map((code) => {
    const s = scores[code];
    const ok = precision(s) >= TARGET.precision && recall(s) >= TARGET.recall;
    return { code, s, ok };
  });
  const addedMedian = median(addedMs);
  const sameAccuracy = foundChecked === foundPlain;
  const ok = rows.every((r) => r.ok) && addedMedian <= TARGET.addedMs && sameAccuracy;
  const blurBy = (sigma: number) => blurValues.filter((b) => b.sigma === sigma && b.blur !== null).map((b) => b.blur!);
  const markdown = [
    '# Photo checks',
    '',
    `${usable.length} photos of \`datasets/barcode-photos\` (${photos.length - usable.length} strips under 32 px left out) and variants made from them, ` +
      `plus generated codes and artwork, on Node ${process.versions.node}, ${cpus().length} × ${cpus()[0]?.model.trim()}. ` +
      'How each check is labelled: bench/photo-checks.ts. Targets: precision ≥ 95% and recall ≥ 90% for every check.',
    '',
    '| check | positives | negatives | true pos. | false pos. | missed | precision | recall | target met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      ({ code, s, ok: met }) =>
        `| ${code} | ${s.tp + s.fn} | ${s.tn + s.fp} | ${s.tp} | ${s.fp} | ${s.fn} | ${pct(precision(s))} | ${pct(recall(s))} | ${met ? 'yes' : 'no'} |`,
    ),
    '',
    `Blur effect (0 sharp, 1 flat) of the unchanged photos: median ${median(originals.map((o) => o.analysis.photo.blur ?? 0)).toFixed(2)}; ` +
      `blurred with sigma 2.5: ${median(blurBy(2.5)).toFixed(2)}; sigma 4: ${median(blurBy(4)).toFixed(2)}.`,
    '',
    '## Time and barcode accuracy',
    '',
    `Time the checks add to the barcode reading of a 4000 × 3000 JPEG (${large.length} photos, timed beside the reading of the same photo, ` +
      `median of 3 each): **median ${addedMedian.toFixed(1)} ms** (target ≤ ${TARGET.addedMs} ms; CPU time of the thread ` +
      `${median(addedCpuMs).toFixed(1)} ms), **${((addedMedian / median(readMs)) * 100).toFixed(1)}% of the reading's median** ` +
      `${median(readMs).toFixed(0)} ms measured in the same run (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores when it ended).`,
    '',
    `Barcode accuracy on the ${usable.length} photos: ${foundChecked} found with the checks, ${foundPlain} without (${sameAccuracy ? 'unchanged' : 'CHANGED'}): ` +
      'the checks run after the reading, on the image it decoded.',
  ].join('\n');
  console.log(markdown);
  if (process.env.PHOTO_BENCH_DUMP) await writeFile(process.env.PHOTO_BENCH_DUMP, JSON.stringify(dump));
  await writeFile(RESULTS_FILE, markdown + '\n');
  return { ok, markdown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPhotoChecksBench();
  process.exitCode = result.ok ? 0 : 1;
}
