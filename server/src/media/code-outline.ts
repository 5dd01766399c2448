import type { ImagePoint, ImageRegion } from '@portal/domain';
import { rotateGrey, sharpenGrey, type GreyImage, type RgbaImage } from './pixels.ts';
import { zbarLocateGrey } from './zbar-reader.ts';
import { zxingLocatePixels } from './zxing-reader.ts';

/**
 * The four corners of a code read, at the code's own angle, for outlining it on the image (see
 * docs/decisions/photo-checks-and-barcodes.md, "A turned code is outlined at its angle").
 *
 * zxing's quadrilateral for a linear code is made of the first and last rows across which it decoded the bars, so
 * it holds the bars when they stand upright; on a turned code it reads along rows or columns at a slant (or not at
 * all), and ZBar gives only the ends of its scan lines. So the bars' angle is measured around where the code was
 * read (the structure tensor of the gradients), the image is turned by it so the bars stand upright, zxing (or,
 * failing it, ZBar on a sharpened copy) reads the turned copy, and its quadrilateral is turned back onto the image.
 */

/** Codes turned by less than this (degrees) are read where they are: zxing's rows already cross the bars. */
const UPRIGHT_WITHIN = 4;

type Point = ImagePoint;

const angleGap = (a: number, b: number) => {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
};

/**
 * The direction across the bars (degrees in [0, 180); 0: bars up and down) in a window of a grey image given in
 * fractions, weighted by the gradients' strength; null when the window holds no edges that agree.
 */
export function barAngle(grey: GreyImage, window: ImageRegion): number | null {
  const { data, width, height } = grey;
  const x0 = Math.max(1, Math.floor(window.x * width));
  const x1 = Math.min(width - 1, Math.ceil((window.x + window.w) * width));
  const y0 = Math.max(1, Math.floor(window.y * height));
  const y1 = Math.min(height - 1, Math.ceil((window.y + window.h) * height));
  let [jxx, jyy, jxy] = [0, 0, 0];
  for (let y = y0; y < y1; y++) {
    for (let x = x0, i = y * width + x0; x < x1; x++, i++) {
      const gx = data[i + 1] - data[i - 1];
      const gy = data[i + width] - data[i - width];
      jxx += gx * gx;
      jyy += gy * gy;
      jxy += gx * gy;
    }
  }
  const coherence = jxx + jyy > 0 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / (jxx + jyy) : 0;
  if (coherence < 0.3) return null;
  return (((Math.atan2(2 * jxy, jxx - jyy) / 2) * 180) / Math.PI + 180) % 180;
}

/** A point of a copy turned by `degrees` (sharp: clockwise, canvas grown to hold it) back on the original. */
export function unturn(p: Point, degrees: number, original: Size, turned: Size): Point {
  const a = (-degrees * Math.PI) / 180;
  const dx = p.x - turned.width / 2;
  const dy = p.y - turned.height / 2;
  return {
    x: dx * Math.cos(a) - dy * Math.sin(a) + original.width / 2,
    y: dx * Math.sin(a) + dy * Math.cos(a) + original.height / 2,
  };
}

type Size = { width: number; height: number };

const rgbaOf = ({ data, width, height }: GreyImage): RgbaImage => {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    rgba[j] = rgba[j + 1] = rgba[j + 2] = data[i];
    rgba[j + 3] = 255;
  }
  return { data: rgba, width, height };
};

/** zxing's points (topLeft, topRight, bottomLeft, bottomRight) in order around the quadrilateral. */
const aroundQuad = (points: readonly Point[]): Point[] | null =>
  points.length >= 4 ? [points[0], points[1], points[3], points[2]] : null;

/** The shorter side of a quadrilateral against the longer: near 0 for zxing's single scan line. */
function thinness(q: readonly Point[]): number {
  const side = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = (side(q[0], q[1]) + side(q[2], q[3])) / 2;
  const along = (side(q[1], q[2]) + side(q[3], q[0])) / 2;
  return Math.min(across, along) / Math.max(across, along, 1e-9);
}

/**
 * A quadrilateral at most this thin is a scan line rather than the code; it is grown across (to half its length,
 * the proportions of an EAN or UPC code) about its middle.
 */
const MIN_THINNESS = 0.15;

function grownIfThin(q: Point[]): Point[] {
  if (thinness(q) > MIN_THINNESS) return q;
  const [a, b] = [q[0], q[1]];
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (!length) return q;
  const mid = { x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 };
  const u = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  const n = { x: -u.y, y: u.x };
  const [hu, hn] = [length / 2, length / 4];
  const at = (s: number, t: number) => ({ x: mid.x + s * u.x + t * n.x, y: mid.y + s * u.y + t * n.y });
  return [at(-hu, -hn), at(hu, -hn), at(hu, hn), at(-hu, hn)];
}

/**
 * Where a reader reads an upright code on a copy: zxing's quadrilateral, else the box of ZBar's scan-line points
 * on a sharpened copy (the rows that decoded, from the code's first bar to its last). Null when neither reads it.
 */
async function uprightQuad(grey: GreyImage): Promise<Point[] | null> {
  const zxing = aroundQuad((await zxingLocatePixels(rgbaOf(grey))).points);
  if (zxing) return zxing;
  const { points } = await zbarLocateGrey(await sharpenGrey(grey));
  if (points.length < 2) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

/**
 * A square (on the image) around the middle of a window, 1.25 times its longer side: the bars of a turned code read
 * along rows or columns fill only a slanted band of the reader's box, or lie beside a scan line's points.
 */
function squareAround(window: ImageRegion, size: Size): ImageRegion {
  const side = Math.max(window.w * size.width, window.h * size.height) * 1.25;
  const [w, h] = [Math.min(1, side / size.width), Math.min(1, side / size.height)];
  const cx = window.x + window.w / 2;
  const cy = window.y + window.h / 2;
  return { x: Math.min(1 - w, Math.max(0, cx - w / 2)), y: Math.min(1 - h, Math.max(0, cy - h / 2)), w, h };
}

/**
 * The code's corners in fractions of the image, or null when they cannot be found (the caller's box stands). `grey`
 * is a copy of the image (any size), `window` where the code was read (fractions), `readQuad` zxing's points on the
 * image itself when it read the code there (fractions).
 */
export async function codeCorners(
  grey: GreyImage,
  window: ImageRegion,
  readQuad: readonly Point[] | null,
): Promise<Point[] | null> {
  const fractions = (q: Point[], size: Size) =>
    q.map((p) => ({ x: Math.min(1, Math.max(0, p.x / size.width)), y: Math.min(1, Math.max(0, p.y / size.height)) }));
  const direct = readQuad && aroundQuad(readQuad);
  const read = direct && fractions(grownIfThin(direct), { width: 1, height: 1 });
  const angle = barAngle(grey, squareAround(window, grey));
  // An upright code (or no angle to go by): zxing's quadrilateral where zxing read it; else the caller's box stands.
  if (angle === null || angleGap(angle, 0) <= UPRIGHT_WITHIN) return read;
  const tilt = angle > 90 ? angle - 180 : angle;
  // Turn the bars upright: a clockwise turn by -tilt undoes a code turned clockwise by tilt.
  const turned = await rotateGrey(grey, -tilt);
  const quad = await uprightQuad(turned);
  if (!quad) return read;
  return fractions(
    grownIfThin(quad).map((p) => unturn(p, -tilt, grey, turned)),
    grey,
  );
}
