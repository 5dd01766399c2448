import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The photos of real retail barcodes, read where the workplace keeps them (never copied into the repository). */
export const BARCODE_PHOTOS = path.resolve(
  fileURLToPath(new URL('../..', import.meta.url)),
  '../shared/datasets/barcode-photos',
);

/** The first EAN-13 photo of the dataset, named `front.<ext>` as a supplier's upload would be. */
export function firstEan13Photo(): { name: string; data: Buffer } {
  const [first] = readFileSync(path.join(BARCODE_PHOTOS, 'manifest.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .filter(([, symbology]) => symbology === 'EAN-13');
  return { name: `front${path.extname(first[0])}`, data: readFileSync(path.join(BARCODE_PHOTOS, first[0])) };
}
