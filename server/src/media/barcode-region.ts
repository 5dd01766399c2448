import type { GreyImage } from './pixels.ts';

/**
 * Where a linear barcode (EAN/UPC) probably is in a photo, found without decoding it. One finder serves three uses:
 * CODE_UNREADABLE ("a barcode is here but could not be read", not "there is no barcode"), BLURRY (sharpness judged
 * where it matters) and the printed-digits reader (where to look for the digits when no reader decoded the bars).
 * It runs once per file, on the grey copy the photo checks judge (at most 640 px, photo-quality.ts); barcodes.ts
 * scales the box to the image the digits are read from.
 *
 * Bars are many parallel edges that rise and fall. The image is cut into square cells; in each, the structure tensor
 * of the gradients says how strong the edges are and how much they share one direction (coherence, 0 to 1). Text
 * and texture have edges in every direction (low coherence); a plain surface has none. Cells that are coherent and
 * not one single edge, next to each other and agreeing on the direction, make a region. A region is a code when it
 * is large and solid enough, its cells agree on one direction as a whole (the rim of a round shape does not), and its
 * gradients cancel out as a whole (bars rise and fall; an edge between two colours or a colour gradient does not).
 * Contrast hardly matters: a blurred or dim code is still found (tuned on bench/photo-checks.ts, whose blurred
 * photos are positives, and on its pack artwork without a code, negatives). Works at any angle.
 */
export interface BarcodeRegion {
  /** The box holding the bars, in pixels of the image it was found in. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Direction of the bars' gradient (across the bars), degrees in [0, 180): 0 when the bars run up and down. */
  angle: number;
  /** Whether the bars run up and down (within MAX_UPRIGHT_TILT); printed digits are read only then. */
  upright: boolean;
  /** Cells of the region, and their share of its box. */
  cells: number;
  fill: number;
}

/** Cells per image side (about), so that a code of a tenth of the image's width still spans several cells. */
const CELLS_ACROSS = 64;
const MIN_CELL = 3;
/**
 * Mean squared gradient per pixel a cell needs: low, so that a blurred code (Gaussian sigma 4 at the judging size)
 * is still found; flat paper and sensor noise stay below it.
 */
const MIN_ENERGY = 12;
const MIN_COHERENCE = 0.72;
/**
 * At most this share of a cell's gradient may point one way. A cell holding one blurred edge of a wide bar is
 * nearly one-way, so this is loose; the region as a whole must cancel out far better (MAX_REGION_ONE_WAY).
 */
const MAX_ONE_WAY = 0.9;
const MAX_REGION_ONE_WAY = 0.4;
/** Neighbouring cells belong together when their directions differ by less than this. */
const MAX_ANGLE_STEP = 20;
/** The region's cells must agree on its direction at least this much (mean of their doubled-angle unit vectors). */
const MIN_REGION_COHERENCE = 0.6;
/**
 * A code covers at least this many cells (the strokes of a word of large type make fewer), at least MIN_SPAN each
 * way (a single straight edge, between two flat colours, is one cell thick), and fills at least MIN_FILL of its box.
 */
const MIN_CELLS = 16;
const MIN_SPAN = 3;
const MIN_FILL = 0.3;
/** Bars this close to vertical count as upright for the digits reader (the old finder's 3:1 edge ratio: about 18°). */
const MAX_UPRIGHT_TILT = 20;

interface Cells {
  cols: number;
  rows: number;
  size: number;
  strong: Uint8Array;
  /** Degrees in [0, 180). */
  angle: Float32Array;
  /** Sum of the gradients (x, y) and of their magnitudes. */
  sx: Float64Array;
  sy: Float64Array;
  magnitude: Float64Array;
}

