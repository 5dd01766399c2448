import { DEFAULT_MIN_IMAGE_LONG_SIDE_PX, isPlaceholderCode, type PhotoIssueCode } from '@portal/domain';
import { findBarcodeRegion, type BarcodeRegion } from './barcode-region.ts';
import { perceptualHash } from './perceptual-hash.ts';
import type { GreyImage, RgbaImage } from './pixels.ts';

/**
 * The photo checks of issue 20 that look at pixels, on a small copy of the image the barcode readers already
 * decoded (so they add a few milliseconds, not a second decode). DUPLICATE needs the company's other files and
 * is decided by the job (modules/media-files/photo-checks.ts) from the hash measured here.
 */

/**
 * Images are judged at most this large on their longest side: about the size a retailer's product page shows, and
 * the same scale for every photo whatever its camera (sharpness depends on it).
 */
export const JUDGING_SIZE = 640;

export interface PhotoMeasures {
  /** Of the source as displayed; null for rendered PDF pages (vector artwork has no resolution of its own). */
  sourceWidth: number | null;
  sourceHeight: number | null;
  /** Luminance percentiles: the darkest 0.2% end at `darkest`, the brightest 2% begin at p98. */
  darkest: number;
  p50: number;
  p98: number;
  /** Blur effect (0 sharp, 1 flat), on the barcode region when one was found; null where there are too few edges. */
  blur: number | null;
  region: BarcodeRegion | null;
  hash: string;
}

/** Thresholds, each tuned on bench/photo-checks.ts (results in bench/results/photo-checks.md). */
export const PHOTO_THRESHOLDS = {
  blur: 0.35,
  /** Too dark: even the bright parts (98th percentile) stay below this. */
  darkP98: 100,
  /**
   * Overexposed: not even the darkest 0.2% is darker than this: blacks washed out to grey, bars included (a small
   * code on a white page still has more dark pixels than that). A share of clipped white would not do: product
   * images are asked for on pure white backgrounds.
   */
  brightDarkest: 75,
  /** ... in a bright picture: a blurred one also loses its blacks, but not its mid-tones. */
  brightP50: 170,
};

/** A copy no larger than JUDGING_SIZE on its longest side, by averaging whole blocks of pixels (cheap, no aliasing). */
export function shrinkGrey(grey: GreyImage, longSide = JUDGING_SIZE): GreyImage {
  const factor = Math.ceil(Math.max(grey.width, grey.height) / longSide);
  if (factor <= 1) return grey;
  const width = Math.floor(grey.width / factor);
  const height = Math.floor(grey.height / factor);
  const out = new Uint8Array(width * height);
  const sums = new Uint32Array(width);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      const row = (y * factor + dy) * grey.width;
      for (let x = 0, i = row; x < width; x++) {
        let s = 0;
        for (let dx = 0; dx < factor; dx++, i++) s += grey.data[i];
        sums[x] += s;
      }
    }
    for (let x = 0; x < width; x++) out[y * width + x] = Math.round(sums[x] / area);
  }
  return { data: out, width, height };
}

function luminance({ data }: GreyImage) {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < data.length; i++) histogram[data[i]]++;
  const percentile = (p: number) => {
    const target = p * data.length;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v];
      if (seen >= target) return v;
    }
    return 255;
  };
  return { darkest: percentile(0.002), p50: percentile(0.5), p98: percentile(0.98) };
}

/** Width of the box the image is compared with once blurred (Crété-Roffet et al. use 9 to 11 pixels). */
const REBLUR = 9;

/**
 * The blur effect of Crété-Roffet, Dolmière, Ladret and Nicolas ("The blur effect: perception and estimation with a
 * new no-reference perceptual blur metric", SPIE 2007), as scikit-image's blur_effect: how much of the differences
 * between neighbouring pixels survive blurring the image again. A sharp picture loses most of them (0); a blurred
 * one had little to lose (towards 1). Unlike the variance of the Laplacian it does not grow with contrast or
 * detail, so one threshold serves barcodes, labels and packs. Both directions are pooled, weighted by their edges
 * (bars have edges in one direction only). The box-blurred neighbours' difference is the difference of the two
 * pixels entering and leaving the box, so no blurred copy is made; the box stays inside the area. Null when the area
 * is nearly flat: nothing to judge.
 */
export function blurEffect(
  grey: GreyImage,
  area: { x: number; y: number; width: number; height: number },
): number | null {
  const { data, width: stride } = grey;
  const half = REBLUR >> 1;
  const { x: x0, y: y0, width: w, height: h } = area;
  if (w < REBLUR + 2 || h < REBLUR + 2) return null;
  let total = 0;
  let kept = 0;
  // Across rows: pixel x against x - 1, and the boxes centred on them.
  for (let y = y0; y < y0 + h; y++) {
    const row = y * stride;
    for (let x = x0 + half + 1; x < x0 + w - half; x++) {
      const i = row + x;
      const d = Math.abs(data[i] - data[i - 1]);
      const dBlur = Math.abs(data[i + half] - data[i - half - 1]) / REBLUR;
      total += d;
      if (d > dBlur) kept += d - dBlur;
    }
  }
  // Down columns, row by row (the pixels in memory order).
  for (let y = y0 + half + 1; y < y0 + h - half; y++) {
    const row = y * stride;
    for (let x = x0; x < x0 + w; x++) {
      const i = row + x;
      const d = Math.abs(data[i] - data[i - stride]);
      const dBlur = Math.abs(data[i + half * stride] - data[i - (half + 1) * stride]) / REBLUR;
      total += d;
      if (d > dBlur) kept += d - dBlur;
    }
  }
  // Almost no differences at all (a blank page): nothing to judge. A small blurred code on a plain page is judged.
  if (total < 0.02 * w * h) return null;
  return (total - kept) / total;
}

