import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MEDIA_MSG, ZIP_MSG } from '@portal/domain';
import { HttpError } from '../../lib/errors.ts';
import { isHeif } from '../../media/heif.ts';
import { kindBySignature } from '../../media/file-signature.ts';

export { ZIP_MSG };

/**
 * Unpacking a zip sent to the import page, with yauzl (central directory, ZIP64, sizes checked against the
 * archive's claims while inflating) and our own CRC-32 check. A zip is untrusted: every limit holds while the
 * entry is inflated, never on what the archive claims alone, and a file that can only be ignored leaves no bytes
 * on disk. Entry names are labels only (the caller writes to paths of its own choosing).
 */
export interface ZipLimits {
  maxFiles: number;
  /** One file, unpacked. */
  maxEntryBytes: number;
  /** All files together, unpacked; `totalError` is what passing it answers. */
  maxTotalBytes: number;
  totalError?: () => Error;
}

/**
 * How much larger than in the zip a file may be once unpacked. Photos and PDFs are compressed already (1 to 1.2),
 * uncompressed TIFF scans of packaging reach 5 to 20; 100 leaves room for plain artwork while a bomb (1,000 for
 * zeros) is refused before it is unpacked. Files of at most RATIO_FREE_BYTES are not held to it: they cannot
 * amplify much, and tiny files compress oddly.
 */
export const MAX_COMPRESSION_RATIO = 100;
const RATIO_FREE_BYTES = 64 * 1024;
/** How many leading bytes decide whether an entry is a file the portal can use (see file-signature.ts). */
const HEAD_BYTES = 1024;

export const isZipHead = (head: Uint8Array) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

export type UnpackedEntry =
  | { name: string; path: string; size: number }
  /** Not kept: the reason it is ignored (not a file the portal can use). */
  | { name: string; ignored: string; size: number };

const unreadable = () => new HttpError(400, 'ZIP_UNREADABLE', ZIP_MSG.unreadable);
const tooLarge = () => new HttpError(413, 'PAYLOAD_TOO_LARGE', ZIP_MSG.tooLarge);

/**
 * A folder inside the archive is kept in the name; hidden files, folders and macOS metadata are left out. Names are
 * decoded here rather than by yauzl, whose check refuses a whole archive for one `../` name: ours are labels only,
 * so such a name is cleaned up instead.
 */
function entryName(entry: Entry): string | null {
  const raw = entry.fileName as unknown as Buffer;
  const name = (entry.generalPurposeBitFlag & 0x800 ? raw.toString('utf8') : raw.toString('latin1')).replace(
    /\\/g,
    '/',
  );
  const parts = name.split('/').filter((p) => p && p !== '.' && p !== '..');
  if (!parts.length || name.endsWith('/') || parts.some((p) => p.startsWith('.') || p === '__MACOSX')) return null;
  return parts
    .join('/')
    .replace(/\p{Cc}/gu, '')
    .slice(-300);
}

/** Counts (and stops) the bytes of one entry as they are inflated, and computes their CRC-32. */
class Meter extends Transform {
  bytes = 0;
  crc = 0;
  constructor(
    private max: number,
    private onBytes: (n: number) => Error | null,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    this.crc = crc32(chunk, this.crc);
    done(this.bytes > this.max ? tooLarge() : this.onBytes(chunk.length), chunk);
  }
}

const open = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false },
      (err, zip) => (err ? reject(err) : resolve(zip)),
    ),
  );

/** The entries one by one (yauzl's lazy mode), so a zip of many entries never has them all in hand. */
async function* entries(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const next = await new Promise<Entry | null>((resolve, reject) => {
      const cleanup = () => zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      zip.once('entry', (e: Entry) => (cleanup(), resolve(e)));
      zip.once('end', () => (cleanup(), resolve(null)));
      zip.once('error', (err: Error) => (cleanup(), reject(err)));
      zip.readEntry();
    });
    if (!next) return;
    yield next;
  }
}

const readStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

/** The first HEAD_BYTES of an entry (fewer if it is shorter), read from its own stream. */
async function headOf(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const stream = await readStream(zip, entry);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= HEAD_BYTES) break; // leaving the loop destroys the stream: nothing more is inflated
    }
  } catch {
    // a damaged entry: judged when it is unpacked
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}

/**
 * Unpacks every usable file entry to `target(index)`; returns every file entry with its name and size, and for one
 * that cannot be used (not a PDF or image by its leading bytes, encrypted, another compression method) the reason
 * it is ignored instead of its bytes. Throws HttpError: 400 for a damaged zip (CRC, sizes, structure), 413 past a
 * limit (more files, a file or all of them too large, an entry compressed like a bomb).
 */
export async function unpackZip(
  file: string,
  target: (index: number) => string,
  limits: ZipLimits,
): Promise<UnpackedEntry[]> {
  let zip: ZipFile;
  try {
    zip = await open(file);
  } catch {
    throw unreadable();
  }
  let total = 0;
  const out: UnpackedEntry[] = [];
  try {
    for await (const entry of entries(zip)) {
      const name = entryName(entry);
      if (!name) continue;
      if (out.length >= limits.maxFiles) throw new HttpError(413, 'TOO_MANY_FILES', ZIP_MSG.tooMany(limits.maxFiles));
      const size = entry.uncompressedSize;
      if (size > limits.maxEntryBytes) throw tooLarge();
      if (size > RATIO_FREE_BYTES && size > entry.compressedSize * MAX_COMPRESSION_RATIO) {
        throw new HttpError(413, 'ZIP_BOMB', ZIP_MSG.tooCompressed(name));
      }
      if (entry.isEncrypted() || !(entry.compressionMethod === 0 || entry.compressionMethod === 8)) {
        out.push({ name, ignored: ZIP_MSG.unreadable, size });
        continue;
      }
      const head = await headOf(zip, entry);
      if (!kindBySignature(head) && !isHeif(head)) {
        out.push({ name, ignored: size ? MEDIA_MSG.wrongType : MEDIA_MSG.empty, size });
        continue;
      }
      const path = target(out.length);
      const meter = new Meter(limits.maxEntryBytes, (n) => {
        total += n;
        return total > limits.maxTotalBytes ? (limits.totalError?.() ?? tooLarge()) : null;
      });
      await pipeline(await readStream(zip, entry), meter, createWriteStream(path));
      // yauzl has checked the size against the central directory; the content is checked here.
      if (meter.crc !== entry.crc32) throw unreadable();
      out.push({ name, path, size: meter.bytes });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw unreadable();
  } finally {
    zip.close();
  }
  return out;
}
