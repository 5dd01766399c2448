import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bwipjs from 'bwip-js';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Real photos of retail barcodes with expected values, read from the shared datasets folder beside the checkout
 * (never copied), or from DATASETS_DIR for a checkout elsewhere.
 */
export const DATASET_DIR = path.resolve(
  process.env.DATASETS_DIR
    ? path.join(process.env.DATASETS_DIR, 'barcode-photos')
    : fileURLToPath(new URL('../../../shared/datasets/barcode-photos', import.meta.url)),
);

/** A path in the barcode photos; a clear failure, not a missing file's, when the folder is not there. */
export function datasetPath(relative: string): string {
  if (!existsSync(DATASET_DIR))
    throw new Error(
      `The barcode photos were not found at ${DATASET_DIR}: the tests read ../shared/datasets beside the checkout, or the folder DATASETS_DIR names.`,
    );
  return path.join(DATASET_DIR, relative);
}

export function datasetPhoto(relative: string): { name: string; data: Buffer; expected: string } {
  const file = datasetPath(relative);
  const expected = readFileSync(file.replace(/\.(png|jpg)$/, '.txt'), 'utf8').trim();
  return { name: path.basename(file), data: readFileSync(file), expected };
}

type Symbology = 'ean13' | 'upca' | 'upce' | 'ean8';

/** A package-like picture: a barcode on a coloured label, optionally rotated. */
export async function barcodeImage(
  code: string,
  opts: { symbology?: Symbology; format?: 'png' | 'jpeg' | 'tiff' | 'gif'; rotate?: number } = {},
): Promise<Buffer> {
  const symbology = opts.symbology ?? (code.length === 13 ? 'ean13' : code.length === 12 ? 'upca' : 'ean8');
  const barcode = await bwipjs.toBuffer({
    bcid: symbology,
    text: code,
    scale: 3,
    height: 18,
    includetext: true,
    paddingwidth: 12,
    paddingheight: 12,
    backgroundcolor: 'FFFFFF',
  });
  let image = sharp({
    create: { width: 900, height: 700, channels: 3, background: { r: 214, g: 180, b: 120 } },
  }).composite([{ input: barcode, gravity: 'center' }]);
  let buffer = await image.png().toBuffer();
  if (opts.rotate) buffer = await sharp(buffer).rotate(opts.rotate, { background: '#d6b478' }).png().toBuffer();
  image = sharp(buffer);
  switch (opts.format ?? 'png') {
    case 'jpeg':
      return image.jpeg({ quality: 90 }).toBuffer();
    case 'tiff':
      return image.tiff().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    default:
      return image.png().toBuffer();
  }
}

/** A one-page PDF label carrying a barcode image. */
export async function barcodePdf(code: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const png = await pdf.embedPng(await barcodeImage(code));
  page.drawImage(png, { x: 81, y: 300, width: 450, height: 350 });
  return Buffer.from(await pdf.save());
}

/**
 * A small HEIC phone photo whose barcode reads as 0036000291452 (fixtures/README.md): for the tests that take HEIC
 * through an upload or an import; the real decode of a photo-sized one is media.test.ts's.
 */
export const smallHeicPhoto = () => readFileSync(path.join(import.meta.dirname, 'fixtures/small-036000291452.heic'));

/** A plain picture with no barcode at all. */
export const plainImage = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

type Point = { x: number; y: number };
type Size = { width: number; height: number };

/** Where a point of an image lands when sharp turns the image clockwise by `degrees` (its canvas grown to hold it). */
export function turnedPoint(p: Point, degrees: number, from: Size, to: Size): Point {
  const a = (degrees * Math.PI) / 180;
  const [dx, dy] = [p.x - from.width / 2, p.y - from.height / 2];
  return {
    x: dx * Math.cos(a) - dy * Math.sin(a) + to.width / 2,
    y: dx * Math.sin(a) + dy * Math.cos(a) + to.height / 2,
  };
}

/**
 * How an outline (four corners, pixels of the turned image) fits a code whose middle and width on the upright image
 * are known: the directions of two neighbouring sides (degrees modulo 180, smaller first), how far its middle is from
 * the code's middle turned with the image (pixels), and its longer side against the code's width.
 */
export function outlineOfTurnedCode(
  corners: readonly Point[],
  turn: { degrees: number; original: Size; turned: Size; code: Point & { width: number } },
) {
  const direction = (a: Point, b: Point) => ((((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI) % 180) + 180) % 180;
  const sides = [direction(corners[0], corners[1]), direction(corners[1], corners[2])].sort((p, q) => p - q);
  const centre = turnedPoint(turn.code, turn.degrees, turn.original, turn.turned);
  const middle = { x: corners.reduce((t, p) => t + p.x, 0) / 4, y: corners.reduce((t, p) => t + p.y, 0) / 4 };
  const long = Math.max(
    Math.hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y),
    Math.hypot(corners[2].x - corners[1].x, corners[2].y - corners[1].y),
  );
  return {
    sides,
    offCentre: Math.hypot(middle.x - centre.x, middle.y - centre.y),
    lengthRatio: long / turn.code.width,
  };
}
