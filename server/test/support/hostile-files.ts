/**
 * Hostile files, made in code (nothing large is committed): what an attacker with a supplier account would upload.
 * Used by the attack suite (server/test/attack-hostile-files.test.ts) and by the memory probe (bench/hostile.ts).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createDeflate, crc32, deflateRawSync } from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';

/** A TIFF of `size` bytes (222 by default) declaring 9999×9999 grey pixels in one strip that is not in the file. */
export function damagedTiff(size = 222): Buffer {
  const entries: [tag: number, type: 3 | 4, value: number][] = [
    [256, 4, 9999], // ImageWidth
    [257, 4, 9999], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, 200], // StripOffsets: near the end of the file
    [277, 3, 1], // SamplesPerPixel
    [278, 4, 9999], // RowsPerStrip
    [279, 4, 9999 * 9999], // StripByteCounts: 100 MB that are not there
  ];
  const tiff = Buffer.alloc(size);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(1, at + 4);
    if (type === 3) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
  });
  return tiff; // the next-IFD offset after the entries is already 0
}

/** A picture of noise: it does not compress, so its file is about its pixel data (360 KB as PNG). */
export function noiseImage(format: 'jpeg' | 'png' | 'tiff', width = 400, height = 300): Promise<Buffer> {
  const image = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  return image[format]().toBuffer();
}

/** A real image cut off after `keep` of its bytes (a failed transfer), the cut landing in its pixel data. */
export async function truncatedImage(format: 'jpeg' | 'png' | 'tiff', keep = 0.6): Promise<Buffer> {
  const whole = await noiseImage(format);
  return whole.subarray(0, Math.floor(whole.length * keep));
}

/** Deflates `total` bytes of spaces without ever holding them: about 1 KB of output per MB. */
async function deflatedSpaces(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const chunk = Buffer.alloc(16 * 1024 * 1024, 0x20);
  for (let sent = 0; sent < total; sent += chunk.length) {
    if (!deflate.write(chunk.subarray(0, Math.min(chunk.length, total - sent)))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

/**
 * A PDF decompression bomb: one page whose content stream is `inflatedBytes` of spaces, Flate-compressed
 * (1.5 GB inflate from about 1.5 MB, as in the report of issue 15).
 */
export async function pdfBomb(inflatedBytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const contents = doc.context.stream(await deflatedSpaces(inflatedBytes), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), doc.context.register(contents));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A 100-megapixel photo (10,000 × 10,000), a few MB as JPEG: within the limits, but heavy to decode. */
export async function hundredMegapixelJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 230, g: 220, b: 200 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A PDF whose page is one 100-megapixel photo: no stream inflates past the cap (the photo is JPEG), but pdf.js
 * decodes it whole to render the page, about 1.3 GB at its peak.
 */
export async function pdfWithHugeImage(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawImage(await doc.embedJpg(await hundredMegapixelJpeg()), { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

/**
 * A zip (deflated entries) written by hand, so tests can also make archives a zip tool would refuse. With `zip64`,
 * every size and offset is in ZIP64 records (as archivers write zips of over 4 GB or 65,535 entries).
 */
export function zipOf(
  entries: { name: string; data: Buffer; deflated?: Buffer; crc?: number }[],
  { zip64 = false } = {},
): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const FULL = 0xffffffff;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const body = e.deflated ?? deflateRawSync(e.data);
    const crc = e.crc ?? crc32(e.data);
    const sizes = (...values: number[]) => {
      const extra = Buffer.alloc(4 + 8 * values.length);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8 * values.length, 2);
      values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
      return extra;
    };
    const localExtra = zip64 ? sizes(e.data.length, body.length) : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(zip64 ? FULL : body.length, 18);
    local.writeUInt32LE(zip64 ? FULL : e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const dirExtra = zip64 ? sizes(e.data.length, body.length, offset) : Buffer.alloc(0);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(zip64 ? 45 : 20, 4);
    dir.writeUInt16LE(zip64 ? 45 : 20, 6);
    dir.writeUInt16LE(0x800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(zip64 ? FULL : body.length, 20);
    dir.writeUInt32LE(zip64 ? FULL : e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt16LE(dirExtra.length, 30);
    dir.writeUInt32LE(zip64 ? FULL : offset, 42);
    parts.push(local, name, localExtra, body);
    central.push(dir, name, dirExtra);
    offset += local.length + name.length + localExtra.length + body.length;
  }
  const dirBytes = Buffer.concat(central);
  const tail: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // size of the rest of the record
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(dirBytes.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + dirBytes.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(zip64 ? FULL : dirBytes.length, 12);
  end.writeUInt32LE(zip64 ? FULL : offset, 16);
  return Buffer.concat([...parts, dirBytes, ...tail, end]);
}

/** The zip of the report: `count` entries of `entryBytes` zeros each (30 × 15 MB in about 460 KB). */
export function zipBomb(count = 30, entryBytes = 15 * 1024 * 1024): Buffer {
  const data = Buffer.alloc(entryBytes);
  const deflated = deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  return zipOf(Array.from({ length: count }, (_, i) => ({ name: `zeros-${i}.png`, data, deflated, crc })));
}
