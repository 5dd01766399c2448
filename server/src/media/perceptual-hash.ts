import type { GreyImage } from './pixels.ts';

/**
 * A 64-bit perceptual hash (pHash): the signs, against their median, of the 8 × 8 lowest frequencies of the cosine
 * transform of the picture shrunk to 32 × 32. Re-encoding, resizing and mild colour changes move only a few of those
 * frequencies, so copies stay a few bits apart, while different pictures differ in about half. Written as 16 hex
 * digits; a picture is known by two of them (perceptualHash).
 */
const SIZE = 32;
const KEEP = 8;

/** cos((2x + 1) u π / 2N) for u < KEEP, x < SIZE. */
const COS = Array.from({ length: KEEP }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An area shrunk to SIZE × SIZE by averaging the pixels of each cell (any aspect ratio is squeezed). */
function shrink({ data, width: stride }: GreyImage, { x: x0, y: y0, width, height }: Area): Float64Array {
  const out = new Float64Array(SIZE * SIZE);
  const cellOf = (i: number, length: number) => Math.min(SIZE - 1, Math.floor((i * SIZE) / length));
  const columns = Int32Array.from({ length: width }, (_, x) => cellOf(x, width));
  // Pixels per cell, each way: a cell's count is the product, so none is kept per pixel.
  const across = new Float64Array(SIZE);
  const down = new Float64Array(SIZE);
  for (let x = 0; x < width; x++) across[columns[x]]++;
  for (let y = 0; y < height; y++) {
    const cellRow = cellOf(y, height);
    down[cellRow]++;
    const row = cellRow * SIZE;
    const start = (y0 + y) * stride + x0;
    for (let x = 0; x < width; x++) out[row + columns[x]] += data[start + x];
  }
  for (let i = 0; i < out.length; i++) out[i] /= across[i % SIZE] * down[Math.floor(i / SIZE)] || 1;
  return out;
}

function hashOf(grey: GreyImage, area: Area): string {
  const pixels = shrink(grey, area);
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

/** How much of each side the second hash keeps: a crop of up to about 5% on every side matches it closely. */
const CENTRE = 0.9;

/**
 * The hash of the whole picture and of its centre (CENTRE of each side), as 'whole-centre'. A perceptual hash of the
 * whole is robust to re-encoding and resizing but not to cropping, which shifts everything; a cropped copy's whole
 * looks like the original's centre, and the original's whole like the crop's centre when the crop is the larger one.
 */
export function perceptualHash(grey: GreyImage): string {
  const whole = { x: 0, y: 0, width: grey.width, height: grey.height };
  const width = Math.max(1, Math.round(grey.width * CENTRE));
  const height = Math.max(1, Math.round(grey.height * CENTRE));
  const centre = { x: Math.floor((grey.width - width) / 2), y: Math.floor((grey.height - height) / 2), width, height };
  return `${hashOf(grey, whole)}-${hashOf(grey, centre)}`;
}

/** Bits that differ between two picture hashes: the closest of whole to whole, whole to centre and centre to whole. */
export function pictureDistance(a: string, b: string): number {
  const [aWhole, aCentre = aWhole] = a.split('-');
  const [bWhole, bCentre = bWhole] = b.split('-');
  return Math.min(hashDistance(aWhole, bWhole), hashDistance(aWhole, bCentre), hashDistance(aCentre, bWhole));
}

/** Bits that differ between two 64-bit hashes. */
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
export const SAME_PICTURE_BITS = 8;

/**
 * Pictures of one product line are often framed alike (the same pack, another flavour and code) and look alike to a
 * perceptual hash; the codes read tell them apart: two files whose codes were both read and share none are not the
 * same picture. Answers the bits apart when they are the same picture, null otherwise.
 */
export function samePicture(
  a: { hash: string; codes: readonly string[] },
  b: { hash: string; codes: readonly string[] },
): number | null {
  if (a.codes.length > 0 && b.codes.length > 0 && !a.codes.some((code) => b.codes.includes(code))) return null;
  const bits = pictureDistance(a.hash, b.hash);
  return bits <= SAME_PICTURE_BITS ? bits : null;
}
