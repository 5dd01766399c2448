import type { GreyImage } from './pixels.ts';

/**
 * A 64-bit perceptual hash (pHash): the signs, against their median, of the 8 × 8 lowest frequencies of the cosine
 * transform of the picture shrunk to 32 × 32. Re-encoding, resizing, mild colour changes and small crops move only
 * a few of those frequencies, so copies stay a few bits apart, while different pictures differ in about half.
 * Written as 16 hex digits.
 */
const SIZE = 32;
const KEEP = 8;

/** cos((2x + 1) u π / 2N) for u < KEEP, x < SIZE. */
const COS = Array.from({ length: KEEP }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/** The image shrunk to SIZE × SIZE by averaging the pixels of each cell (any aspect ratio is squeezed). */
function shrink({ data, width, height }: GreyImage): Float64Array {
  const out = new Float64Array(SIZE * SIZE);
  const counts = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < height; y++) {
    const row = Math.min(SIZE - 1, Math.floor((y * SIZE) / height)) * SIZE;
    for (let x = 0; x < width; x++) {
      const cell = row + Math.min(SIZE - 1, Math.floor((x * SIZE) / width));
      out[cell] += data[y * width + x];
      counts[cell]++;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] /= counts[i] || 1;
  return out;
}

export function perceptualHash(grey: GreyImage): string {
  const pixels = shrink(grey);
  // Separable DCT, only the KEEP lowest frequencies each way.
  const rows = new Float64Array(SIZE * KEEP);
  for (let y = 0; y < SIZE; y++) {
    for (let u = 0; u < KEEP; u++) {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += pixels[y * SIZE + x] * COS[u][x];
      rows[y * KEEP + u] = sum;
    }
  }
  const coeffs: number[] = [];
  for (let v = 0; v < KEEP; v++) {
    for (let u = 0; u < KEEP; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += rows[y * KEEP + u] * COS[v][y];
      coeffs.push(sum);
    }
  }
  // The first coefficient is the mean brightness: left out of the median so exposure alone does not decide.
  const median = [...coeffs.slice(1)].sort((a, b) => a - b)[Math.floor((coeffs.length - 1) / 2)];
  let hex = '';
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (coeffs[i + b] > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** Bits that differ between two hashes. */
export function hashDistance(a: string, b: string): number {
  let bits = 0;
  for (let i = 0; i < 16; i++) {
    let x = parseInt(a[i], 16) ^ parseInt(b[i], 16);
    while (x) {
      bits += x & 1;
      x >>= 1;
    }
  }
  return bits;
}

/** At most this many bits apart: the same picture (tuned on bench/photo-checks.ts). */
export const SAME_PICTURE_BITS = 10;
