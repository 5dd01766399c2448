import sharp from 'sharp';
import type { GreyImage } from './pixels.ts';

/**
 * Reading the line of OCR-B digits printed under an EAN/UPC code by template matching, for photos too small or too
 * glary for tesseract (printed-digits.ts): on a 240 px photo the digits are 6 to 10 px high, and tesseract drops the
 * small outer digits of UPC-A and confuses OCR-B 4 and 6.
 *
 * 1. The image is brought to a working width and binarised against its local mean; dark blobs are digit candidates.
 * 2. Blobs of one height, side by side on one baseline, make a line; the small outer digits of UPC-A and UPC-E are
 *    looked for left and right of it.
 * 3. Each blob is compared with OCR-B digits (rendered once by bwip-js, which prints EAN/UPC text in OCR-B) by
 *    normalised correlation; a digit is taken only when its best template clearly beats the second best.
 * The caller accepts a line only as a retail code with a valid check digit (printedCode).
 */

/** Glyphs are compared on this grid (columns × rows), over a box as high as the glyph and BOX_ASPECT as wide. */
const GRID_W = 14;
const GRID_H = 20;
const BOX_ASPECT = 0.75;
/** Heights (px) the templates are rendered at before sampling: photos print digits from 6 px high up. */
const TEMPLATE_HEIGHTS = [8, 12, 24];
/** The image is scaled to at least this width (small photos up), at most MAX_WIDTH (large ones down). */
const MIN_WIDTH = 800;
const MAX_WIDTH = 1200;
/** A pixel is ink when it is this many grey levels darker than the mean around it. */
const INK_CONTRAST = 12;
/** Digits shorter than this (px, at working width) are too small to tell apart. */
const MIN_DIGIT_HEIGHT = 12;
/** How far (share of the digit height) the bottoms of neighbouring digits may differ: tight, then looser for tilt. */
const BASELINE_SLACK = [0.15, 0.25];
/** A blob at either end of a line that matches no digit this well is a mark beside the digits. */
const MIN_END_SCORE = 0.45;

export interface DigitMatch {
  digit: number;
  /** Correlation with the best template, -1 to 1. */
  score: number;
  /** How far the best digit's score is ahead of the next digit's. */
  margin: number;
}

/** A line of digits read left to right, with how sure each digit is. */
export interface DigitLine {
  digits: DigitMatch[];
  /** The digits as text. */
  text: string;
  /** Where each digit's middle is, left to right (px, at working width). */
  centres: number[];
}

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
}

const height = (b: Blob) => b.y1 - b.y0;
const width = (b: Blob) => b.x1 - b.x0;

/** A glyph's ink sampled on the grid, zero mean and unit length, so that a dot product is the correlation. */
function sample(image: GreyImage, blob: Blob): Float32Array {
  const h = height(blob);
  const boxW = Math.max(width(blob), h * BOX_ASPECT);
  const left = (blob.x0 + blob.x1) / 2 - boxW / 2;
  const out = new Float32Array(GRID_W * GRID_H);
  for (let gy = 0; gy < GRID_H; gy++) {
    const y = blob.y0 + ((gy + 0.5) * h) / GRID_H - 0.5;
    for (let gx = 0; gx < GRID_W; gx++) {
      const x = left + ((gx + 0.5) * boxW) / GRID_W - 0.5;
      out[gy * GRID_W + gx] = 255 - bilinear(image, x, y);
    }
  }
  return normalise(out);
}

