import type { GreyImage } from './pixels.ts';

/**
 * Where a linear barcode probably is in a photo, found without decoding it: bars make strong brightness changes
 * across them and almost none along them. Used to know where the printed digits are when no reader could decode
 * the bars (printed-digits.ts); glare or a crease that defeats the readers leaves this pattern mostly intact.
 */
export interface BarcodeRegion {
  /** The box holding the bars, in pixels of the image it was found in. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Whether the bars run up and down (true) or across (false: the code is turned by 90°). */
  upright: boolean;
}

/** Cells of this many pixels are judged together (at the working width below). */
const CELL = 8;
/** The image is judged at this width at most: the pattern needs only a few pixels per bar. */
const WORK_WIDTH = 640;
/** A cell is bar-like when edges across it outweigh edges along it this many times… */
const DIRECTION_RATIO = 3;
/** …and its mean edge strength across is at least this (grey levels per pixel), so flat paper is not. */
const MIN_EDGE = 5;
/** A region smaller than this many cells is noise (text, a fence of letters), not a code. */
const MIN_CELLS = 12;

/**
 * The largest bar-like region of the image, or null when there is none. Only the two orientations the digits
 * can be read in are looked for (bars up and down, or across); a code turned by 45° is left out.
 */
export function findBarcodeRegion(image: GreyImage): BarcodeRegion | null {
  const scale = Math.min(1, WORK_WIDTH / image.width);
  const work = scale < 1 ? shrink(image, scale) : image;
  const found = [largestRegion(work, true), largestRegion(work, false)]
    .filter((region): region is BarcodeRegion & { cells: number } => region !== null)
    .sort((a, b) => b.cells - a.cells)[0];
  if (!found) return null;
  const { cells: _cells, ...region } = found;
  return {
    ...region,
    left: Math.round(region.left / scale),
    top: Math.round(region.top / scale),
    width: Math.round(region.width / scale),
    height: Math.round(region.height / scale),
  };
}

function largestRegion(image: GreyImage, upright: boolean): (BarcodeRegion & { cells: number }) | null {
  const { data, width, height } = image;
  const cols = Math.floor(width / CELL);
  const rows = Math.floor(height / CELL);
  if (cols < 2 || rows < 2) return null;
  const across = new Float64Array(cols * rows);
  const along = new Float64Array(cols * rows);
  for (let y = 1; y < rows * CELL - 1; y++) {
    const row = y * width;
    const cellRow = Math.floor(y / CELL) * cols;
    for (let x = 1; x < cols * CELL - 1; x++) {
      const i = row + x;
      const dx = Math.abs(data[i + 1] - data[i - 1]);
      const dy = Math.abs(data[i + width] - data[i - width]);
      const cell = cellRow + Math.floor(x / CELL);
      across[cell] += upright ? dx : dy;
      along[cell] += upright ? dy : dx;
    }
  }
  const perCell = CELL * CELL;
  const barLike = new Uint8Array(cols * rows);
  for (let c = 0; c < barLike.length; c++) {
    barLike[c] = across[c] / perCell >= MIN_EDGE && across[c] >= DIRECTION_RATIO * along[c] ? 1 : 0;
  }
  // Bars leave gaps (a wide space, a streak of glare): a cell between two bar-like cells along the code counts.
  const closed = barLike.slice();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const at = (rr: number, cc: number) =>
        rr >= 0 && rr < rows && cc >= 0 && cc < cols ? barLike[rr * cols + cc] : 0;
      if (upright ? at(r, c - 1) && at(r, c + 1) : at(r - 1, c) && at(r + 1, c)) closed[r * cols + c] = 1;
    }
  }
  return largestComponent(closed, cols, rows, upright);
}

function largestComponent(cells: Uint8Array, cols: number, rows: number, upright: boolean) {
  const seen = new Uint8Array(cells.length);
  let best: (BarcodeRegion & { cells: number }) | null = null;
  const stack: number[] = [];
  for (let start = 0; start < cells.length; start++) {
    if (!cells[start] || seen[start]) continue;
    let count = 0;
    let [minC, maxC, minR, maxR] = [cols, -1, rows, -1];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const cell = stack.pop()!;
      const r = Math.floor(cell / cols);
      const c = cell % cols;
      count++;
      [minC, maxC, minR, maxR] = [Math.min(minC, c), Math.max(maxC, c), Math.min(minR, r), Math.max(maxR, r)];
      for (const [rr, cc] of [
        [r - 1, c],
        [r + 1, c],
        [r, c - 1],
        [r, c + 1],
      ]) {
        const next = rr * cols + cc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols && cells[next] && !seen[next]) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    if (count >= MIN_CELLS && (!best || count > best.cells)) {
      best = {
        left: minC * CELL,
        top: minR * CELL,
        width: (maxC - minC + 1) * CELL,
        height: (maxR - minR + 1) * CELL,
        upright,
        cells: count,
      };
    }
  }
  return best;
}

/** A smaller copy by box averaging: enough for judging edges, and cheaper than a round trip through sharp. */
function shrink({ data, width, height }: GreyImage, scale: number): GreyImage {
  const w = Math.max(1, Math.floor(width * scale));
  const h = Math.max(1, Math.floor(height * scale));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) / scale)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += data[yy * width + xx];
      out[y * w + x] = Math.round(sum / ((y1 - y0) * (x1 - x0)));
    }
  }
  return { data: out, width: w, height: h };
}
