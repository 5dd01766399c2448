import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes, readBarcodesDetailed } from './barcodes.ts';
import { agreedCode, closeDigitReader, printedCode, wordLines } from './printed-digits.ts';
import { barcodePng, damagedBarcodePng } from '../../test/support/media-files.ts';
import { zbarReadGrey } from './zbar-reader.ts';
import { zxingReadPixels } from './zxing-reader.ts';
import { loadRgba, toGrey } from './pixels.ts';

// The tesseract worker starts in about a second, far longer on a busy machine; each read runs four looks.
const OCR_TIMEOUT = 180_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'printed-digits-test-'));
});
afterAll(async () => {
  await closeDigitReader();
  await rm(dir, { recursive: true, force: true });
});

describe('printed digits: rules', () => {
  it('accepts only valid lengths with a valid check digit, in the form bar readings take', () => {
    expect(printedCode('4006381333931')).toBe('4006381333931');
    expect(printedCode('036000291452')).toBe('0036000291452'); // UPC-A as EAN-13
    expect(printedCode('96385074')).toBe('96385074'); // EAN-8
    expect(printedCode('01234565')).toBe('01234565'); // UPC-E, check digit over its expansion
    expect(printedCode('10012345000017')).toBe('10012345000017'); // GTIN-14
    expect(printedCode('4006381333932')).toBeNull(); // wrong check digit
    expect(printedCode('400638133393')).toBeNull(); // a digit missing: as UPC-A its check digit is wrong
    expect(printedCode('40063813339')).toBeNull(); // no such length
  });

  it('joins the words of one printed line, left to right, and keeps lines apart', () => {
    const word = (text: string, x0: number, y0: number) => ({
      text,
      bbox: { x0, y0, x1: x0 + 10 * text.length, y1: y0 + 30 },
    });
    const lines = wordLines([
      word('333931', 400, 102),
      word('4', 10, 110),
      word('006381', 60, 100),
      word('2005', 10, 200),
    ]);
    expect(lines).toEqual(['4006381333931', '2005']);
  });

  it('needs two looks to agree, and no tie with another code', () => {
    expect(agreedCode(['4006381333931', null, '4006381333931', null])).toBe('4006381333931');
    expect(agreedCode(['4006381333931', null, null, null])).toBeNull();
    expect(agreedCode(['4006381333931', '4006381333931', '5901234123457', '5901234123457'])).toBeNull();
  });
});

describe('printed digits: reading generated codes whose bars are destroyed', () => {
  it(
    'reads an EAN-13 from its printed digits when no bar pass can, and says so',
    async () => {
      const file = path.join(dir, 'creased.png');
      await writeFile(file, await damagedBarcodePng('ean13', '4006381333931', '4 006381 333931'));
      // The damage is real: neither bar reader decodes the image.
      const grey = toGrey(await loadRgba({ file }, { width: 1200 }));
      expect(await zbarReadGrey(grey)).toEqual([]);
      expect(await zxingReadPixels(await loadRgba({ file }, { width: 1200 }))).toEqual([]);

      const reading = await readBarcodesDetailed(file, 'png');
      expect(reading).toMatchObject({ codes: ['4006381333931'], readFrom: 'digits', pass: 'printed digits' });
      expect(await readBarcodes(file, 'png')).toEqual({ codes: ['4006381333931'], readFrom: 'digits' });
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects printed digits whose check digit is wrong',
    async () => {
      const file = path.join(dir, 'misprinted.png');
      // The bars encode 4006381333931; the digits under them end in 2, which fails the check digit.
      await writeFile(file, await damagedBarcodePng('ean13', '4006381333931', '4 006381 333932'));
      expect(await readBarcodes(file, 'png')).toEqual({ codes: [], readFrom: null });
    },
    OCR_TIMEOUT,
  );

  it('costs nothing when the bars read: the digits are not looked at', async () => {
    const file = path.join(dir, 'intact.png');
    await writeFile(file, await barcodePng('ean13', '4006381333931'));
    expect(await readBarcodesDetailed(file, 'png')).toMatchObject({ readFrom: 'bars', digitsMs: 0 });
  });
});