function bilinear({ data, width: w, height: h }: GreyImage, x: number, y: number): number {
  if (x < 0 || y < 0 || x > w - 1 || y > h - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const fx = x - x0;
  const fy = y - y0;
  const top = data[y0 * w + x0] * (1 - fx) + data[y0 * w + x1] * fx;
  const bottom = data[y1 * w + x0] * (1 - fx) + data[y1 * w + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}

function normalise(values: Float32Array): Float32Array {
  let mean = 0;
  for (const v of values) mean += v;
  mean /= values.length;
  let norm = 0;
  for (let i = 0; i < values.length; i++) {
    values[i] -= mean;
    norm += values[i] * values[i];
  }
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < values.length; i++) values[i] /= norm;
  return values;
}

interface Template {
  digit: number;
  glyph: Float32Array;
}

let templatesReady: Promise<Template[]> | undefined;

/**
 * OCR-B digits as bwip-js prints them under an EAN-13 (0 to 9, then 0, 1 and the check digit 2), each sampled from
 * copies rendered TEMPLATE_HEIGHTS high, so that small blurred digits meet templates as blurred. Made once.
 */
function ocrbTemplates(): Promise<Template[]> {
  templatesReady ??= (async () => {
    // Loaded here, not at the top: most media processes never match OCR-B digits.
    const { toBuffer: renderBarcode } = await import('bwip-js/node');
    const text = '0123456789012';
    const png = await renderBarcode({
      bcid: 'ean13',
      text: text.slice(0, 12),
      scale: 8,
      height: 10,
      includetext: true,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: 'ffffff',
    });
    const { data, info } = await sharp(png)
      .flatten({ background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const page: GreyImage = { data: new Uint8Array(data), width: info.width, height: info.height };
    // The digits are the blobs that do not reach the top: every bar does.
    const glyphs = darkBlobs(page, (i) => page.data[i] < 128)
      .filter((b) => b.y0 > page.height / 2)
      .sort((a, b) => a.x0 - b.x0);
    if (glyphs.length !== text.length) throw new Error(`OCR-B templates: found ${glyphs.length} digits`);
    const templates: Template[] = [];
    for (const [i, glyph] of glyphs.entries()) {
      const pad = Math.round(height(glyph) * 0.3);
      const [w, h] = [width(glyph) + 2 * pad, height(glyph) + 2 * pad];
      const crop = { left: glyph.x0 - pad, top: glyph.y0 - pad, width: w, height: h };
      for (const size of TEMPLATE_HEIGHTS) {
        const scale = size / height(glyph);
        const small = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
          .extract(crop)
          .resize({ height: Math.round(crop.height * scale), kernel: 'linear' })
          .extractChannel(0)
          .raw()
          .toBuffer({ resolveWithObject: true });
        const image: GreyImage = {
          data: new Uint8Array(small.data),
          width: small.info.width,
          height: small.info.height,
        };
        const box: Blob = {
          x0: pad * scale,
          y0: pad * scale,
          x1: (pad + width(glyph)) * scale,
          y1: (pad + height(glyph)) * scale,
          pixels: 0,
        };
        templates.push({ digit: Number(text[i]), glyph: sample(image, box) });
      }
    }
    return templates;
  })();
  templatesReady.catch(() => (templatesReady = undefined));
  return templatesReady;
}

/** The digit a blob looks most like. */
function matchDigit(image: GreyImage, blob: Blob, templates: readonly Template[]): DigitMatch {
  const glyph = sample(image, blob);
  const best = new Float32Array(10).fill(-1);
  for (const t of templates) {
    let dot = 0;
    for (let i = 0; i < glyph.length; i++) dot += glyph[i] * t.glyph[i];
    if (dot > best[t.digit]) best[t.digit] = dot;
  }
  const ranked = [...best.keys()].sort((a, b) => best[b] - best[a]);
  return { digit: ranked[0], score: best[ranked[0]], margin: best[ranked[0]] - best[ranked[1]] };
}

/** 4-connected blobs of ink, with their boxes (x1, y1 exclusive). */
function darkBlobs(image: GreyImage, isInk: (i: number) => boolean): Blob[] {
  const { width: w, height: h } = image;
  const label = new Int32Array(w * h);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] || !isInk(start)) continue;
    const blob: Blob = { x0: w, y0: h, x1: 0, y1: 0, pixels: 0 };
    label[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      blob.pixels++;
      blob.x0 = Math.min(blob.x0, x);
      blob.x1 = Math.max(blob.x1, x + 1);
      blob.y0 = Math.min(blob.y0, y);
      blob.y1 = Math.max(blob.y1, y + 1);
      for (const next of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (next >= 0 && !label[next] && isInk(next)) {
          label[next] = 1;
          stack.push(next);
        }
      }
    }
    blobs.push(blob);
  }
  return blobs;
}

/** Ink: darker than the mean of the window around it (a side of `window` px) by INK_CONTRAST. */
function localInk(image: GreyImage, window: number): (i: number) => boolean {
  const { data, width: w, height: h } = image;
  const sums = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
    }
  }
  const r = Math.floor(window / 2);
  return (i) => {
    const x = i % w;
    const y = (i - x) / w;
    const [xa, xb, ya, yb] = [Math.max(0, x - r), Math.min(w, x + r + 1), Math.max(0, y - r), Math.min(h, y + r + 1)];
    const sum = sums[yb * (w + 1) + xb] - sums[ya * (w + 1) + xb] - sums[yb * (w + 1) + xa] + sums[ya * (w + 1) + xa];
    return data[i] < sum / ((xb - xa) * (yb - ya)) - INK_CONTRAST;
  };
}

/** Whether a blob could be a printed digit: upright, narrower than high, neither a speck nor a filled box. */
function digitShaped(b: Blob): boolean {
  const h = height(b);
  const fill = b.pixels / (h * width(b));
  return h >= MIN_DIGIT_HEIGHT && width(b) >= h * 0.12 && width(b) <= h * 0.95 && fill >= 0.15 && fill <= 0.8;
}