/**
 * The readers' RGBA image as grey no larger than JUDGING_SIZE, in one pass: each output pixel the mean luma (BT.601,
 * as toGrey) of a block of source pixels. A grey copy at full base size first would cost as much again. Pixels are
 * read a word at a time (one load instead of four; little-endian, as every platform Node runs on here).
 */
export function greyForJudging({ data, width, height }: RgbaImage, longSide = JUDGING_SIZE): GreyImage {
  const factor = Math.max(1, Math.ceil(Math.max(width, height) / longSide));
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = new Uint8Array(w * h);
  const sums = new Uint32Array(w);
  const area = factor * factor * 1024;
  const words = data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, width * height) : null;
  if (words && factor === 2) return halvedGrey(words, width, w, h);
  for (let y = 0; y < h; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      // Columns past the last whole block are skipped.
      let j = (y * factor + dy) * width;
      for (let x = 0; x < w; x++) {
        let s = 0;
        if (words) {
          for (let dx = 0; dx < factor; dx++, j++) {
            const v = words[j];
            s += 306 * (v & 0xff) + 601 * ((v >>> 8) & 0xff) + 117 * ((v >>> 16) & 0xff);
          }
        } else {
          for (let dx = 0; dx < factor; dx++, j++)
            s += 306 * data[4 * j] + 601 * data[4 * j + 1] + 117 * data[4 * j + 2];
        }
        sums[x] += s;
      }
    }
    for (let x = 0; x < w; x++) out[y * w + x] = Math.round(sums[x] / area);
  }
  return { data: out, width: w, height: h };
}

/**
 * greyForJudging for the usual case (a phone photo read at 1200 px, judged at 600): blocks of 2 × 2 pixels, red and
 * blue summed together in two 16-bit halves of one number. The same result as the general loop, in a third of the time.
 */
function halvedGrey(words: Uint32Array, width: number, w: number, h: number): GreyImage {
  const out = new Uint8Array(w * h);
  for (let y = 0, o = 0; y < h; y++) {
    let j = 2 * y * width;
    for (let x = 0; x < w; x++, o++, j += 2) {
      const a = words[j];
      const b = words[j + 1];
      const c = words[j + width];
      const d = words[j + width + 1];
      const redBlue = (a & 0xff00ff) + (b & 0xff00ff) + (c & 0xff00ff) + (d & 0xff00ff);
      const green = ((a >>> 8) & 0xff) + ((b >>> 8) & 0xff) + ((c >>> 8) & 0xff) + ((d >>> 8) & 0xff);
      // Rounded as the general loop does: Math.round(sum / 4096).
      out[o] = (306 * (redBlue & 0xffff) + 601 * green + 117 * (redBlue >>> 16) + 2048) >> 12;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * The barcode region with a margin of half its size each way (within the image): the cells found are those where the
 * bars still alternate clearly, which in a blurred photo is the least blurred part of the code; its whole is judged.
 */
function around(region: BarcodeRegion, image: GreyImage) {
  const x = Math.max(0, Math.round(region.left - region.width / 2));
  const y = Math.max(0, Math.round(region.top - region.height / 2));
  const right = Math.min(image.width, Math.round(region.left + region.width * 1.5));
  const bottom = Math.min(image.height, Math.round(region.top + region.height * 1.5));
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * Measures a decoded image: grey at judging size (greyForJudging, or shrinkGrey for grey of any size), and the barcode
 * region found in it when the caller has already looked (barcodes.ts does, for the printed digits).
 */
export function measurePhoto(
  small: GreyImage,
  source: { width: number; height: number } | null,
  region: BarcodeRegion | null = findBarcodeRegion(small),
): PhotoMeasures {
  const whole = { x: 0, y: 0, width: small.width, height: small.height };
  const blur = (region && blurEffect(small, around(region, small))) ?? blurEffect(small, whole);
  return {
    sourceWidth: source?.width ?? null,
    sourceHeight: source?.height ?? null,
    ...luminance(small),
    blur,
    region,
    hash: perceptualHash(small),
  };
}

/** Pixels on the longest side of the source; null for PDF pages. */
export const longSideOf = (m: Pick<PhotoMeasures, 'sourceWidth' | 'sourceHeight'>) =>
  m.sourceWidth !== null && m.sourceHeight !== null ? Math.max(m.sourceWidth, m.sourceHeight) : null;

/**
 * The photo issues of a file from its measures and the codes read from it (all but DUPLICATE); LOW_RESOLUTION against
 * the partner's line (minLongSidePx).
 */
export function judgePhoto(
  m: PhotoMeasures,
  codes: readonly string[],
  minLongSidePx = DEFAULT_MIN_IMAGE_LONG_SIDE_PX,
): PhotoIssueCode[] {
  const t = PHOTO_THRESHOLDS;
  const issues: PhotoIssueCode[] = [];
  const longSide = longSideOf(m);
  if (longSide !== null && longSide < minLongSidePx) {
    issues.push('LOW_RESOLUTION');
  }
  const blurry = m.blur !== null && m.blur >= t.blur;
  if (blurry) issues.push('BLURRY');
  if (m.p98 < t.darkP98) issues.push('TOO_DARK');
  // Blurring also turns the blacks grey: a blurred photo is told to be retaken, not that it is overexposed.
  else if (!blurry && m.darkest >= t.brightDarkest && m.p50 >= t.brightP50) issues.push('OVEREXPOSED');
  if (codes.some(isPlaceholderCode)) issues.push('PLACEHOLDER_CODE');
  if (codes.length === 0 && m.region) issues.push('CODE_UNREADABLE');
  return issues;
}
