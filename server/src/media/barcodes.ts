import { readFile } from 'node:fs/promises';
import {
  toEan13,
  upcError,
  type CodeRegion,
  type DetectedFrom,
  type ImageRegion,
  type UploadKind,
} from '@portal/domain';
import { findBarcodeRegion, scaleRegion, type BarcodeRegion } from './barcode-region.ts';
import { codeCorners } from './code-outline.ts';
import {
  loadRgba,
  rotateGrey,
  turnedUpsideDown,
  sharpenGrey,
  sourceSize,
  sourceWidth,
  toGrey,
  type GreyImage,
  type PixelSource,
} from './pixels.ts';
import { greyForJudging, measurePhoto, type PhotoMeasures } from './photo-quality.ts';
import { renderPdfFirstPagePixels } from './pdf-page.ts';
import { readByTemplates, readPrintedDigits } from './printed-digits.ts';
import { zbarLocateGrey, zbarReadGrey } from './zbar-reader.ts';
import { zxingLocatePixels, zxingReadFileBytes } from './zxing-reader.ts';

export type { RetailFormat } from './retail-code.ts';

/**
 * Reading retail barcodes (EAN-13, UPC-A, UPC-E, EAN-8) in uploads. See retail-code.ts for the form of the codes
 * returned (EAN-13 and UPC-A as 13 digits, EAN-8 and UPC-E as 8).
 *
 * No single reader is good enough on real photos: zxing-wasm and ZBar alone each miss about a quarter of them,
 * but they fail on different photos, and both improve when shown a sharper or larger copy (figures in
 * docs/decisions/photo-checks-and-barcodes.md). So readBarcodes runs a series of passes, cheapest and likeliest
 * first, and stops after the first pass that finds anything; most photos are settled by the first pass, so the later
 * ones cost time only on hard photos (bench/barcodes.ts measures both).
 */

/**
 * Photos are read at this width at most. Phone photos are 4000 px wide; at 1200 px a barcode across a quarter of
 * the width still has 3 px per bar module, and zxing decodes several times faster than at full size.
 */
const BASE_WIDTH = 1200;
/** For benchmarks that decode as the first pass does. */
export const READ_BASE_WIDTH = BASE_WIDTH;
/**
 * The second look uses up to this width: the full resolution of usual 12-megapixel phone photos, for codes that
 * are small in the frame. An RGBA copy this wide is about 50 MB, which bounds the memory of a read.
 */
const DETAIL_MAX_WIDTH = 4096;
/** Turned copies are made from the image at up to this width: turning costs time in proportion to the pixels. */
const TURN_MAX_WIDTH = 2400;
/** PDF pages are rendered this wide: label artwork is vector, so the bars come out sharp at any size. */
const PDF_RENDER_WIDTH = 1600;

/**
 * What a pass read: the codes, and the points where the reader read them (fractions of the image; empty when the
 * pass cannot say).
 */
interface Located {
  codes: string[];
  points: Point[];
}

interface Pass {
  name: string;
  read: (images: PassImages) => Promise<Located>;
}

