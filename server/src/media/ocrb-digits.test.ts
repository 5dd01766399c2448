import { toBuffer as renderBarcode } from 'bwip-js/node';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { layoutDigits, readDigitLines, type DigitLine } from './ocrb-digits.ts';
import { loadRgba, toGrey, type GreyImage } from './pixels.ts';
import { readByTemplates } from './printed-digits.ts';
import type { Symbology } from '../../test/support/media-files.ts';
import { zbarReadGrey } from './zbar-reader.ts';
import { zxingReadPixels } from './zxing-reader.ts';

/** A code as bwip-js prints it (OCR-B digits under the bars) on a white page, scaled to `width`, as grey pixels. */
async function codeImage(symbology: Symbology, text: string, { width = 300, blur = 0 } = {}): Promise<GreyImage> {
  const png = await renderBarcode({ bcid: symbology, text, scale: 4, height: 12, includetext: true });
  const page = await sharp(png)
    .flatten({ background: '#ffffff' })
    .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#ffffff' })
    .png()
    .toBuffer();
  const image = sharp(page).resize({ width });
  return grey(blur ? image.blur(blur) : image);
}

async function grey(image: Sharp): Promise<GreyImage> {
  const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** A line whose digits all match surely, at the given centres. */
const line = (text: string, centres: number[]): DigitLine => ({
  text,
  centres,
  digits: text.split('').map((d) => ({ digit: Number(d), score: 0.8, margin: 0.2 })),
});

/** Centres of digits in groups: each group at a pitch of 7, groups `gap` further apart. */
function centres(groups: number[], gap = 6): number[] {
  const out: number[] = [];
  let x = 0;
  for (const size of groups) {
    for (let i = 0; i < size; i++) out.push((x += 7));
    x += gap;
  }
  return out;
}

describe('OCR-B digits: the layout of a retail code', () => {
  it('accepts the groups each code prints its digits in', () => {
    expect(layoutDigits(line('4006381333931', centres([1, 6, 6])))).toBe('4006381333931'); // EAN-13
    expect(layoutDigits(line('036000291452', centres([1, 5, 5, 1])))).toBe('036000291452'); // UPC-A
    expect(layoutDigits(line('96385074', centres([4, 4])))).toBe('96385074'); // EAN-8
    expect(layoutDigits(line('01234565', centres([1, 6, 1])))).toBe('01234565'); // UPC-E
  });

  it('refuses digits in other groups: a run of text, part of a longer code', () => {
    expect(layoutDigits(line('4006381333931', centres([13])))).toBeNull();
    expect(layoutDigits(line('4006381333931', centres([6, 7])))).toBeNull();
    // Eight digits of a UPC-A ('89444 00033'): split 3 + 5, neither EAN-8 nor UPC-E.
    expect(layoutDigits(line('44400033', centres([3, 5])))).toBeNull();
  });

  it('refuses a line with a digit matched weakly or barely ahead of another digit', () => {
    const sure = line('4006381333931', centres([1, 6, 6]));
    const weak = { ...sure, digits: sure.digits.map((d, i) => (i === 5 ? { ...d, score: 0.4 } : d)) };
    const close = { ...sure, digits: sure.digits.map((d, i) => (i === 5 ? { ...d, margin: 0.02 } : d)) };
    expect(layoutDigits(weak)).toBeNull();
    expect(layoutDigits(close)).toBeNull();
  });
});

describe('OCR-B digits: reading generated codes', () => {
  it.each([
    ['ean13', '5901234123457', '5901234123457'],
    ['upca', '036000291452', '0036000291452'],
    ['ean8', '96385074', '96385074'],
    ['upce', '01234565', '01234565'],
  ] as const)('reads the digits printed under %s %s', async (symbology, text, code) => {
    expect(await readByTemplates(await codeImage(symbology, text))).toBe(code);
  });

  it('reads digits 8 px high, blurred, as on a small photo', async () => {
    const small = await codeImage('upca', '725272730706', { width: 200, blur: 0.5 });
    const lines = await readDigitLines(small);
    expect(lines.map((l) => l.text)).toContain('725272730706');
    expect(await readByTemplates(small)).toBe('0725272730706');
  });

  it('reads every digit 0 to 9 as itself', async () => {
    // 12 digits covering 0 to 9, as UPC-A (bwip-js adds the check digit): other codes than the templates' own.
    for (const text of ['98765432101', '13579024680']) {
      const lines = await readDigitLines(await codeImage('upca', text));
      expect(lines.some((l) => l.text.startsWith(text))).toBe(true);
    }
  });

  it('reads the digits under bars no reader can decode', async () => {
    // Glare across the middle of the bars, down to the digits, which stay legible.
    const png = await renderBarcode({
      bcid: 'ean13',
      text: '4006381333931',
      scale: 3,
      height: 15,
      includetext: true,
      backgroundcolor: 'ffffff',
    });
    const { width, height } = await sharp(png).metadata();
    const glare = { width: Math.round(width * 0.3), height: height - 27, channels: 3, background: '#ffffff' } as const;
    const glared = await sharp(png)
      .composite([{ input: { create: glare }, left: Math.round(width * 0.35), top: 0 }])
      .png()
      .toBuffer();
    const rgba = await loadRgba({ file: glared }, { width: 1200 });
    expect(await zxingReadPixels(rgba)).toEqual([]);
    expect(await zbarReadGrey(toGrey(rgba))).toEqual([]);
    expect(await readByTemplates(toGrey(rgba))).toBe('4006381333931');
  });

  it('finds no code in a page without one', async () => {
    const text =
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">' +
      '<text x="20" y="150" font-size="28" font-family="DejaVu Sans">Net wt. 3 oz 2005 81264</text></svg>';
    const page = sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).composite([
      { input: Buffer.from(text) },
    ]);
    expect(await readByTemplates(await grey(page))).toBeNull();
  });
});
