import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Worker } from 'tesseract.js';
import { hasValidCheckDigit } from '@portal/domain';
import type { BarcodeRegion } from './barcode-region.ts';
import { layoutDigits, readDigitLines } from './ocrb-digits.ts';
import type { GreyImage } from './pixels.ts';
import { normaliseRetailCode } from './retail-code.ts';

/**
 * Reading the digits printed under an EAN/UPC code (OCR-B) when no reader could decode its bars: glare, a crease or
 * a torn corner across the bars often leaves the digits legible. Two readers, cheapest first: OCR-B template matching
 * (ocrb-digits.ts, readByTemplates: tens of milliseconds) and tesseract (tesseract.js, its wasm build:
 * readPrintedDigits, seconds). A result counts only with a valid length and check digit, and only when the reader is
 * sure (templates: every digit matched surely, in a code's layout; tesseract: two of its looks agree), since a
 * misread digit passes the check digit one time in ten.
 *
 * Everything loads from node_modules: the wasm core (tesseract.js-core), the LSTM model shipped in
 * @tesseract.js-data/eng, and bwip-js's OCR-B font. Nothing is downloaded and nothing is cached on disk.
 */

const require = createRequire(import.meta.url);

/** The LSTM model alone (best_int, 3 MB): the legacy model is four times larger and read OCR-B 4s and 6s worse. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** The crop is scaled to this width: tesseract reads digits best at 30 to 50 px high. */
const CROP_WIDTH = 900;
/**
 * Bands around the bottom of the bars, as fractions of the region's height from its top: the region found may stop at
 * the bottom of the bars or take in the digits, so one band starts in the bars and a taller one higher up.
 */
const BANDS = [
  { from: 0.6, to: 1.4 },
  { from: 0.3, to: 1.5 },
] as const;
/** The outer digits of UPC-A and EAN-13 stand outside the bars: the crop is widened by this share on each side. */
const SIDE_MARGIN = 0.15;
/** Codes printed under retail barcodes: EAN-8 (and UPC-E as printed), UPC-A, EAN-13; GTIN-14 for case codes. */
const VALID_LENGTHS = new Set([8, 12, 13, 14]);
/** How many looks must agree on a code. */
const MIN_VOTES = 2;

let workerReady: Promise<Worker> | undefined;

/** One tesseract worker per media process, made on first use (about a second) and kept. */
function digitReader(): Promise<Worker> {
  workerReady ??= (async () => {
    // Loaded here, not at the top: most media processes never read printed digits.
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
    // Sparse text: the digits stand in groups with wide gaps (the outer digits of UPC-A are apart from the rest).
    // debug_file: tesseract's own notes ("Estimating resolution as 113", "Warning: Invalid resolution 0 dpi") go
    // nowhere instead of the process's stderr, where they broke the one-JSON-object-per-line log.
    await worker.setParameters({
      tessedit_char_whitelist: '0123456789',
      tessedit_pageseg_mode: PSM.SPARSE_TEXT,
      debug_file: '/dev/null',
    });
    return worker;
  })();
  workerReady.catch(() => (workerReady = undefined));
  return workerReady;
}

/** Ends the worker (tests and benchmarks; a media process simply exits). */
export async function closeDigitReader(): Promise<void> {
  const ready = workerReady;
  workerReady = undefined;
  if (ready) await (await ready).terminate().catch(() => undefined);
}