/** Whether `b` continues a line whose last digit is `a`: as high, on the same baseline, close after it. */
function follows(a: Blob, b: Blob, baseline: number): boolean {
  const h = height(a);
  return (
    b.x0 >= a.x1 - 0.1 * h &&
    b.x0 - a.x1 <= 2.2 * h &&
    Math.abs(height(b) - h) <= 0.2 * h &&
    // On one baseline: the ends of guard bars that reach into the digit line stop above it.
    Math.abs(b.y1 - a.y1) <= baseline * h &&
    Math.abs(b.y0 - a.y0) <= 0.25 * h
  );
}

/** A small outer digit of UPC-A or UPC-E beside the line's end `end`, on the side `side`, if one is there. */
function outerDigit(blobs: readonly Blob[], end: Blob, h: number, side: -1 | 1): Blob | undefined {
  const candidates = blobs.filter((b) => {
    const gap = side < 0 ? end.x0 - b.x1 : b.x0 - end.x1;
    return (
      gap >= 0 &&
      gap <= 2.5 * h &&
      height(b) >= 0.5 * h &&
      height(b) <= 0.95 * h &&
      width(b) <= height(b) &&
      Math.abs(b.y1 - end.y1) <= 0.3 * h
    );
  });
  return candidates.sort((a, b) => (side < 0 ? b.x1 - a.x1 : a.x0 - b.x0))[0];
}

/**
 * Lines of digits in the image, as the digit strings they could print: a line as it stands and, where small digits
 * stand beside it, with them (UPC-A: 1 + 10 + 1, UPC-E: 1 + 6 + 1). Lines shorter than 6 digits are left out.
 */
export async function readDigitLines(source: GreyImage, workingWidth = MIN_WIDTH): Promise<DigitLine[]> {
  const image = await workingCopy(source, workingWidth);
  const templates = await ocrbTemplates();
  const isInk = localInk(image, Math.round(image.width / 20));
  const ink = new Uint8Array(image.width * image.height);
  for (let i = 0; i < ink.length; i++) ink[i] = isInk(i) ? 1 : 0;
  const lines = new Map<string, DigitLine>();
  const found = linesIn(image, ink, templates, lines);
  // A second look along each line of digits, with the bars cut off above it: guard bars reach down into the line,
  // and glare or blur can join a digit to the bar beside it, which hides that digit from the first look.
  for (const chain of found.slice(0, MAX_SECOND_LOOKS))
    linesIn(image, cutBarsAbove(image, ink, chain), templates, lines);
  return [...lines.values()];
}

/** Lines of a second look: only the first ones found (photos of text could have hundreds). */
const MAX_SECOND_LOOKS = 20;

/**
 * Reads the lines of digit-shaped blobs in the ink mask into `lines` (keyed by their text) and returns every run of
 * at least 4 blobs found, for a second look.
 */
function linesIn(image: GreyImage, ink: Uint8Array, templates: readonly Template[], lines: Map<string, DigitLine>) {
  const blobs = darkBlobs(image, (i) => ink[i] === 1).filter(digitShaped);
  blobs.sort((a, b) => a.x0 - b.x0);
  const read = (line: Blob[]) => {
    if (!standsAlone(image, blobs, line, templates)) return;
    const digits = line.map((b) => matchDigit(image, b, templates));
    const text = digits.map((d) => d.digit).join('');
    lines.set(text, { digits, text, centres: line.map((b) => (b.x0 + b.x1) / 2) });
  };
  const runs: Blob[][] = [];
  for (const baseline of BASELINE_SLACK) {
    // Each blob's nearest follower; lines are followed from left to right, each blob in one line only.
    const next = blobs.map((a) => blobs.find((b) => b !== a && follows(a, b, baseline)));
    const taken = new Set<Blob>();
    for (const [i, start] of blobs.entries()) {
      if (taken.has(start)) continue;
      let members = [start];
      for (let b = next[i]; b && !taken.has(b) && members.length < 16; b = next[blobs.indexOf(b)]) members.push(b);
      for (const b of members) taken.add(b);
      // A mark beside the digits (the '>' after an EAN-13, a guard bar's end) looks like no digit: it is dropped.
      const looksLikeDigit = (b: Blob) => matchDigit(image, b, templates).score >= MIN_END_SCORE;
      while (members.length && !looksLikeDigit(members[0])) members = members.slice(1);
      while (members.length && !looksLikeDigit(members[members.length - 1])) members = members.slice(0, -1);
      if (members.length >= 4) runs.push(members);
      if (members.length < 6) continue;
      const tall = [...members].sort((a, b) => height(a) - height(b))[members.length >> 1];
      const left = outerDigit(blobs, members[0], height(tall), -1);
      const right = outerDigit(blobs, members[members.length - 1], height(tall), 1);
      read(members);
      if (left) read([left, ...members]);
      if (right) read([...members, right]);
      if (left && right) read([left, ...members, right]);
    }
  }
  return runs;
}

