import { isPlaceholderCode, MIN_LONG_SIDE_PX, type PhotoIssueCode } from '@portal/domain';
import { findBarcodeRegion, type BarcodeRegion } from './barcode-region.ts';
import { perceptualHash } from './perceptual-hash.ts';
import type { GreyImage } from './pixels.ts';

/**
 * The photo checks of issue 20 that look at pixels, on a small copy of the image the barcode readers already
 * decoded (so they add a few milliseconds, not a second decode). DUPLICATE needs the company's other files and
 * is decided by the job (modules/media-files/photo-checks.ts) from the hash measured here.
 */

/**
 * Images are judged at most this large on their longest side: about the size a retailer's product page shows, and
 * the same scale for every photo whatever its camera (sharpness depends on it).
 */
export const JUDGING_SIZE = 800;

export interface PhotoMeasures {
  /** Of the source as displayed; null for rendered PDF pages (vector artwork has no resolution of its own). */
  sourceWidth: number | null;
  sourceHeight: number | null;
  /** Luminance percentiles: the darkest 1% and the brightest 2% begin at p1 and p98. */
  p1: number;
  p50: number;
  p98: number;
  /** Blur effect (0 sharp, 1 flat), on the barcode region when one was found; null where there are too few edges. */
  blur: number | null;
  region: BarcodeRegion | null;
  hash: string;
}

/** Thresholds, each tuned on bench/photo-checks.ts (results in bench/results/photo-checks.md). */
export const PHOTO_THRESHOLDS = {
  blur: 0.5,
  /** Too dark: even the bright parts (98th percentile) stay below this. */
  darkP98: 100,
  /**
   * Overexposed: not even the darkest 1% is darker than this: blacks washed out to grey, bars included. (A share of
   * clipped white would not do: product images are asked for on pure white backgrounds.)
   */
  brightP1: 80,
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
  return { p1: percentile(0.01), p50: percentile(0.5), p98: percentile(0.98) };
}

/** Width of the box the image is compared with once blurred (Crété-Roffet et al. use 9 to 11 pixels). */
const REBLUR = 9;

/**
 * The blur effect of Crété-Roffet, Dolmière, Ladret and Nicolas ("The blur effect: perception and estimation with a
 * new no-reference perceptual blur metric", SPIE 2007), as scikit-image's blur_effect: how much of the differences
 * between neighbouring pixels survive blurring the image again. A sharp picture loses most of them (0); a blurred
 * one had little to lose (towards 1). Unlike the variance of the Laplacian it does not grow with contrast or
 * detail, so one threshold serves barcodes, labels and packs. Both directions are pooled, weighted by their edges
 * (bars have edges in one direction only). Null when the area is nearly flat: nothing to judge.
 */
export function blurEffect(grey: GreyImage, area: { x: number; y: number; width: number; height: number }): number | null {
  const { data, width } = grey;
  const x0 = area.x;
  const y0 = area.y;
  const w = area.width;
  const h = area.height;
  if (w < REBLUR + 2 || h < REBLUR + 2) return null;
  let total = 0;
  let kept = 0;
  const half = REBLUR >> 1;
  const line = new Float64Array(Math.max(w, h));
  const boxed = new Float64Array(Math.max(w, h));
  const measure = (n: number) => {
    // Box filter with the window clipped at the ends.
    let sum = 0;
    let count = 0;
    for (let i = 0; i < Math.min(half, n); i++) {
      sum += line[i];
      count++;
    }
    for (let i = 0; i < n; i++) {
      if (i + half < n) {
        sum += line[i + half];
        count++;
      }
      if (i - half - 1 >= 0) {
        sum -= line[i - half - 1];
        count--;
      }
      boxed[i] = sum / count;
    }
    for (let i = 1; i < n; i++) {
      const d = Math.abs(line[i] - line[i - 1]);
      const dBlur = Math.abs(boxed[i] - boxed[i - 1]);
      total += d;
      if (d > dBlur) kept += d - dBlur;
    }
  };
  for (let y = y0; y < y0 + h; y++) {
    for (let x = 0; x < w; x++) line[x] = data[y * width + x0 + x];
    measure(w);
  }
  for (let x = x0; x < x0 + w; x++) {
    for (let y = 0; y < h; y++) line[y] = data[(y0 + y) * width + x];
    measure(h);
  }
  // Less than one grey level of difference per pixel on average: a flat area.
  if (total < w * h) return null;
  return (total - kept) / total;
}

/** Measures a decoded image (grey, at any size up to the readers' base width). */
export function measurePhoto(grey: GreyImage, source: { width: number; height: number } | null): PhotoMeasures {
  const small = shrinkGrey(grey);
  const region = findBarcodeRegion(small);
  const whole = { x: 0, y: 0, width: small.width, height: small.height };
  const blur = (region && blurEffect(small, region)) ?? blurEffect(small, whole);
  return {
    sourceWidth: source?.width ?? null,
    sourceHeight: source?.height ?? null,
    ...luminance(small),
    blur,
    region,
    hash: perceptualHash(small),
  };
}

/** The photo issues of a file from its measures and the codes read from it (all but DUPLICATE). */
export function judgePhoto(m: PhotoMeasures, codes: readonly string[]): PhotoIssueCode[] {
  const t = PHOTO_THRESHOLDS;
  const issues: PhotoIssueCode[] = [];
  if (m.sourceWidth !== null && m.sourceHeight !== null && Math.max(m.sourceWidth, m.sourceHeight) < MIN_LONG_SIDE_PX) {
    issues.push('LOW_RESOLUTION');
  }
  if (m.blur !== null && m.blur >= t.blur) issues.push('BLURRY');
  if (m.p98 < t.darkP98) issues.push('TOO_DARK');
  else if (m.p1 >= t.brightP1) issues.push('OVEREXPOSED');
  if (codes.some(isPlaceholderCode)) issues.push('PLACEHOLDER_CODE');
  if (codes.length === 0 && m.region) issues.push('CODE_UNREADABLE');
  return issues;
}
