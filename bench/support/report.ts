/**
 * docs/performance.md: every benchmark's latest table (bench/results/*.md) in one page, with a chart of the load
 * benchmark's latencies drawn as SVG and rendered to PNG by sharp.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { LoadResult } from '../load.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const results = path.join(repoRoot, 'bench/results');
const SECTIONS: [file: string, title: string][] = [
  ['upload.md', 'Upload'],
  ['barcodes.md', 'Barcode reading'],
  ['activity.md', 'Activity list'],
  ['ingestion.md', 'Bulk ingestion'],
  ['hostile.md', 'Hostile files: memory and responsiveness'],
  ['photo-checks.md', 'Photo checks'],
  ['intake-latency.md', 'Intake latency: the UPC on screen after the upload'],
  ['review.md', 'Review workspace: a decision key to the next item'],
  ['load.md', 'Load: signed-in suppliers browsing and submitting'],
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
  for (const [file, title] of SECTIONS) {
    const full = path.join(results, file);
    if (!existsSync(full)) continue;
    const body = readFileSync(full, 'utf8').replace(/^# .*\n+/, '');
    parts.push(`## ${title}`, '', body.trim(), '');
  }
  writeFileSync(path.join(repoRoot, 'docs/performance.md'), parts.join('\n'));
}
