/**
 * npm run bench -- facts: product facts read from photos by the portal's OCR (PP-OCRv4 mobile, as its text-reading
 * media process reads them) and, as the baseline in the same run, by tesseract.js 7 with the same field-matching rules
 * (readLabel): the labelled real panels (bench/datasets/nutrition-panels) per layout and per field, and generated
 * panels (turned, blurred). Values right, wrong, missing; CPU per photo; peak memory. bench/results/facts.md.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createWorker, OEM } from 'tesseract.js';
import { readLabel, type FactReading, type TextLine } from '@portal/domain';
import { readPhotoText } from '../server/src/media/text-reading.ts';
import { nutritionPanelPhoto, PANEL_FACTS } from '../server/test/support/nutrition-panel.ts';
import { emptyScore, realPanels, scorePanel, type FieldScore } from './support/real-panels.ts';

const require = createRequire(import.meta.url);
const RESULTS = fileURLToPath(new URL('results/facts.md', import.meta.url));
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

interface Engines {
  read: (
    file: string,
  ) => Promise<{ paddle: FactReading[]; tesseract: FactReading[]; paddleMs: number; tesseractMs: number }>;
}

/** Both engines on one photo, each timed in CPU: the portal's, in this process (its models load at the first call). */
function engines(worker: Awaited<ReturnType<typeof createWorker>>): Engines {
  return {
    read: async (file) => {
      const [text, paddleMs] = await cpuMs(() => readPhotoText(file, 'jpeg'));
      const [lines, tesseractMs] = await cpuMs(() => tesseractLines(worker, file));
      return { paddle: readLabel(text.lines), tesseract: readLabel(lines), paddleMs, tesseractMs };
    },
  };
}