/**
 * Whether nothing digit-like continues the line on either side, within 1.5 of its pitch: otherwise the line is part
 * of a longer one (four digits on each side of an EAN-13's centre guard look like an EAN-8).
 */
function standsAlone(image: GreyImage, blobs: readonly Blob[], line: readonly Blob[], templates: readonly Template[]) {
  const [first, last] = [line[0], line[line.length - 1]];
  const pitch = ((last.x0 + last.x1) / 2 - (first.x0 + first.x1) / 2) / (line.length - 1);
  const top = Math.min(...line.map((b) => b.y0));
  const bottom = Math.max(...line.map((b) => b.y1));
  return !blobs.some((b) => {
    if (line.includes(b)) return false;
    const middle = (b.y0 + b.y1) / 2;
    const beside = b.x1 <= first.x0 + 1 ? first.x0 - b.x1 : b.x0 >= last.x1 - 1 ? b.x0 - last.x1 : Infinity;
    return (
      beside <= 1.5 * pitch &&
      middle > top &&
      middle < bottom &&
      height(b) >= 0.5 * (bottom - top) &&
      matchDigit(image, b, templates).score >= MIN_END_SCORE
    );
  });
}

/**
 * The ink of a band around a run of digits, without what comes down into it from above: in each column, ink that
 * continues from above the band is cut down to where it stops. Digits end below their top; bars run on above it.
 */
function cutBarsAbove({ width: w, height: h }: GreyImage, ink: Uint8Array, run: readonly Blob[]): Uint8Array {
  const digitHeight = Math.max(...run.map(height));
  const top = Math.max(1, Math.round(Math.min(...run.map((b) => b.y0)) - 0.3 * digitHeight));
  const bottom = Math.min(h, Math.round(Math.max(...run.map((b) => b.y1)) + 0.15 * digitHeight));
  const band = new Uint8Array(w * h);
  band.set(ink.subarray(top * w, bottom * w), top * w);
  for (let x = 0; x < w; x++) {
    if (!ink[(top - 1) * w + x]) continue;
    for (let y = top; y < bottom && band[y * w + x]; y++) band[y * w + x] = 0;
  }
  return band;
}

/** The image at working width, so digit sizes (and the binarising window) are alike whatever the photo's size. */
async function workingCopy(image: GreyImage, minWidth = MIN_WIDTH): Promise<GreyImage> {
  const target = Math.min(MAX_WIDTH, Math.max(minWidth, image.width));
  if (target === image.width) return image;
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize({ width: target, kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/**
 * Where the printed digits of each retail code stand apart (after which digits a guard or the space outside the bars
 * comes): EAN-13 1 + 6 + 6, UPC-A 1 + 5 + 5 + 1, EAN-8 4 + 4, UPC-E 1 + 6 + 1.
 */
const LAYOUTS: readonly { length: number; splits: readonly number[] }[] = [
  { length: 13, splits: [0, 6] },
  { length: 12, splits: [0, 5, 10] },
  { length: 8, splits: [3] },
  { length: 8, splits: [0, 6] },
];
/** Within a group, digits stand at one pitch (7 modules); this much spread is allowed around its median. */
const PITCH_SPREAD = 0.3;
/** Between groups the pitch is at least this many times the median (a centre guard adds 5 modules to 7). */
const SPLIT_PITCH = 1.35;
/** Each digit of an accepted line matches its digit at least this well, and this far ahead of any other digit. */
const MIN_SCORE = 0.55;
const MIN_MARGIN = 0.06;

/**
 * The digits of a line when they are sure and stand as the digits of a retail code do: groups at one pitch split
 * where the code's guards are. Null otherwise. The check digit is the caller's to verify.
 */
export function layoutDigits(line: DigitLine): string | null {
  if (line.digits.some((d) => d.score < MIN_SCORE || d.margin < MIN_MARGIN)) return null;
  const pitches = line.centres.slice(1).map((c, i) => c - line.centres[i]);
  const fits = LAYOUTS.some(({ length, splits }) => {
    if (line.text.length !== length) return false;
    const inGroup = pitches.filter((_, i) => !splits.includes(i)).sort((a, b) => a - b);
    const median = inGroup[inGroup.length >> 1];
    return pitches.every((p, i) =>
      splits.includes(i) ? p >= SPLIT_PITCH * median : Math.abs(p - median) <= PITCH_SPREAD * median,
    );
  });
  return fits ? line.text : null;
}