type Point = { x: number; y: number };
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The box around the points a reader gave, as fractions of the image it read (null without points). */
export function boxOfPoints(points: readonly Point[], width: number, height: number): ImageRegion | null {
  if (!points.length || !width || !height) return null;
  const xs = points.map((p) => clamp01(p.x / width));
  const ys = points.map((p) => clamp01(p.y / height));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** A region of the barcode finder (pixels of the judging image) as fractions of that image. */
const finderBox = (r: BarcodeRegion, judging: GreyImage): ImageRegion => ({
  x: clamp01(r.left / judging.width),
  y: clamp01(r.top / judging.height),
  w: Math.min(r.width / judging.width, 1 - clamp01(r.left / judging.width)),
  h: Math.min(r.height / judging.height, 1 - clamp01(r.top / judging.height)),
});

const overlaps = (a: ImageRegion, b: ImageRegion) =>
  a.x <= b.x + b.w && b.x <= a.x + a.w && a.y <= b.y + b.h && b.y <= a.y + a.h;
const union = (a: ImageRegion, b: ImageRegion): ImageRegion => {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
};

/**
 * Where the code read is, to outline it for a reviewer. Readers of linear codes give the scan lines that decoded
 * it, often a thin band across the bars: the barcode finder's box (barcode-region.ts), where it overlaps, gives the
 * bars' full height; without it a thin band is grown to a code's usual proportions. Passes on turned copies give no
 * place of their own: the finder's box stands in.
 */
export function settleRegion(read: ImageRegion | null, finder: ImageRegion | null, aspect: number): ImageRegion | null {
  if (!read) return finder;
  const thin = read.h < read.w * aspect * 0.3;
  if (!thin) return read;
  if (finder && overlaps(read, finder)) return union(read, finder);
  // Grow the band to about half its width in height (EAN and UPC codes are about 1.4 times wider than tall).
  const h = Math.min(1, Math.max(read.h, read.w * 0.5 * aspect));
  const y = clamp01(read.y + read.h / 2 - h / 2);
  return { x: read.x, y: Math.min(y, 1 - h), w: read.w, h };
}

/** The images passes look at, each made on first use and kept for later passes. */
class PassImages {
  private cache = new Map<string, Promise<unknown>>();
  constructor(private source: PixelSource) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let image = this.cache.get(key) as Promise<T> | undefined;
    if (!image) this.cache.set(key, (image = make()));
    return image;
  }

  /** The image at reading size: scaled down to BASE_WIDTH, never up. */
  base = () => this.once('base', () => loadRgba(this.source, { width: BASE_WIDTH }));
  baseGrey = () => this.once('base grey', async () => toGrey(await this.base()));
  sharpened = () => this.once('sharpened', async () => sharpenGrey(await this.baseGrey()));
  rotated = (degrees: number) => this.once(`rotated ${degrees}`, async () => rotateGrey(await this.upright(), degrees));

  /**
   * What turned copies are made from: the base image, or for large sources a sharper copy (up to TURN_MAX_WIDTH),
   * since a code photographed at an angle in a large photo is often also small in it.
   */
  private upright = () =>
    this.once('upright', async () => {
      const base = await this.base();
      if (base.width < BASE_WIDTH) return this.baseGrey();
      return toGrey(await loadRgba(this.source, { width: TURN_MAX_WIDTH }));
    });

  /**
   * A second look with more pixels per bar: small images scaled up to twice their size (both readers struggle
   * with bars 1 or 2 px wide), large ones read with more of their own pixels (up to DETAIL_MAX_WIDTH).
   * Null when that would be no larger than the base image.
   */
  detail = () =>
    this.once('detail', async () => {
      const base = await this.base();
      // A base narrower than BASE_WIDTH was not scaled down (unless the source is taller than 1:2), so its width
      // is the source's.
      const wanted = base.width < BASE_WIDTH ? base.width * 2 : await sourceWidth(this.source);
      const width = Math.min(wanted, DETAIL_MAX_WIDTH);
      return width > base.width ? loadRgba(this.source, { width, enlarge: true }) : null;
    });
  /** The grey copy the photo checks judge (at most JUDGING_SIZE), and the barcode region found in it. */
  judging = () => this.once('judging', async () => greyForJudging(await this.base()));
  region = () => this.once('region', async () => findBarcodeRegion(await this.judging()));

  detailGrey = () =>
    this.once('detail grey', async () => {
      const detail = await this.detail();
      return detail && toGrey(detail);
    });
}

/**
 * A pass reading one image with one reader; nothing found when the image does not apply (null). The reader gives
 * the points where it read the codes, or none (then the pass cannot say where they are).
 */
const pass = <I extends { width: number; height: number }>(
  name: string,
  image: (images: PassImages) => Promise<I | null>,
  reader: (image: I) => Promise<{ codes: string[]; points?: Point[] } | string[]>,
): Pass => ({
  name,
  read: async (images) => {
    const picked = await image(images);
    if (!picked) return { codes: [], points: [] };
    const read = await reader(picked);
    if (Array.isArray(read)) return { codes: read, points: [] };
    const points = (read.points ?? []).map((p) => ({
      x: clamp01(p.x / picked.width),
      y: clamp01(p.y / picked.height),
    }));
    return { codes: read.codes, points };
  },
});

const PASSES: Pass[] = [
  pass(
    'zxing',
    (i) => i.base(),
    (image) => zxingLocatePixels(image),
  ),
  // ZBar reads blurred photos better once edges are sharpened; zxing does not gain from it.
  pass('zbar sharpened', (i) => i.sharpened(), zbarLocateGrey),
  pass(
    'zxing detail',
    (i) => i.detail(),
    (image) => zxingLocatePixels(image),
  ),
  pass('zbar detail', (i) => i.detailGrey(), zbarLocateGrey),
  // Both readers scan along rows and columns. A scan line crosses a whole code only while the code is turned by
  // less than about atan(bar height / code width) from them: 30° or more for full-height codes, but only 10 to 15°
  // for the shortened codes printed on small packs. Turning the image by 45° and ±22.5° brings every angle within
  // 11.25° of a row or a column (a turn by -45° would be the same as 45°: rows become columns). Open Food Facts
  // turns photos for ZBar for the same reason.
  pass('zbar turned 45°', (i) => i.rotated(45), zbarReadGrey),
  pass('zbar turned 22.5°', (i) => i.rotated(22.5), zbarReadGrey),
  pass('zbar turned -22.5°', (i) => i.rotated(-22.5), zbarReadGrey),
];

