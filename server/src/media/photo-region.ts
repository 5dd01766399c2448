import type { GreyImage } from './pixels.ts';

// The photo checks' own region finder (issue 20 items 1-2); barcode-region.ts is the printed-digits reader's (item 6).
// Both were written at once; making one of them serve both is left open (docs/decisions.md).
/**
 * Finding where a linear barcode (EAN/UPC) probably is, without reading it: for telling "a barcode is here but could
 * not be read" (CODE_UNREADABLE) from "there is no barcode", for judging sharpness where it matters, and for other
 * readers (printed digits) to look under.
 *
 * Bars are many parallel edges of strong contrast. The image is cut into square cells; in each, the structure
 * tensor of the gradients says how strong the edges are and how much they share one direction (coherence, 0 to 1).
 * Text, photos and texture have strong edges in every direction (low coherence); a plain surface has none. Cells
 * that are strong and coherent, next to each other and agreeing on the direction, make a region; a region large and
 * solid enough to be a code is returned. Works at any angle.
 */
export interface BarcodeRegion {
  /** Bounding box in the pixels of the image given. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Direction of the bars' gradient (across the bars), degrees in [0, 180). */
  angle: number;
  /** Cells of the region, and their share of its bounding box. */
  cells: number;
  fill: number;
}

/** Cells per image side (about), so that a code of a tenth of the image's width still spans several cells. */
const CELLS_ACROSS = 64;
/** Mean squared gradient per pixel a cell needs (bars are black on white: their edges are far stronger). */
const MIN_ENERGY = 220;
const MIN_COHERENCE = 0.72;
/** At most this share of a cell's gradient may point one way (a single edge: 1; bars: near 0). */
const MAX_ONE_WAY = 0.5;
/** Neighbouring cells belong together when their directions differ by less than this. */
const MAX_ANGLE_STEP = 20;
/**
 * A code covers at least this many cells, at least MIN_SPAN of them each way (a single straight edge, between two
 * flat colours, is one cell thick), and fills at least this share of its bounding box.
 */
const MIN_CELLS = 10;
const MIN_SPAN = 3;
const MIN_FILL = 0.3;

interface Cell {
  strong: boolean;
  angle: number;
}

function cellsOf(grey: GreyImage, size: number): { cells: Cell[]; cols: number; rows: number } {
  const { data, width, height } = grey;
  const cols = Math.floor(width / size);
  const rows = Math.floor(height / size);
  const cells = new Array<Cell>(cols * rows);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let jxx = 0;
      let jyy = 0;
      let jxy = 0;
      let sx = 0;
      let sy = 0;
      let magnitude = 0;
      const y0 = Math.max(1, cy * size);
      const y1 = Math.min(height - 1, (cy + 1) * size);
      const x0 = Math.max(1, cx * size);
      const x1 = Math.min(width - 1, (cx + 1) * size);
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
      const n = Math.max(1, (y1 - y0) * (x1 - x0));
      const energy = (jxx + jyy) / n;
      const coherence = jxx + jyy > 0 ? Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / (jxx + jyy) : 0;
      const angle = ((Math.atan2(2 * jxy, jxx - jyy) / 2) * 180) / Math.PI;
      // Bars rise and fall: their edges' gradients cancel out. One edge between two flat colours does not.
      const alternating = magnitude > 0 && Math.hypot(sx, sy) / magnitude <= MAX_ONE_WAY;
      cells[cy * cols + cx] = { strong: energy >= MIN_ENERGY && coherence >= MIN_COHERENCE && alternating, angle: (angle + 180) % 180 };
    }
  }
  return { cells, cols, rows };
}

const angleGap = (a: number, b: number) => {
  const d = Math.abs(a - b) % 180;
  return Math.min(d, 180 - d);
};

/** The most barcode-like region of a grey image, or null when nothing in it looks like a linear barcode. */
export function findBarcodeRegion(grey: GreyImage): BarcodeRegion | null {
  const size = Math.max(3, Math.round(Math.max(grey.width, grey.height) / CELLS_ACROSS));
  const { cells, cols, rows } = cellsOf(grey, size);
  const seen = new Uint8Array(cells.length);
  let best: BarcodeRegion | null = null;
  for (let start = 0; start < cells.length; start++) {
    if (seen[start] || !cells[start].strong) continue;
    // Flood fill over strong neighbours that agree on the direction.
    const stack = [start];
    seen[start] = 1;
    let count = 0;
    let minX = cols;
    let minY = rows;
    let maxX = -1;
    let maxY = -1;
    let sin = 0;
    let cos = 0;
    while (stack.length) {
      const at = stack.pop()!;
      const cx = at % cols;
      const cy = (at - cx) / cols;
      count++;
      minX = Math.min(minX, cx);
      maxX = Math.max(maxX, cx);
      minY = Math.min(minY, cy);
      maxY = Math.max(maxY, cy);
      const rad = (cells[at].angle * Math.PI) / 90; // doubled: directions are modulo 180°
      sin += Math.sin(rad);
      cos += Math.cos(rad);
      for (const [nx, ny] of [[cx - 1, cy], [cx + 1, cy], [cx, cy - 1], [cx, cy + 1]]) {
        if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
        const next = ny * cols + nx;
        if (seen[next] || !cells[next].strong || angleGap(cells[next].angle, cells[at].angle) > MAX_ANGLE_STEP) continue;
        seen[next] = 1;
        stack.push(next);
      }
    }
    const fill = count / ((maxX - minX + 1) * (maxY - minY + 1));
    const span = Math.min(maxX - minX, maxY - minY) + 1;
    if (count < MIN_CELLS || span < MIN_SPAN || fill < MIN_FILL || (best && count <= best.cells)) continue;
    best = {
      x: minX * size,
      y: minY * size,
      width: (maxX - minX + 1) * size,
      height: (maxY - minY + 1) * size,
      angle: (((Math.atan2(sin, cos) * 90) / Math.PI) + 180) % 180,
      cells: count,
      fill,
    };
  }
  return best;
}