/** The generated panels: right, wrong and missing against what was drawn. */
async function generatedSet(run: Engines) {
  const dir = await mkdtemp(path.join(tmpdir(), 'facts-bench-'));
  const paddle: Score = { right: 0, wrong: 0, missing: 0, cpuMs: 0 };
  const tesseract: Score = { right: 0, wrong: 0, missing: 0, cpuMs: 0 };
  try {
    for (const [i, variant] of VARIANTS.entries()) {
      const file = path.join(dir, `panel-${i}.jpg`);
      await writeFile(file, await nutritionPanelPhoto(variant));
      const read = await run.read(file);
      score(read.paddle, paddle);
      score(read.tesseract, tesseract);
      if (i > 0) {
        // The first photo also loads the models.
        paddle.cpuMs += read.paddleMs;
        tesseract.cpuMs += read.tesseractMs;
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { paddle, tesseract, photos: VARIANTS.length, values: VARIANTS.length * Object.keys(EXPECTED).length };
}

/** The labelled real panels: per layout and per field, right, wrong and missing against what was typed. */
async function realSet(run: Engines) {
  const panels = realPanels();
  const engine = () => ({
    total: { ...emptyScore(), values: 0, unlabelled: 0, cpuMs: 0 },
    byLayout: new Map<string, FieldScore & { values: number }>(),
    byField: new Map<string, FieldScore>(),
  });
  const result = { paddle: engine(), tesseract: engine() };
  for (const panel of panels) {
    const read = await run.read(panel.photo);
    for (const name of ['paddle', 'tesseract'] as const) {
      const into = result[name];
      const scored = scorePanel(read[name], panel, into.byField);
      for (const k of ['right', 'wrong', 'missing', 'values', 'unlabelled'] as const) into.total[k] += scored[k];
      into.total.cpuMs += name === 'paddle' ? read.paddleMs : read.tesseractMs;
      const layout = into.byLayout.get(panel.layout) ?? { ...emptyScore(), values: 0 };
      for (const k of ['right', 'wrong', 'missing', 'values'] as const) layout[k] += scored[k];
      into.byLayout.set(panel.layout, layout);
    }
  }
  return { ...result, photos: panels.length };
}

const pc = (n: number, of: number) => `${((n * 100) / of).toFixed(0)}%`;

export async function runFactsBench() {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
  let generated: Awaited<ReturnType<typeof generatedSet>>;
  let real: Awaited<ReturnType<typeof realSet>>;
  try {
    const run = engines(worker);
    generated = await generatedSet(run);
    real = await realSet(run);
  } finally {
    await worker.terminate();
  }
  const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const g = generated;
  const r = real;
  const realValues = r.paddle.total.values;
  const lines = [
    '# Product facts read from photos',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}. The portal's reading (PP-OCRv4 mobile on ONNX Runtime, then the shared field rules \`readLabel\`) against tesseract.js 7 with the same field rules, in the same run, photo by photo. CPU per photo is the process's own (user + system) for one engine's reading; peak memory is this process's, both engines loaded.`,
    '',
    `## ${r.photos} real panels (bench/datasets/nutrition-panels: US, Canadian and EU/UK phone photos, typed by hand)`,
    '',
    '| OCR | values | right | wrong | missing | read but not typed | CPU per photo |',
    '|---|---|---|---|---|---|---|',
    ...(
      [
        ['PP-OCRv4 mobile (portal)', r.paddle],
        ['tesseract.js 7 (baseline)', r.tesseract],
      ] as const
    ).map(
      ([name, s]) =>
        `| ${name} | ${s.total.values} | ${s.total.right} (${pc(s.total.right, s.total.values)}) | ${s.total.wrong} (${pc(s.total.wrong, s.total.values)}) | ${s.total.missing} | ${s.total.unlabelled} | ${(s.total.cpuMs / r.photos / 1000).toFixed(1)} s |`,
    ),
    '',
    `Ratio to the baseline in the same run: right ${(r.paddle.total.right / Math.max(1, r.tesseract.total.right)).toFixed(2)}x, CPU ${(r.paddle.total.cpuMs / Math.max(1, r.tesseract.total.cpuMs)).toFixed(2)}x. Peak memory of the bench process: ${peakMb} MB.`,
    '',
    '| layout | values | portal right | portal wrong | baseline right | baseline wrong |',
    '|---|---|---|---|---|---|',
    ...[...r.paddle.byLayout].map(([layout, s]) => {
      const t = r.tesseract.byLayout.get(layout)!;
      return `| ${layout} | ${s.values} | ${s.right} (${pc(s.right, s.values)}) | ${s.wrong} | ${t.right} (${pc(t.right, t.values)}) | ${t.wrong} |`;
    }),
    '',
    '| field | values | portal right / wrong / missing | baseline right / wrong / missing |',
    '|---|---|---|---|',
    ...[...r.paddle.byField]
      .sort(([, a], [, b]) => b.right + b.wrong + b.missing - (a.right + a.wrong + a.missing))
      .map(([field, s]) => {
        const t = r.tesseract.byField.get(field)!;
        return `| ${field} | ${s.right + s.wrong + s.missing} | ${s.right} / ${s.wrong} / ${s.missing} | ${t.right} / ${t.wrong} / ${t.missing} |`;
      }),
    '',
    `## ${g.photos} generated panels (drawn, turned, blurred)`,
    '',
    '| OCR | values | right | wrong | missing | CPU per photo (after the first) |',
    '|---|---|---|---|---|---|',
    ...(
      [
        ['PP-OCRv4 mobile (portal)', g.paddle],
        ['tesseract.js 7 (baseline)', g.tesseract],
      ] as const
    ).map(
      ([name, s]) =>
        `| ${name} | ${g.values} | ${s.right} (${pc(s.right, g.values)}) | ${s.wrong} | ${s.missing} | ${(s.cpuMs / (g.photos - 1) / 1000).toFixed(1)} s |`,
    ),
    '',
    `Targets on the real set: at least 90% right (${r.paddle.total.right >= realValues * 0.9 ? 'met' : 'MISSED'}), at most 2% wrong (${r.paddle.total.wrong <= realValues * 0.02 ? 'met' : 'MISSED'}), at most 6 s CPU per photo (${r.paddle.total.cpuMs / r.photos <= 6000 ? 'met' : 'MISSED'}).`,
    '',
  ];
  writeFileSync(RESULTS, lines.join('\n'));
  console.log(lines.slice(2).join('\n'));
  const ok =
    r.paddle.total.right >= realValues * 0.9 &&
    r.paddle.total.wrong <= realValues * 0.02 &&
    r.paddle.total.cpuMs / r.photos <= 6000 &&
    g.paddle.right >= g.values * 0.9 &&
    g.paddle.wrong <= g.values * 0.02;
  return { ok, generated: g, real: r };
}