/** The name of the last resort after every pass over the bars: reading the digits printed under them. */
export const PRINTED_DIGITS_PASS = 'printed digits';

/** The passes in the order they run: for benchmarks and tuning. */
export const BARCODE_PASS_NAMES: readonly string[] = [...PASSES.map((step) => step.name), PRINTED_DIGITS_PASS];

export interface BarcodeReading {
  codes: string[];
  /** How the codes were read: from the bars, or from the digits printed under them; null when none were found. */
  readFrom: DetectedFrom | null;
}

export interface DetailedBarcodeReading extends BarcodeReading {
  /** Where the code is on the image, as fractions of its width and height (null when none was read). */
  region: CodeRegion | null;
  /** The pass that found them (null when none did): for benchmarks and tuning. */
  pass: string | null;
  /** Time spent looking for and reading printed digits (0 when a bar pass found codes), in ms. */
  digitsMs: number;
  /** Which reader of printed digits found the code (null when none did or they did not run): for benchmarks. */
  digitsReader: DigitsReading['reader'] | null;
}

/**
 * A reading for a pipeline that files images without a person looking (bulk ingestion): the codes as readBarcodes
 * reads them, and the codes that put them in doubt. A code from the bars is read by one pass of one reader, and a
 * misread digit passes the check digit one time in ten; so the code stands only when nothing else read on the image
 * disagrees: the first pass's other codes, the other reader on the base image, and the printed digits (OCR-B
 * templates, a few hundred ms). `disputed` lists every distinct code read when they disagree (empty when they agree,
 * or when only one look read anything).
 */
export interface CheckedBarcodeReading extends BarcodeReading {
  disputed: string[];
}

/** readBarcodes with second looks (CheckedBarcodeReading): for readings nobody confirms. */
export async function readBarcodesChecked(input: string | Buffer, kind: UploadKind): Promise<CheckedBarcodeReading> {
  const images = new PassImages(await pixelSource(input, kind));
  const reading = await readWith(images);
  const { codes, readFrom } = reading;
  if (readFrom !== 'bars') return { codes, readFrom, disputed: [] };
  const ean13 = (c: string) => toEan13(c) ?? c;
  const seen = new Set(codes.filter((c) => !upcError(c)).map(ean13));
  for (const second of SECOND_LOOKS) {
    if (second.name === reading.pass) continue;
    for (const code of await second.read(images)) if (!upcError(code)) seen.add(ean13(code));
  }
  return { codes, readFrom, disputed: seen.size > 1 ? [...seen] : [] };
}

/** The second looks of readBarcodesChecked: each reader on the base image, and the printed digits by templates. */
const SECOND_LOOKS: { name: string; read: (images: PassImages) => Promise<string[]> }[] = [
  { name: 'zxing', read: async (i) => (await zxingLocatePixels(await i.base())).codes },
  { name: 'zbar sharpened', read: async (i) => (await zbarLocateGrey(await i.sharpened())).codes },
  {
    name: PRINTED_DIGITS_PASS,
    read: async (i) => {
      const code = await readTemplatesEitherWayUp(await i.baseGrey());
      return code ? [code] : [];
    },
  },
];

/** readBarcodes, also telling which pass found the codes. */
export async function readBarcodesDetailed(input: string | Buffer, kind: UploadKind): Promise<DetailedBarcodeReading> {
  return readWith(new PassImages(await pixelSource(input, kind)));
}

async function readWith(images: PassImages): Promise<DetailedBarcodeReading> {
  for (const step of PASSES) {
    const { codes, points } = await step.read(images);
    if (codes.length > 0) {
      return {
        codes: [...new Set(codes)],
        readFrom: 'bars',
        pass: step.name,
        digitsMs: 0,
        digitsReader: null,
        region: await regionOf(images, points, step.name),
      };
    }
  }
  // Only now, so that a photo whose bars read pays nothing for it: where the bars look like a code, the digits.
  const start = performance.now();
  const read = await readDigitsUnderBars(images);
  const digitsMs = performance.now() - start;
  if (read) {
    return {
      codes: [read.code],
      readFrom: 'digits',
      pass: PRINTED_DIGITS_PASS,
      digitsMs,
      digitsReader: read.reader,
      region: await regionOf(images, [], PRINTED_DIGITS_PASS),
    };
  }
  return { codes: [], readFrom: null, pass: null, digitsMs, digitsReader: null, region: null };
}

/**
 * The read code's place: its box settled with the barcode finder's (settleRegion), and its corners at its own
 * angle (codeCorners; absent when they cannot be found), the box then being the corners' box.
 */
