import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBarcodes, readBarcodesDetailed, readBarcodesPlain } from './barcodes.ts';
import { inspectFile } from './inspect.ts';
import { MEDIA_MSG } from './messages.ts';
import { renderPdfFirstPage } from './pdf-page.ts';
import { closeDigitReader } from './printed-digits.ts';
import { matchesExpectedCode, normaliseRetailCode } from './retail-code.ts';
import { barcodePng, barcodeScene, imageFile, pdfFile, pngBomb, sidewaysJpeg } from '../../test/support/media-files.ts';
import { makeThumbnail } from './thumbnail.ts';
import { isHeif } from './heif.ts';
import { MediaPool } from './media-pool.ts';
import { pdfBomb, pdfWithHugeImage } from '../../test/support/hostile-files.ts';
import { datasetPath } from '../../test/fixtures.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const here = import.meta.dirname;
const HEIC_FIXTURE = path.join(repoRoot, 'server/test/fixtures/pack-036000291452.heic');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-test-'));
});
afterAll(async () => {
  await closeDigitReader();
  await rm(dir, { recursive: true, force: true });
});

/** Writes a fixture under a given name: names are deliberately misleading in some tests. */
async function save(name: string, data: Buffer | string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, data);
  return file;
}

describe('inspectFile', () => {
  const inspectAs = async (name: string, data: Buffer | string) => inspectFile(await save(name, data));

  it('recognises each accepted format by content and reports its size', async () => {
    expect(await inspectAs('a.jpg', await imageFile('jpeg', 640, 480))).toEqual({
      kind: 'jpeg',
      width: 640,
      height: 480,
    });
    expect(await inspectAs('a.png', await imageFile('png', 300, 200))).toEqual({
      kind: 'png',
      width: 300,
      height: 200,
    });
    expect(await inspectAs('a.gif', await imageFile('gif', 120, 90))).toEqual({ kind: 'gif', width: 120, height: 90 });
    expect(await inspectAs('a.tif', await imageFile('tiff', 100, 150))).toEqual({
      kind: 'tiff',
      width: 100,
      height: 150,
    });
    expect(await inspectAs('a.pdf', await pdfFile({ pages: 3 }))).toEqual({ kind: 'pdf', pages: 3 });
  });

  it('ignores the file name', async () => {
    expect(await inspectAs('really-a-png.pdf', await imageFile('png', 10, 10))).toMatchObject({ kind: 'png' });
    expect(await inspectAs('really-a-pdf.jpg', await pdfFile())).toMatchObject({ kind: 'pdf', pages: 1 });
  });

  it('reports the size as displayed for photos stored sideways', async () => {
    expect(await inspectAs('portrait.jpg', await sidewaysJpeg(400, 300))).toEqual({
      kind: 'jpeg',
      width: 300,
      height: 400,
    });
  });

  it('refuses content that is not an accepted format', async () => {
    expect(await inspectAs('notes.png', 'just some text, not an image\n')).toEqual({ error: MEDIA_MSG.wrongType });
    // A real image, but not in a format the spec accepts
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect(await inspectAs('photo.png', webp)).toEqual({ error: MEDIA_MSG.wrongType });
  });

  it('refuses an empty file', async () => {
    expect(await inspectAs('empty.png', '')).toEqual({ error: MEDIA_MSG.empty });
  });

  it('refuses truncated images', async () => {
    const png = await imageFile('png', 400, 300);
    const jpeg = await imageFile('jpeg', 400, 300);
    const unreadable = { error: MEDIA_MSG.unreadableImage };
    expect(await inspectAs('cut.png', png.subarray(0, png.length - 200))).toEqual(unreadable);
    expect(await inspectAs('cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual(unreadable);
    expect(await inspectAs('stub.png', png.subarray(0, 8))).toEqual(unreadable); // only the signature is left
  });

  it('refuses a decompression bomb without decoding it', async () => {
    const bomb = pngBomb(30_000, 30_000); // 900 megapixels declared, a few hundred bytes on disk
    expect(bomb.length).toBeLessThan(1000);
    expect(await inspectAs('bomb.png', bomb)).toEqual({ error: MEDIA_MSG.tooLarge });
  });

  it('refuses malformed PDFs', async () => {
    expect(await inspectAs('bad.pdf', '%PDF-1.4 garbage')).toEqual({ error: MEDIA_MSG.unreadablePdf });
    const pdf = await pdfFile();
    expect(await inspectAs('cut.pdf', pdf.subarray(0, 300))).toEqual({ error: MEDIA_MSG.unreadablePdf });
  });
});

describe('makeThumbnail', () => {
  const size = async (data: Buffer) => {
    const { width, height, format } = await sharp(data).metadata();
    return { width, height, format };
  };

  it('keeps JPEG as JPEG, fitting 400 px on the long side', async () => {
    const thumb = await makeThumbnail(await save('t.jpg', await imageFile('jpeg', 1600, 1200)), 'jpeg');
    expect(thumb.contentType).toBe('image/jpeg');
    expect(await size(thumb.data)).toEqual({ width: 400, height: 300, format: 'jpeg' });
  });

  it('turns photos stored sideways upright', async () => {
    const thumb = await makeThumbnail(await save('t-portrait.jpg', await sidewaysJpeg(800, 600)), 'jpeg');
    expect(await size(thumb.data)).toEqual({ width: 300, height: 400, format: 'jpeg' });
  });

  it('makes WebP for PNG, GIF (first frame) and TIFF, keeping transparency', async () => {
    for (const format of ['png', 'gif', 'tiff'] as const) {
      const thumb = await makeThumbnail(await save(`t.${format}`, await imageFile(format, 600, 1200)), format);
      expect(thumb.contentType).toBe('image/webp');
      expect(await size(thumb.data)).toEqual({ width: 200, height: 400, format: 'webp' });
    }
    const clear = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const thumb = await makeThumbnail(await save('clear.png', clear), 'png');
    expect((await sharp(thumb.data).stats()).channels[3].max).toBe(0);
  });

  it('makes a thumbnail of a real PNG photo a small fraction of the original', async () => {
    const original = await readFile(datasetPath('ean13-1/1.png'));
    const thumb = await makeThumbnail(await save('photo.png', original), 'png');
    expect(thumb.data.length).toBeLessThan(original.length / 10);
  });

  it('does not enlarge small images', async () => {
    const thumb = await makeThumbnail(await save('small.png', await imageFile('png', 120, 80)), 'png');
    expect(await size(thumb.data)).toEqual({ width: 120, height: 80, format: 'webp' });
  });

  it('renders page 1 of a PDF as JPEG', async () => {
    const thumb = await makeThumbnail(await save('t.pdf', await pdfFile({ pages: 2 })), 'pdf');
    expect(thumb.contentType).toBe('image/jpeg');
    expect(await size(thumb.data)).toEqual({ width: 282, height: 400, format: 'jpeg' });
    // Not a blank page: the heading was drawn (dark pixels on white paper)
    const stats = await sharp(thumb.data).stats();
    expect(stats.channels[0].min).toBeLessThan(100);
    expect(stats.channels[0].max).toBeGreaterThan(240);
  });

  it('throws a user-facing error for an unreadable image', async () => {
    const png = await imageFile('png', 400, 300);
    const file = await save('t-cut.png', png.subarray(0, png.length - 100));
    await expect(makeThumbnail(file, 'png')).rejects.toThrow(MEDIA_MSG.unreadableImage);
  });

  it('makes larger previews on request', async () => {
    const thumb = await makeThumbnail(await save('big.tif', await imageFile('tiff', 3000, 2000)), 'tiff', {
      maxSize: 1600,
    });
    expect(await size(thumb.data)).toEqual({ width: 1600, height: 1067, format: 'webp' });
  });
});

describe('renderPdfFirstPage', () => {
  it('renders at the requested width', async () => {
    const png = await renderPdfFirstPage(await pdfFile(), { maxWidth: 800, format: 'png' });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 800, height: 1132 });
  });

  it('throws a user-facing error for a malformed PDF', async () => {
    await expect(renderPdfFirstPage(Buffer.from('%PDF-1.4 garbage'), { maxWidth: 800, format: 'png' })).rejects.toThrow(
      MEDIA_MSG.unreadablePdf,
    );
  });
});

