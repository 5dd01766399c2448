import { open } from 'node:fs/promises';
import type { UploadKind } from '@portal/domain';

/**
 * The first gate of the content check: which format a file claims to be by its leading bytes. Names and declared
 * types come from the user's machine and prove nothing. A match here is not enough either: the decoder must still
 * read the file (see inspect.ts).
 */

/** How far a PDF header may be from the start: readers (and so real files) accept junk before `%PDF-`. */
const PDF_HEADER_WINDOW = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (text: string) => text.split('').map((c) => c.charCodeAt(0));

const SIGNATURES: readonly [Exclude<UploadKind, 'pdf'>, readonly number[]][] = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['gif', ascii('GIF87a')],
  ['gif', ascii('GIF89a')],
  ['tiff', ascii('II*\0')], // little-endian TIFF
  ['tiff', ascii('MM\0*')], // big-endian TIFF
  ['tiff', ascii('II+\0')], // BigTIFF (64-bit offsets, from some scanners); libtiff reads it
  ['tiff', ascii('MM\0+')],
];

export function kindBySignature(head: Uint8Array): UploadKind | null {
  for (const [kind, signature] of SIGNATURES) if (startsWith(head, signature)) return kind;
  if (Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, PDF_HEADER_WINDOW)).includes('%PDF-')) {
    return 'pdf';
  }
  return null;
}

/** Reads only the leading bytes: the file may be large and this runs while the upload request waits. */
export async function readFileHead(path: string, length = PDF_HEADER_WINDOW): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