function cellsOf(grey: GreyImage): Cells {
  const { data, width, height } = grey;
  const size = Math.max(MIN_CELL, Math.round(Math.max(width, height) / CELLS_ACROSS));
  const cols = Math.floor(width / size);
  const rows = Math.floor(height / size);
  const n = cols * rows;
  const cells: Cells = {
    cols,
    rows,
    size,
    strong: new Uint8Array(n),
    angle: new Float32Array(n),
    sx: new Float64Array(n),
    sy: new Float64Array(n),
    magnitude: new Float64Array(n),
  };
  for (let cy = 0; cy < rows; cy++) {
    const y0 = Math.max(1, cy * size);
    const y1 = Math.min(height - 1, (cy + 1) * size);
    for (let cx = 0; cx < cols; cx++) {
      const x0 = Math.max(1, cx * size);
      const x1 = Math.min(width - 1, (cx + 1) * size);
      let jxx = 0;
      let jyy = 0;
      let jxy = 0;
      let sx = 0;
      let sy = 0;
      let magnitude = 0;
      for (let y = y0; y < y1; y++) {
        let i = y * width + x0;
        for (let x = x0; x < x1; x++, i++) {
          const gx = data[i + 1] - data[i - 1];
          const gy = data[i + width] - data[i - width];
          jxx += gx * gx;
          jyy += gy * gy;
          jxy += gx * gy;
          sx += gx;
          sy += gy;
          magnitude += Math.abs(gx) + Math.abs(gy);
        }
      }
      const c = cy * cols + cx;
      const energy = (jxx + jyy) / Math.max(1, (y1 - y0) * (x1 - x0));
      const coherence = jxx + jyy > 0 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / (jxx + jyy) : 0;
      const oneWay = magnitude > 0 ? Math.hypot(sx, sy) / magnitude : 1;
      cells.strong[c] = energy >= MIN_ENERGY && coherence >= MIN_COHERENCE && oneWay <= MAX_ONE_WAY ? 1 : 0;
      cells.angle[c] = (((Math.atan2(2 * jxy, jxx - jyy) / 2) * 180) / Math.PI + 180) % 180;
      cells.sx[c] = sx;
      cells.sy[c] = sy;
      cells.magnitude[c] = magnitude;
    }
  }
  return cells;
}

const angleGap = (a: number, b: number) => {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
};

/** The most barcode-like region of a grey image, or null when nothing in it looks like a linear barcode. */
export function findBarcodeRegion(grey: GreyImage): BarcodeRegion | null {
  const { cols, rows, size, strong, angle, sx, sy, magnitude } = cellsOf(grey);
  const seen = new Uint8Array(strong.length);
  const stack = new Int32Array(strong.length);
  let best: BarcodeRegion | null = null;
  const visit = (next: number, from: number, top: number) => {
    if (seen[next] || !strong[next] || angleGap(angle[next], angle[from]) > MAX_ANGLE_STEP) return top;
    seen[next] = 1;
    stack[top] = next;
    return top + 1;
  };
  for (let start = 0; start < strong.length; start++) {
    if (seen[start] || !strong[start]) continue;
    // Flood fill over strong neighbours that agree on the direction.
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let count = 0;
    let [minX, minY, maxX, maxY] = [cols, rows, -1, -1];
    let [sin, cos, gx, gy, total] = [0, 0, 0, 0, 0];
    while (top > 0) {
      const at = stack[--top];
      const cx = at % cols;
      const cy = (at - cx) / cols;
      count++;
      minX = Math.min(minX, cx);
      maxX = Math.max(maxX, cx);
      minY = Math.min(minY, cy);
      maxY = Math.max(maxY, cy);
      const doubled = (angle[at] * Math.PI) / 90; // directions are modulo 180°
      sin += Math.sin(doubled);
      cos += Math.cos(doubled);
      gx += sx[at];
      gy += sy[at];
      total += magnitude[at];
      if (cx > 0) top = visit(at - 1, at, top);
      if (cx < cols - 1) top = visit(at + 1, at, top);
      if (cy > 0) top = visit(at - cols, at, top);
      if (cy < rows - 1) top = visit(at + cols, at, top);
    }
    if (count < MIN_CELLS || (best && count <= best.cells)) continue;
    const fill = count / ((maxX - minX + 1) * (maxY - minY + 1));
    const span = Math.min(maxX - minX, maxY - minY) + 1;
    if (span < MIN_SPAN || fill < MIN_FILL) continue;
    if (Math.hypot(sin, cos) < MIN_REGION_COHERENCE * count || Math.hypot(gx, gy) > MAX_REGION_ONE_WAY * total)
      continue;
    const direction = ((Math.atan2(sin, cos) * 90) / Math.PI + 180) % 180;
    const box = widened({ cols, rows, strong, angle }, { minX, minY, maxX, maxY }, direction);
    best = {
      left: box.minX * size,
      top: box.minY * size,
      width: (box.maxX - box.minX + 1) * size,
      height: (box.maxY - box.minY + 1) * size,
      angle: direction,
      upright: angleGap(direction, 0) <= MAX_UPRIGHT_TILT,
      cells: count,
      fill,
    };
  }
  return best;
}

