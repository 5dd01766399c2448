import { existsSync, readFileSync } from 'node:fs';
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

/**
 * The photo the fault benchmarks upload: the dataset's first EAN-13 photo where the workplace has the dataset
 * (../shared/datasets/barcode-photos), else a generated picture of an EAN-13 barcode, said so on the console: the
 * benchmarks measure the portal under faults, not the reader, and run without the dataset.
 */
export async function faultBenchPhoto(): Promise<{ name: string; data: Buffer }> {
  if (existsSync(path.join(BARCODE_PHOTOS, 'manifest.csv'))) return firstEan13Photo();
  console.log(`No barcode photo dataset at ${BARCODE_PHOTOS}: uploading a generated EAN-13 picture instead.`);
  const { barcodePng } = await import('../../server/test/support/media-files.ts');
  return { name: 'front.png', data: await barcodePng('ean13', '4006381333931') };
}
