/**
 * npm run bench -- facts: product facts read from generated nutrition-panel photos (turned, blurred, under glare) by
 * the portal's OCR (PP-OCRv4 mobile, in its text-reading media process) and, as the baseline in the same run, by
 * tesseract.js 7 with the same field-matching rules (readLabel). Per photo: values right, wrong, missing; CPU.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { readLabel, type FactReading, type TextLine } from '@portal/domain';
import { readPhotoText } from '../server/src/media/text-reading.ts';
import { nutritionPanelPhoto, PANEL_FACTS } from '../server/test/support/nutrition-panel.ts';

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** The photos: the panel turned by these degrees and blurred by these sigmas. */
const VARIANTS = [
  { angle: 0, blur: 0 },
  { angle: 3, blur: 0.7 },
  { angle: -5, blur: 1 },
  { angle: 8, blur: 0.5 },
  { angle: 2, blur: 1.5 },
  { angle: -2, blur: 0.3 },
];

const squash = (s: unknown) => String(s).replace(/\s+/g, '').toUpperCase();
/** What each value must read as, compared on the reading's value. */
const EXPECTED: Record<string, (v: unknown) => boolean> = {
  servingSize: (v) => (v as { quantity: number }).quantity === 55,
  servingsPerContainer: (v) => (v as { value: number }).value === PANEL_FACTS.servings,
  calories: (v) => v === PANEL_FACTS.calories,
  totalFat: (v) => same(v, 8, 10),
  saturatedFat: (v) => same(v, 1, 5),
  transFat: (v) => same(v, 0, null),
  sodium: (v) => same(v, 160, 7),
  totalCarbohydrate: (v) => same(v, 37, 13),
  protein: (v) => same(v, 3, null),
  netContent: (v) => (v as { quantity: number }).quantity === 340,
  ingredients: (v) => squash(v) === squash(PANEL_FACTS.ingredients),
  allergens: (v) => squash(v) === squash(PANEL_FACTS.allergens),
};
function same(v: unknown, amount: number, percent: number | null) {
  const n = v as { amount: number; dailyValuePercent: number | null };
  return n.amount === amount && n.dailyValuePercent === percent;
}

interface Score {
  right: number;
  wrong: number;
  missing: number;
  cpuMs: number;
}
function score(readings: FactReading[], into: Score) {
  for (const [field, ok] of Object.entries(EXPECTED)) {
    const r = readings.find((x) => x.field === field);
    if (!r) into.missing++;
    else if (ok(r.value)) into.right++;
    else into.wrong++;
  }
}

async function tesseractLines(worker: Awaited<ReturnType<typeof createWorker>>, file: string): Promise<TextLine[]> {
  const { data, info } = await sharp(file)
    .resize(1600, 1600, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const result = await worker.recognize(data, {}, { blocks: true });
  const lines = (result.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  return lines.map((l) => ({
    text: l.text.trim(),
    confidence: l.confidence / 100,
    box: {
      x: l.bbox.x0 / info.width,
      y: l.bbox.y0 / info.height,
      width: (l.bbox.x1 - l.bbox.x0) / info.width,
      height: (l.bbox.y1 - l.bbox.y0) / info.height,
    },
  }));
}

const cpuMs = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(start);
  return [result, (used.user + used.system) / 1000];
};

export async function runFactsBench() {
  const dir = await mkdtemp(path.join(tmpdir(), 'facts-bench-'));
  const paddle: Score = { right: 0, wrong: 0, missing: 0, cpuMs: 0 };
  const tesseract: Score = { right: 0, wrong: 0, missing: 0, cpuMs: 0 };
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
  try {
    for (const [i, variant] of VARIANTS.entries()) {
      const file = path.join(dir, `panel-${i}.jpg`);
      await writeFile(file, await nutritionPanelPhoto(variant));
      // In this process, so that its CPU is measured: the models load at the first photo, as in the media process.
      const [text, paddleMs] = await cpuMs(() => readPhotoText(file, 'jpeg'));
      score(readLabel(text.lines), paddle);
      if (i > 0) paddle.cpuMs += paddleMs; // the first photo also loads the models
      const [lines, tesseractMs] = await cpuMs(() => tesseractLines(worker, file));
      score(readLabel(lines), tesseract);
      if (i > 0) tesseract.cpuMs += tesseractMs;
    }
  } finally {
    await worker.terminate();
    await rm(dir, { recursive: true, force: true });
  }
  const values = VARIANTS.length * Object.keys(EXPECTED).length;
  const timed = VARIANTS.length - 1;
  console.log(
    `${VARIANTS.length} generated panel photos, ${values} values (CPU per photo after the first, which loads the models)\n`,
  );
  console.log('| OCR | right | wrong | missing | CPU per photo |');
  console.log('|---|---|---|---|---|');
  for (const [name, s] of [
    ['PP-OCRv4 mobile (portal)', paddle],
    ['tesseract.js 7 (baseline)', tesseract],
  ] as const)
    console.log(
      `| ${name} | ${s.right} (${Math.round((s.right * 100) / values)}%) | ${s.wrong} | ${s.missing} | ${(s.cpuMs / timed / 1000).toFixed(1)} s |`,
    );
  const ok = paddle.right >= values * 0.9 && paddle.wrong <= values * 0.02;
  return { ok, paddle, tesseract };
}
