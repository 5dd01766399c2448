import { deflateSync, crc32 } from 'node:zlib';
import { toBuffer as barcodeToPng } from 'bwip-js/node';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Files for the media tests, generated on the fly so no binaries need to be committed (and so each test states
 * exactly what is in its file).
 */

/** A two-colour image in any of the upload formats. */
export async function imageFile(
  format: 'jpeg' | 'png' | 'gif' | 'tiff',
  width: number,
  height: number,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } }).composite([
    {
      input: {
        create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: '#2040c0' },
      },
    },
  ]);
  return image[format]().toBuffer();
}

/** A JPEG stored sideways with an EXIF note to turn it, as phones store portrait photos. */
export async function sidewaysJpeg(storedWidth: number, storedHeight: number): Promise<Buffer> {
  return sharp(await imageFile('jpeg', storedWidth, storedHeight))
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

/** A PDF with A4 pages; page 1 carries a heading and, optionally, a PNG (e.g. a barcode) drawn 300 pt wide. */
export async function pdfFile({ pages = 1, png }: { pages?: number; png?: Buffer } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Label artwork, page ${i + 1}`, { x: 50, y: 780, size: 24, font });
    if (png && i === 0) {
      const image = await doc.embedPng(png);
      const { width, height } = image.scale(300 / image.width);
      page.drawImage(image, { x: 150, y: 400, width, height });
    }
  }
  return Buffer.from(await doc.save());
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header declaring width × height greyscale pixels, with only a few rows of
 * data. Small on disk; decoding it would need width × height bytes of memory.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type Symbology = 'ean13' | 'upca' | 'upce' | 'ean8';

/**
 * A printed-looking barcode as PNG: white quiet zone around it (readers need one) and the digits below.
 * `barHeight` is in millimetres: about 20 is full height, small packs often print shortened codes of 5 to 8.
 */
export function barcodePng(symbology: Symbology, text: string, scale = 3, barHeight = 20): Promise<Buffer> {
  return barcodeToPng({
    bcid: symbology,
    text,
    scale,
    height: barHeight,
    includetext: true,
    paddingwidth: 15,
    paddingheight: 10,
    backgroundcolor: 'ffffff',
  });
}

/**
 * A barcode whose bars no reader can decode but whose printed digits are intact, as after a crease across a pack: two
 * stretches of the bars are swapped. The bars still look like a barcode. The digits are printed under them as on a
 * pack, in groups (`printed`, e.g. '4 006381 333931'; it may hold a wrong check digit, which bwip-js would refuse).
 */
export async function damagedBarcodePng(
  symbology: Symbology,
  text: string,
  printed: string,
  scale = 3,
): Promise<Buffer> {
  const bars = await barcodeToPng({
    bcid: symbology,
    text,
    scale,
    height: 20,
    paddingwidth: 15,
    backgroundcolor: 'ffffff',
  });
  const { width, height } = await sharp(bars).metadata();
  const slice = { width: Math.round(width * 0.15), height };
  const cut = (left: number) =>
    sharp(bars)
      .extract({ left, top: 0, ...slice })
      .toBuffer();
  const [a, b] = [Math.round(width * 0.25), Math.round(width * 0.55)];
  const damaged = await sharp(bars)
    .composite([
      { input: await cut(b), left: a, top: 0 },
      { input: await cut(a), left: b, top: 0 },
    ])
    .png()
    .toBuffer();
  const digitsHeight = 12 * scale;
  const digits = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${digitsHeight}">` +
      `<text x="50%" y="${9 * scale}" font-family="DejaVu Sans Mono, monospace" font-size="${9 * scale}" ` +
      `text-anchor="middle" xml:space="preserve">${printed}</text></svg>`,
  );
  return sharp({ create: { width, height: height + digitsHeight + 8 * scale, channels: 3, background: '#ffffff' } })
    .composite([
      { input: damaged, left: 0, top: 0 },
      { input: digits, left: 0, top: height + scale },
    ])
    .png()
    .toBuffer();
}

/** Barcodes placed on a larger white page, like a package side in a photo; optionally turned by an angle. */
export async function barcodeScene(
  barcodes: Buffer[],
  {
    width = 1600,
    height = 1200,
    rotate = 0,
    format = 'png',
  }: { width?: number; height?: number; rotate?: number; format?: 'png' | 'jpeg' } = {},
): Promise<Buffer> {
  const layers = barcodes.map((input, i) => ({ input, left: 100 + i * 700, top: 300 + i * 200 }));
  const scene = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer();
  const turned = rotate ? sharp(scene).rotate(rotate, { background: '#ffffff' }) : sharp(scene);
  return format === 'jpeg' ? turned.jpeg({ quality: 90 }).toBuffer() : turned.png().toBuffer();
}