async function regionOf(images: PassImages, read: readonly Point[], pass: string): Promise<CodeRegion | null> {
  const [judging, found] = await Promise.all([images.judging(), images.region()]);
  const round = (v: number) => Math.round(v * 10_000) / 10_000;
  const settled = settleRegion(
    boxOfPoints(read, 1, 1),
    found ? finderBox(found, judging) : null,
    judging.width / judging.height,
  );
  if (!settled) return null;
  const zxingQuad = pass.startsWith('zxing') && read.length >= 4 ? read : null;
  const corners = await codeCorners(await images.baseGrey(), settled, zxingQuad);
  const box = (corners && boxOfPoints(corners, 1, 1)) ?? settled;
  return {
    x: round(box.x),
    y: round(box.y),
    w: round(box.w),
    h: round(box.h),
    ...(corners && { corners: corners.map((p) => ({ x: round(p.x), y: round(p.y) })) }),
  };
}

type DigitsReading = { code: string; reader: 'templates' | 'tesseract' };

async function readDigitsUnderBars(images: PassImages): Promise<DigitsReading | null> {
  // The region found on the judging grey (the photo checks use the same one).
  const region = await images.region();
  if (!region) return null;
  const base = await images.baseGrey();
  // OCR-B templates first (tens of ms), on the base image and the detail one: their resamplings differ enough to
  // matter for digits 6 to 10 px high. Tesseract (seconds) only when neither finds a code.
  const detail = await images.detailGrey();
  const fromTemplates = (await readTemplatesEitherWayUp(base)) ?? (detail && (await readTemplatesEitherWayUp(detail)));
  if (fromTemplates) return { code: fromTemplates, reader: 'templates' };
  const code = await readByTesseract(detail ?? base, region, await images.judging());
  return code ? { code, reader: 'tesseract' } : null;
}

/**
 * The OCR-B templates read digits the right way up only, while the bars read either way: a package photographed
 * upside down (a phone held the other way, a jar on its lid) is read again turned, before Tesseract's seconds.
 */
async function readTemplatesEitherWayUp(image: GreyImage): Promise<string | null> {
  return (await readByTemplates(image)) ?? (await readByTemplates(turnedUpsideDown(image)));
}

/** Tesseract reads the sharpest copy at hand: the detail image (made by an earlier pass) when there is one. */
function readByTesseract(image: GreyImage, region: BarcodeRegion, judging: GreyImage): Promise<string | null> {
  return readPrintedDigits(image, scaleRegion(region, image.width / judging.width, image.height / judging.height));
}

export interface FileAnalysis extends BarcodeReading {
  photo: PhotoMeasures;
  /** Where the code read is on the image, as fractions of its width and height (null when none was read). */
  region: CodeRegion | null;
}

/**
 * The codes, as readBarcodes reads them, and the measures of the photo checks (photo-quality.ts), taken on the
 * image the first pass decoded anyway. The reading is the same as readBarcodes'.
 */
export async function analyseFile(input: string | Buffer, kind: UploadKind): Promise<FileAnalysis> {
  const source = await pixelSource(input, kind);
  const images = new PassImages(source);
  // The size from the file's header, read while the barcodes are (libvips' thread, not this one).
  const sizeRead = 'file' in source ? sourceSize(source) : null;
  sizeRead?.catch(() => undefined);
  const { codes, readFrom, region } = await readWith(images);
  const size = await sizeRead;
  return { codes, readFrom, region, photo: measurePhoto(await images.judging(), size, await images.region()) };
}

/**
 * Every distinct retail code found in an image, or on page 1 of a PDF, and how it was read; no codes when none.
 * A photo can show more than one code, and readers occasionally misread one, so callers should let the user confirm
 * rather than trust a single value blindly. `kind` must come from inspectFile. Throws MediaError when the file cannot
 * be read.
 */
export async function readBarcodes(input: string | Buffer, kind: UploadKind): Promise<BarcodeReading> {
  const { codes, readFrom } = await readBarcodesDetailed(input, kind);
  return { codes, readFrom };
}

async function pixelSource(input: string | Buffer, kind: UploadKind): Promise<PixelSource> {
  if (kind !== 'pdf') return { file: input };
  const page = await renderPdfFirstPagePixels(input, { maxWidth: PDF_RENDER_WIDTH });
  return { rgba: page };
}

/**
 * The baseline for bench/barcodes.ts: one zxing-wasm pass with its default options on the file's bytes, as a
 * straightforward integration would do it (no TIFF or PDF: zxing decodes only common image formats).
 */
export async function readBarcodesPlain(path: string): Promise<string[]> {
  return [...new Set(await zxingReadFileBytes(await readFile(path)))];
}