describe('normaliseRetailCode', () => {
  it('returns UPC-A in its EAN-13 form and keeps the 8 digits of UPC-E and EAN-8', () => {
    expect(normaliseRetailCode('UPC-A', '036000291452')).toBe('0036000291452');
    expect(normaliseRetailCode('UPC-A', '0036000291452')).toBe('0036000291452');
    expect(normaliseRetailCode('UPC-E', '01234565')).toBe('01234565');
    expect(normaliseRetailCode('EAN-8', '96385074')).toBe('96385074');
  });

  it('drops codes with a wrong check digit, length or number system', () => {
    expect(normaliseRetailCode('EAN-13', '4006381333932')).toBeNull();
    expect(normaliseRetailCode('UPC-E', '01234566')).toBeNull();
    expect(normaliseRetailCode('UPC-E', '21234565')).toBeNull();
    expect(normaliseRetailCode('EAN-8', '9638507')).toBeNull();
  });
});

describe('readBarcodes', () => {
  // Values as printed; readBarcodes returns UPC-A in its 13-digit EAN-13 form.
  const codes = [
    { symbology: 'ean13', printed: '4006381333931', returned: '4006381333931' },
    { symbology: 'upca', printed: '036000291452', returned: '0036000291452' },
    { symbology: 'upce', printed: '01234565', returned: '01234565' },
    { symbology: 'ean8', printed: '96385074', returned: '96385074' },
  ] as const;

  for (const { symbology, printed, returned } of codes) {
    it(`reads a generated ${symbology.toUpperCase()} code in a photo-sized image`, async () => {
      const file = await save(`${symbology}.png`, await barcodeScene([await barcodePng(symbology, printed)]));
      expect(await readBarcodes(file, 'png')).toEqual({ codes: [returned], readFrom: 'bars' });
    });
  }

  it('reads a code turned by 45 degrees, which a plain zxing pass misses', async () => {
    const file = await save(
      'turned.png',
      await barcodeScene([await barcodePng('ean13', '4006381333931')], { rotate: 45 }),
    );
    expect((await readBarcodes(file, 'png')).codes).toEqual(['4006381333931']);
    expect(await readBarcodesPlain(file)).toEqual([]);
  });

  it('reads a shortened code photographed at an angle, by turning the image', async () => {
    const scene = await barcodeScene([await barcodePng('ean13', '4006381333931', 3, 6)], {
      rotate: 30,
      format: 'jpeg',
    });
    const reading = await readBarcodesDetailed(scene, 'jpeg');
    expect(reading).toMatchObject({
      codes: ['4006381333931'],
      readFrom: 'bars',
      pass: expect.stringContaining('turned'),
    });
  });

  it('reads the code on page 1 of a PDF', async () => {
    const file = await save('label.pdf', await pdfFile({ pages: 2, png: await barcodePng('upca', '036000291452', 2) }));
    expect((await readBarcodes(file, 'pdf')).codes).toEqual(['0036000291452']);
  });

  it('returns every code in the image, and accepts bytes as well as a path', async () => {
    const codes = [await barcodePng('ean13', '4006381333931'), await barcodePng('ean8', '96385074')];
    const scene = await barcodeScene(codes, { format: 'jpeg' });
    expect((await readBarcodes(scene, 'jpeg')).codes.sort()).toEqual(['4006381333931', '96385074']);
  });

  it('reads TIFF and large photos', async () => {
    const scene = await barcodeScene([await barcodePng('ean13', '5901234123457', 4)], { width: 4000, height: 3000 });
    const file = await save('scan.tif', await sharp(scene).tiff().toBuffer());
    expect((await readBarcodes(file, 'tiff')).codes).toEqual(['5901234123457']);
  });

  it('reads a small code in a 12-megapixel photo, which the downscaled first pass cannot', async () => {
    const scene = await barcodeScene([await barcodePng('ean13', '4006381333931', 2)], {
      width: 4000,
      height: 3000,
      format: 'jpeg',
    });
    const reading = await readBarcodesDetailed(scene, 'jpeg');
    expect(reading).toMatchObject({
      codes: ['4006381333931'],
      readFrom: 'bars',
      pass: expect.stringContaining('detail'),
    });
  });

  it('throws a user-facing error for an unreadable image', async () => {
    const png = await barcodeScene([await barcodePng('ean13', '4006381333931')]);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    await expect(readBarcodes(truncated, 'png')).rejects.toThrow(MEDIA_MSG.unreadableImage);
  });

  it('returns nothing for an image without a barcode', async () => {
    expect(await readBarcodes(await save('plain.png', await imageFile('png', 800, 600)), 'png')).toEqual({
      codes: [],
      readFrom: null,
    });
  });

  it('finds the expected code in most real photos of datasets/barcode-photos', async () => {
    // Fails loudly rather than skipping: the dataset is part of the shared workspace, and a missing folder
    // would otherwise turn this test into a silent pass.
    const rows = (await readFile(datasetPath('manifest.csv'), 'utf8')).trim().split(/\r?\n/).slice(1);
    // Every 6th photo: 45 photos spread over all folders and symbologies.
    const sample = rows.filter((_, i) => i % 6 === 0).map((row) => row.split(','));
    const missed: string[] = [];
    for (const [file, , expected] of sample) {
      const photo = datasetPath(file);
      const info = await inspectFile(photo);
      if ('error' in info) throw new Error(`${file}: ${info.error}`);
      const { codes } = await readBarcodes(photo, info.kind);
      if (!codes.some((code) => matchesExpectedCode(code, expected))) {
        missed.push(`${file} (expected ${expected}, got ${codes.join(' ') || 'nothing'})`);
      }
    }
    const found = sample.length - missed.length;
    // Measured 40 of 45 (89%); a plain zxing pass finds about 72% of the dataset. The whole dataset is
    // measured by bench/barcodes.ts.
    expect(found / sample.length, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(0.85);
    // Photos no bar pass reads go on to the printed digits (OCR, seconds each on a busy machine).
  });
});

describe('media processes under hard limits', () => {
  it('kill a process that passes its memory limit and refuse its file as too complex; the next task gets a fresh one', async () => {
    const pool = new MediaPool(1, { memoryMb: 400, cpuMs: 120_000, wallMs: 600_000 });
    try {
      const small = await save('small.png', await barcodePng('ean13', '4006381333931'));
      expect(await pool.run({ op: 'barcodes', path: small, kind: 'png' })).toEqual({
        codes: ['4006381333931'],
        readFrom: 'bars',
      });
      const [first] = pool.pids();
      // pdf.js decodes the page's 100-megapixel photo whole: about 1.3 GB.
      const heavy = await save('heavy.pdf', await pdfWithHugeImage());
      await expect(pool.run({ op: 'thumbnail', path: heavy, kind: 'pdf', maxSize: 400 })).rejects.toThrow(
        MEDIA_MSG.tooComplexPdf,
      );
      expect(await pool.run({ op: 'barcodes', path: small, kind: 'png' })).toEqual({
        codes: ['4006381333931'],
        readFrom: 'bars',
      });
      expect(pool.pids()).not.toContain(first);
    } finally {
      await pool.close();
    }
  });

  it('turn a HEIC phone photo into a JPEG whose barcode reads, then retire that process (its WebAssembly memory stays grown)', async () => {
    const pool = new MediaPool(1, { memoryMb: 1024, cpuMs: 60_000, wallMs: 600_000 });
    try {
      const photo = await save('phone.heic', await readFile(HEIC_FIXTURE));
      expect(isHeif(await readFile(photo))).toBe(true);
      expect(await pool.run({ op: 'heif-to-jpeg', path: photo })).toEqual({ width: 900, height: 700 });
      const [converter] = pool.pids();
      expect(await inspectFile(photo)).toEqual({ kind: 'jpeg', width: 900, height: 700 });
      expect(await pool.run({ op: 'barcodes', path: photo, kind: 'jpeg' })).toEqual({
        codes: ['0036000291452'],
        readFrom: 'bars',
      });
      expect(pool.pids()).not.toContain(converter);

      const cut = await save('cut.heic', (await readFile(HEIC_FIXTURE)).subarray(0, 2000));
      await expect(pool.run({ op: 'heif-to-jpeg', path: cut })).rejects.toThrow(MEDIA_MSG.unreadableImage);
      // Not HEIF at all (a PNG, and AVIF, which sharp reads itself).
      expect(isHeif(await barcodePng('ean13', '4006381333931'))).toBe(false);
      expect(isHeif(Buffer.from('\0\0\0\x1cftypavif\0\0\0\0mif1', 'latin1'))).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('read a sheet and keep that process for the next task (a sheet is parsed on the capped heap, as a PDF)', async () => {
    const pool = new MediaPool(1, { memoryMb: 1024, cpuMs: 60_000, wallMs: 600_000 });
    try {
      const sheet = await save('products.csv', 'UPC,Product name\n4006381333931,Sparkling water\n');
      expect(await pool.run({ op: 'sheet', path: sheet })).toEqual({
        format: 'csv',
        sheets: [
          {
            name: 'Sheet1',
            rows: [
              ['UPC', 'Product name'],
              ['4006381333931', 'Sparkling water'],
            ],
          },
        ],
      });
      const [reader] = pool.pids();
      const small = await save('after-sheet.png', await barcodePng('ean13', '4006381333931'));
      expect(await pool.run({ op: 'barcodes', path: small, kind: 'png' })).toEqual({
        codes: ['4006381333931'],
        readFrom: 'bars',
      });
      expect(pool.pids()).toEqual([reader]);
    } finally {
      await pool.close();
    }
  });

  // An idle media process keeps nobody alive (unref'd); a script that ends by closing the pool must still wait for its
  // processes to exit, not see its event loop drain first (Node then exits with 13: the benchmarks did).
  it('close the pool in a script that ends there: it waits for the processes to exit, and the script exits 0', async () => {
    const small = await save('close.png', await barcodePng('ean13', '4006381333931'));
    // The pool from source forks the built media process, as the test servers do (loaded through tsx it costs twice).
    const built = path.join(here, '../../dist/media-process.mjs');
    const script = [
      `import { MediaPool, useMediaProcessEntry } from ${JSON.stringify(pathToFileURL(path.join(here, 'media-pool.ts')).href)};`,
      `useMediaProcessEntry(${JSON.stringify(built)});`,
      `const pool = new MediaPool(1, { memoryMb: 400, cpuMs: 60_000, wallMs: 600_000 });`,
      `console.log(JSON.stringify(await pool.run({ op: 'barcodes', path: process.argv[1], kind: 'png' })));`,
      `await pool.close();`,
      `console.log('closed');`,
    ].join('\n');
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
      small,
    ]);
    expect(stdout.trim().split('\n')).toEqual(['{"codes":["4006381333931"],"readFrom":"bars"}', 'closed']);
  });

  it('refuse a PDF one stream of which inflates past the cap, before pdf.js parses it', async () => {
    await expect(
      renderPdfFirstPage(await pdfBomb(200 * 1024 * 1024), { maxWidth: 400, format: 'jpeg' }),
    ).rejects.toThrow(MEDIA_MSG.tooComplexPdf);
    expect(await inspectFile(await save('bomb.pdf', await pdfBomb(200 * 1024 * 1024)))).toEqual({
      error: MEDIA_MSG.tooComplexPdf,
    });
  });
});