/** Cells a code's box reaches across to (see widened). */
const MAX_GAP = 2;

/**
 * The region's box (in cells) grown to take in the rest of the code beyond gaps of up to MAX_GAP cells: in a sharp
 * print, a cell inside a wide bar or space holds one edge or none and is not counted, which can cut a code into
 * pieces; the region found is one of them. Cells beyond agreeing on the direction are taken in, across the bars and
 * beside the box, until no more are. Only the box grows (for the digits under it and for judging sharpness); whether there is a code at all
 * was decided on the region itself.
 */
function widened(
  cells: Pick<Cells, 'cols' | 'rows' | 'strong' | 'angle'>,
  box: { minX: number; minY: number; maxX: number; maxY: number },
  direction: number,
) {
  const { cols, rows, strong, angle } = cells;
  const agrees = (cx: number, cy: number) => {
    const c = cy * cols + cx;
    return strong[c] === 1 && angleGap(angle[c], direction) <= MAX_ANGLE_STEP;
  };
  const anyIn = (x0: number, x1: number, y0: number, y1: number) => {
    for (let cy = Math.max(0, y0); cy <= Math.min(rows - 1, y1); cy++) {
      for (let cx = Math.max(0, x0); cx <= Math.min(cols - 1, x1); cx++) if (agrees(cx, cy)) return true;
    }
    return false;
  };
  const b = { ...box };
  // Across the bars only (sideways for bars up and down): along them a code has no gaps, only the digits and text.
  const across = angleGap(direction, 0) <= 45;
  for (let grown = true; grown;) {
    grown = false;
    // The nearest column (row) beside the box, within MAX_GAP + 1, that holds an agreeing cell.
    for (let d = 1; d <= MAX_GAP + 1; d++) {
      if (across) {
        if (b.minX - d >= 0 && anyIn(b.minX - d, b.minX - d, b.minY, b.maxY)) [b.minX, grown] = [b.minX - d, true];
        if (b.maxX + d < cols && anyIn(b.maxX + d, b.maxX + d, b.minY, b.maxY)) [b.maxX, grown] = [b.maxX + d, true];
      } else {
        if (b.minY - d >= 0 && anyIn(b.minX, b.maxX, b.minY - d, b.minY - d)) [b.minY, grown] = [b.minY - d, true];
        if (b.maxY + d < rows && anyIn(b.minX, b.maxX, b.maxY + d, b.maxY + d)) [b.maxY, grown] = [b.maxY + d, true];
      }
      if (grown) break;
    }
  }
  return b;
}

/** The region's box in another copy of the same picture, `scale` times as large. */
export function scaleRegion(region: BarcodeRegion, scaleX: number, scaleY = scaleX): BarcodeRegion {
  return {
    ...region,
    left: Math.round(region.left * scaleX),
    top: Math.round(region.top * scaleY),
    width: Math.round(region.width * scaleX),
    height: Math.round(region.height * scaleY),
  };
}
