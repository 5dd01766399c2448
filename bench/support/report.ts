/**
 * docs/performance.md: every benchmark's latest table (bench/results/*.md) in one page, with a chart of the load
 * benchmark's latencies drawn as SVG and rendered to PNG by sharp.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { LoadResult } from '../load.ts';
import type { ScaleResult } from '../scale.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const results = path.join(repoRoot, 'bench/results');
const SECTIONS: [file: string, title: string][] = [
  ['upload.md', 'Upload'],
  ['barcodes.md', 'Barcode reading'],
  ['activity.md', 'Activity list'],
  ['ingestion.md', 'Bulk ingestion'],
  ['hostile.md', 'Hostile files: memory and responsiveness'],
  ['photo-checks.md', 'Photo checks'],
  ['facts.md', 'Product facts read from photos'],
  ['intake-latency.md', 'Intake latency: the UPC on screen after the upload'],
  ['review.md', 'Review workspace: keys and time per decision'],
  ['claims.md', 'Job claims against the due jobs'],
  ['search.md', 'Search box: typos, accents and UPCs'],
  ['sheets.md', 'Supplier sheets'],
  ['load.md', 'Load: signed-in suppliers browsing and submitting'],
  ['scale.md', 'Cost against data size'],
  ['counts-drift.md', 'Maintained counts under load'],
  ['web.md', 'Web app first load'],
];

const escapeXml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A grouped bar chart: median and p99 latency per operation. */
export function latencyChartSvg(load: LoadResult): string {
  const ops = load.operations;
  const width = 760;
  const height = 360;
  const left = 150;
  const top = 50;
  const plotW = width - left - 90; // room for the value after the longest bar
  const rowH = (height - top - 40) / Math.max(ops.length, 1);
  const max = Math.max(1, ...ops.map((o) => o.p99));
  const scale = (ms: number) => (ms / max) * plotW;
  const bars = ops
    .map((o, i) => {
      const y = top + i * rowH;
      return [
        `<text x="${left - 8}" y="${y + rowH / 2 + 4}" text-anchor="end" font-size="13">${escapeXml(o.operation)}</text>`,
        `<rect x="${left}" y="${y + 4}" width="${scale(o.median).toFixed(1)}" height="${(rowH / 2 - 6).toFixed(1)}" fill="#1f5f8b"/>`,
        `<rect x="${left}" y="${y + rowH / 2}" width="${scale(o.p99).toFixed(1)}" height="${(rowH / 2 - 6).toFixed(1)}" fill="#e07b39"/>`,
        `<text x="${left + scale(o.median) + 4}" y="${y + rowH / 4 + 5}" font-size="11">${o.median.toFixed(0)} ms</text>`,
        `<text x="${left + scale(o.p99) + 4}" y="${y + (3 * rowH) / 4 + 1}" font-size="11">${o.p99.toFixed(0)} ms</text>`,
      ].join('');
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="${width / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">Latency under load: ${load.users} suppliers, ${load.seconds} s, ${load.total.errors} errors</text>
<rect x="${left}" y="${height - 24}" width="12" height="12" fill="#1f5f8b"/><text x="${left + 16}" y="${height - 14}" font-size="12">median</text>
<rect x="${left + 90}" y="${height - 24}" width="12" height="12" fill="#e07b39"/><text x="${left + 106}" y="${height - 14}" font-size="12">p99</text>
${bars}
</svg>`;
}

const LINE_COLOURS = [
  '#1f5f8b',
  '#e07b39',
  '#2e7d32',
  '#8e24aa',
  '#c62828',
  '#00838f',
  '#6d4c41',
  '#3949ab',
  '#7cb342',
];

/**
 * Cost against data size: each read's p99 (solid) and median (dashed) as a multiple of the same figure at the
 * smallest size, on a logarithmic size axis, with the target (1.5×) and the noise floor (a bare round trip) drawn in.
 */
export function scaleChartSvg(result: ScaleResult): string {
  const width = 820;
  const height = 440;
  const left = 60;
  const right = 250;
  const top = 50;
  const bottom = 60;
  const names = Object.keys(result.figures[0] ?? {});
  const ratio = (name: string, i: number, key: 'p99' | 'median') =>
    result.figures[i][name][key] / result.figures[0][name][key];
  const maxRatio = Math.max(
    2,
    ...names.flatMap((n) => result.sizes.map((_, i) => Math.max(ratio(n, i, 'p99'), ratio(n, i, 'median')))),
  );
  const logMin = Math.log10(result.sizes[0]);
  const logMax = Math.log10(result.sizes[result.sizes.length - 1]);
  const x = (size: number) =>
    left + (logMax === logMin ? 0.5 : (Math.log10(size) - logMin) / (logMax - logMin)) * (width - left - right);
  const y = (r: number) => top + (1 - r / maxRatio) * (height - top - bottom);
  const ticks = Array.from({ length: Math.floor(maxRatio / 0.5) + 1 }, (_, i) => i * 0.5);
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${left}" x2="${width - right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/><text x="${left - 6}" y="${y(t) + 4}" text-anchor="end" font-size="11">${t.toFixed(1)}×</text>`,
    )
    .join('');
  const sizes = result.sizes
    .map(
      (s) =>
        `<text x="${x(s)}" y="${height - bottom + 18}" text-anchor="middle" font-size="12">${s.toLocaleString('en')}</text>`,
    )
    .join('');
  const lines = names
    .map((name, k) => {
      const colour = name.startsWith('round trip') ? '#999' : LINE_COLOURS[k % LINE_COLOURS.length];
      const points = (key: 'p99' | 'median') =>
        result.sizes.map((s, i) => `${x(s).toFixed(1)},${y(ratio(name, i, key)).toFixed(1)}`).join(' ');
      const ly = top + 14 + k * 20;
      return [
        `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points('p99')}"/>`,
        `<polyline fill="none" stroke="${colour}" stroke-width="1.5" stroke-dasharray="5 4" points="${points('median')}"/>`,
        `<line x1="${width - right + 16}" x2="${width - right + 36}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2"/>`,
        `<text x="${width - right + 42}" y="${ly}" font-size="11">${escapeXml(name)}</text>`,
      ].join('');
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
<text x="${(width - right + left) / 2}" y="24" text-anchor="middle" font-size="15" font-weight="bold">Cost against data size: each read against its cost at ${result.sizes[0].toLocaleString('en')} rows</text>
${grid}
<line x1="${left}" x2="${width - right}" y1="${y(1.5)}" y2="${y(1.5)}" stroke="#c62828" stroke-dasharray="2 3"/>
<text x="${width - right - 4}" y="${y(1.5) - 5}" text-anchor="end" font-size="11" fill="#c62828">target: p99 within 1.5×</text>
${sizes}
<text x="${(width - right + left) / 2}" y="${height - 16}" text-anchor="middle" font-size="12">submissions (logarithmic); solid: p99, dashed: median</text>
${lines}
</svg>`;
}

export async function writePerformanceReport(load?: LoadResult) {
  const loadJson = path.join(results, 'load.json');
  if (load) writeFileSync(loadJson, JSON.stringify(load, null, 2));
  const latest: LoadResult | undefined =
    load ?? (existsSync(loadJson) ? (JSON.parse(readFileSync(loadJson, 'utf8')) as LoadResult) : undefined);
  const parts = [
    '# Performance',
    '',
    'Written by `npm run bench` from the latest results in `bench/results/`. Every figure is measured against a baseline',
    'in the same run on the same machine (2 cores), so the ratios, not the absolute numbers, are what carry over.',
    '',
  ];
  if (latest) {
    await sharp(Buffer.from(latencyChartSvg(latest)))
      .png()
      .toFile(path.join(repoRoot, 'docs/performance.png'));
    parts.push('![Latency per operation under load](performance.png)', '');
  }
  const scaleJson = path.join(results, 'scale.json');
  for (const [file, title] of SECTIONS) {
    const full = path.join(results, file);
    if (!existsSync(full)) continue;
    const body = readFileSync(full, 'utf8').replace(/^# .*\n+/, '');
    parts.push(`## ${title}`, '');
    if (file === 'scale.md' && existsSync(scaleJson)) {
      const scale = JSON.parse(readFileSync(scaleJson, 'utf8')) as ScaleResult;
      await sharp(Buffer.from(scaleChartSvg(scale)))
        .png()
        .toFile(path.join(repoRoot, 'docs/performance-scale.png'));
      parts.push('![Cost of each read against data size](performance-scale.png)', '');
    }
    parts.push(body.trim(), '');
  }
  writeFileSync(path.join(repoRoot, 'docs/performance.md'), parts.join('\n'));
}

// docs/performance.md and its charts again from the results there are, without running a benchmark.
if (import.meta.url === `file://${process.argv[1]}`) await writePerformanceReport();
