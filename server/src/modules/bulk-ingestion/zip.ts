import { createReadStream, createWriteStream } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { HttpError } from '../../lib/errors.ts';

/**
 * Reads the entries of a zip file from its central directory (stored and deflated entries; no ZIP64, no encryption)
 * and writes each to a file of its own, never trusting the sizes the archive claims: every entry is cut off at the
 * limit while it is inflated, so a zip bomb costs at most `maxEntryBytes` per entry and `maxTotalBytes` in all.
 * Entry names are labels only (the caller writes to paths of its own choosing).
 */
export const ZIP_MSG = {
  unreadable: 'This zip file could not be read; it may be damaged, encrypted or too large (ZIP64).',
  tooMany: (max: number) => `The zip file holds more than ${max} files.`,
  tooLarge: 'The files in this zip are too large once unpacked.',
} as const;

export const isZipHead = (head: Uint8Array) => head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

async function readEntries(file: string): Promise<Entry[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new HttpError(400, 'ZIP_UNREADABLE', ZIP_MSG.unreadable);
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirOffset === 0xffffffff || dirOffset + dirSize > size) throw new HttpError(400, 'ZIP_UNREADABLE', ZIP_MSG.unreadable);
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: Entry[] = [];
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw new HttpError(400, 'ZIP_UNREADABLE', ZIP_MSG.unreadable);
      const flags = dir.readUInt16LE(at + 8);
      const method = dir.readUInt16LE(at + 10);
      const compressedSize = dir.readUInt32LE(at + 20);
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      const localOffset = dir.readUInt32LE(at + 42);
      const raw = dir.subarray(at + 46, at + 46 + nameLength);
      const name = flags & 0x800 ? raw.toString('utf8') : raw.toString('latin1');
      entries.push({ name, method, flags, compressedSize, localOffset });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** A folder inside the archive is kept in the name; hidden files, folders and macOS metadata are left out. */
function entryName(name: string): string | null {
  const parts = name.replace(/\\/g, '/').split('/').filter((p) => p && p !== '.' && p !== '..');
  if (!parts.length || name.endsWith('/') || parts.some((p) => p.startsWith('.') || p === '__MACOSX')) return null;
  return parts.join('/').replace(/[\u0000-\u001f\u007f]/g, '').slice(-300);
}

class Limit extends Transform {
  bytes = 0;
  constructor(private max: number, private onBytes: (n: number) => void) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    this.onBytes(chunk.length);
    if (this.bytes > this.max) done(new HttpError(413, 'PAYLOAD_TOO_LARGE', ZIP_MSG.tooLarge));
    else done(null, chunk);
  }
}

/**
 * Unpacks every file entry to `target(index)`; returns their names and sizes. An entry this reader cannot unpack
 * (encrypted, another method) is kept as its raw bytes, so it shows as an ignored file rather than vanishing.
 */
export async function unpackZip(
  file: string,
  target: (index: number) => string,
  limits: { maxFiles: number; maxEntryBytes: number; maxTotalBytes: number },
): Promise<{ name: string; path: string; size: number }[]> {
  const entries = (await readEntries(file)).map((e) => ({ ...e, label: entryName(e.name) })).filter((e) => e.label);
  if (entries.length > limits.maxFiles) throw new HttpError(413, 'TOO_MANY_FILES', ZIP_MSG.tooMany(limits.maxFiles));
  const handle = await open(file, 'r');
  let total = 0;
  const out: { name: string; path: string; size: number }[] = [];
  try {
    for (const [i, e] of entries.entries()) {
      const local = Buffer.alloc(30);
      await handle.read(local, 0, 30, e.localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw new HttpError(400, 'ZIP_UNREADABLE', ZIP_MSG.unreadable);
      const start = e.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const path = target(i);
      const limit = new Limit(limits.maxEntryBytes, (n) => {
        total += n;
      });
      if (e.compressedSize === 0) await writeFile(path, Buffer.alloc(0));
      else {
        const raw = createReadStream(file, { start, end: start + e.compressedSize - 1 });
        if (e.method === 8 && !(e.flags & 1)) await pipeline(raw, createInflateRaw(), limit, createWriteStream(path));
        else await pipeline(raw, limit, createWriteStream(path));
      }
      if (total > limits.maxTotalBytes) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', ZIP_MSG.tooLarge);
      out.push({ name: e.label!, path, size: limit.bytes });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(400, 'ZIP_UNREADABLE', ZIP_MSG.unreadable);
  } finally {
    await handle.close();
  }
  return out;
}