interface Word {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** Words on one printed line, left to right: a word joins a line when its middle lies within the line's height. */
export function wordLines(words: readonly Word[]): string[] {
  const lines: Word[][] = [];
  for (const word of [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0)) {
    const middle = (word.bbox.y0 + word.bbox.y1) / 2;
    const line = lines.find((l) =>
      l.some((o) => {
        const slack = 0.2 * (o.bbox.y1 - o.bbox.y0);
        return middle > o.bbox.y0 - slack && middle < o.bbox.y1 + slack;
      }),
    );
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines.map((line) => line.map((w) => w.text.replace(/\D/g, '')).join('')).filter(Boolean);
}

/**
 * Our form of a code read from digits (as retail-code.ts returns bar readings: UPC-A as EAN-13, UPC-E as its 8
 * printed digits), or null when the length or the check digit is not valid.
 */
export function printedCode(digits: string): string | null {
  if (!VALID_LENGTHS.has(digits.length)) return null;
  switch (digits.length) {
    case 8:
      return normaliseRetailCode('EAN-8', digits) ?? normaliseRetailCode('UPC-E', digits);
    case 12:
      return normaliseRetailCode('UPC-A', digits);
    default:
      return hasValidCheckDigit(digits) ? digits : null;
  }
}

/** The code most looks agree on, when at least MIN_VOTES do and no other code has as many. */
export function agreedCode(readings: readonly (string | null)[]): string | null {
  const votes = new Map<string, number>();
  for (const code of readings) if (code) votes.set(code, (votes.get(code) ?? 0) + 1);
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  if (!ranked.length || ranked[0][1] < MIN_VOTES || ranked[1]?.[1] === ranked[0][1]) return null;
  return ranked[0][0];
}

/** The crops tesseract is shown: each band, as is (contrast stretched) and binarised. */
async function crops(image: GreyImage, region: BarcodeRegion): Promise<Buffer[]> {
  const { width, height } = image;
  const out: Buffer[] = [];
  for (const band of BANDS) {
    const left = Math.max(0, Math.round(region.left - SIDE_MARGIN * region.width));
    const right = Math.min(width, Math.round(region.left + (1 + SIDE_MARGIN) * region.width));
    const top = Math.max(0, Math.round(region.top + band.from * region.height));
    const bottom = Math.min(height, Math.round(region.top + band.to * region.height));
    if (right - left < 8 || bottom - top < 8) continue;
    const crop = sharp(image.data, { raw: { width, height, channels: 1 } })
      .extract({ left, top, width: right - left, height: bottom - top })
      .resize({ width: CROP_WIDTH })
      .normalise()
      // Tesseract finds lone characters at the edge of an image poorly: a white border brings them inside.
      .extend({ top: 24, bottom: 24, left: 24, right: 24, background: '#ffffff' });
    out.push(await crop.clone().png().toBuffer(), await crop.clone().threshold(128).png().toBuffer());
  }
  return out;
}

/**
 * The one code whose digits stand in a line as a retail code's do, each matched surely and with a valid check digit.
 * The whole image is searched: the region found around the bars may stop short of the digits or take in text beside
 * them, and a line in a code's layout with a valid check digit is rare in other text. Two codes: neither.
 */
export async function readByTemplates(image: GreyImage): Promise<string | null> {
  const codes = new Set<string>();
  for (const line of await readDigitLines(image)) {
    const digits = layoutDigits(line);
    const code = digits && printedCode(digits);
    if (code) codes.add(code);
  }
  return codes.size === 1 ? [...codes][0] : null;
}

/**
 * Tesseract's reading of the bands under the region: a code read alike by two looks, or null when the digits cannot
 * be read with confidence. Slow (seconds): for when readByTemplates finds nothing. Only upright codes (bars up and
 * down) are read: the digits of a code turned by 90° would need a turned crop.
 */
export async function readPrintedDigits(image: GreyImage, region: BarcodeRegion): Promise<string | null> {
  if (!region.upright) return null;
  const worker = await digitReader();
  const readings: (string | null)[] = [];
  for (const crop of await crops(image, region)) {
    const { data } = await worker.recognize(crop, {}, { blocks: true, text: false });
    const words = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
    const codes = [
      ...new Set(
        wordLines(words)
          .map(printedCode)
          .filter((c): c is string => c !== null),
      ),
    ];
    // A look that finds two different codes is unsure: it votes for neither.
    readings.push(codes.length === 1 ? codes[0] : null);
  }
  return agreedCode(readings);
}
