import { readFile } from 'node:fs/promises';
import type { UploadKind } from '@portal/domain';
import { loadRgba, rotateGrey, sharpenGrey, sourceWidth, toGrey, type PixelSource } from './pixels.ts';
import { renderPdfFirstPagePixels } from './pdf-page.ts';
import { zbarReadGrey } from './zbar-reader.ts';
import { zxingReadFileBytes, zxingReadPixels } from './zxing-reader.ts';

export type { RetailFormat } from './retail-code.ts';

/**
 * Reading retail barcodes (EAN-13, UPC-A, UPC-E, EAN-8) in uploads. See retail-code.ts for the form of the codes
 * returned (EAN-13 and UPC-A as 13 digits, EAN-8 and UPC-E as 8).
 *
 * No single reader is good enough on real photos: on the 270 photos in datasets/barcode-photos zxing-wasm alone
 * finds 72% and ZBar 75%, but they fail on different photos, and both improve when shown a sharper or larger
 * copy. So readBarcodes runs a series of passes, cheapest and likeliest first, and stops after the first pass
 * that finds anything; most photos are settled by the first pass, so the later ones cost time only on hard
 * photos (bench/barcodes.ts measures both).
 */

/**
 * Photos are read at this width at most. Phone photos are 4000 px wide; at 1200 px a barcode filling a quarter of
 * the width still has 2 px per bar module, and zxing decodes 5 times faster than at full size.
 */
const BASE_WIDTH = 1200;
/** The second look uses up to this width: more pixels per bar for small barcodes in large photos. */
const DETAIL_MAX_WIDTH = 4096;
/** PDF pages are rendered this wide: label artwork is vector, so the bars come out sharp at any size. */
const PDF_RENDER_WIDTH = 1600;

interface Pass {
  name: string;
  read: (images: PassImages) => Promise<string[]>;
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
  base = () => this.once('base', () => loadRgba(this.source, { maxWidth: BASE_WIDTH }));
  baseGrey = () => this.once('base grey', async () => toGrey(await this.base()));
  sharpened = () => this.once('sharpened', async () => sharpenGrey(await this.baseGrey()));
  rotated = (degrees: number) => this.once(`rotated ${degrees}`, async () => rotateGrey(await this.baseGrey(), degrees));

  /**
   * A second look with more pixels per bar: small images scaled up to twice their size (both readers struggle
   * with bars 1 or 2 px wide), large ones read with more of their own pixels (up to DETAIL_MAX_WIDTH).
   * Null when that would be no larger than the base image.
   */
  detail = () =>
    this.once('detail', async () => {
      const base = await this.base();
      // The base is only narrower than BASE_WIDTH when the source is, so then its width is the source's.
      const wanted = base.width < BASE_WIDTH ? base.width * 2 : await sourceWidth(this.source);
      const width = Math.min(wanted, DETAIL_MAX_WIDTH);
      return width > base.width ? loadRgba(this.source, { width }) : null;
    });
  detailGrey = () =>
    this.once('detail grey', async () => {
      const detail = await this.detail();
      return detail && toGrey(detail);
    });
}

/** A pass reading one image with one reader; nothing found when the image does not apply (null). */
const pass =
  <I>(name: string, image: (images: PassImages) => Promise<I | null>, reader: (image: I) => Promise<string[]>): Pass => ({
    name,
    read: async (images) => {
      const picked = await image(images);
      return picked ? reader(picked) : [];
    },
  });

const PASSES: Pass[] = [
  pass('zxing', (i) => i.base(), (image) => zxingReadPixels(image)),
  // ZBar reads blurred photos better once edges are sharpened; zxing does not gain from it.
  pass('zbar sharpened', (i) => i.sharpened(), zbarReadGrey),
  pass('zxing detail', (i) => i.detail(), (image) => zxingReadPixels(image)),
  pass('zbar detail', (i) => i.detailGrey(), zbarReadGrey),
  // Both readers look along rows and columns only (zxing also tries 90° turns), so a code photographed at an
  // angle is missed; Open Food Facts turns photos by 45° for ZBar for the same reason. ZBar scans rows and
  // columns, so one turn serves both diagonals of the same direction.
  pass('zbar turned 45°', (i) => i.rotated(45), zbarReadGrey),
  pass('zbar turned -45°', (i) => i.rotated(-45), zbarReadGrey),
];

export interface BarcodeReading {
  codes: string[];
  /** The pass that found them (null when none did): for benchmarks and tuning. */
  pass: string | null;
}

/** readBarcodes, also telling which pass found the codes. */
export async function readBarcodesDetailed(input: string | Buffer, kind: UploadKind): Promise<BarcodeReading> {
  const images = new PassImages(await pixelSource(input, kind));
  for (const step of PASSES) {
    const codes = await step.read(images);
    if (codes.length > 0) return { codes: [...new Set(codes)], pass: step.name };
  }
  return { codes: [], pass: null };
}

/**
 * Every distinct retail code found in an image, or on page 1 of a PDF; [] when none. A photo can show more than
 * one code, and readers occasionally misread one, so callers should let the user confirm rather than trust a
 * single value blindly. `kind` must come from inspectFile. Throws MediaError when the file cannot be read.
 */
export async function readBarcodes(input: string | Buffer, kind: UploadKind): Promise<string[]> {
  return (await readBarcodesDetailed(input, kind)).codes;
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
