// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- bench and e2e compile this file under their own tsconfig; the reference brings the declaration with it
/// <reference path="./heic-decode.d.ts" />
import { readFile, rename, rm } from 'node:fs/promises';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './limits.ts';
import { MediaError, MEDIA_MSG } from './messages.ts';

/**
 * HEIC/HEIF, what iPhones take. sharp's prebuilt libvips cannot decode it (its libheif has no HEVC decoder), so
 * it is decoded by libheif compiled to WebAssembly and stored as the JPEG every other step already reads. That
 * decode is slow and hungry (seconds and hundreds of MB for a phone photo: docs/decisions/storage-and-media.md), so
 * it runs only in a media process, under its memory and time limits, and the process is retired afterwards:
 * WebAssembly memory never shrinks.
 */

/** Major brands of the ISO base media files that carry HEIF still images (AVIF's 'avif' is not one of them). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** Whether a file's leading bytes are a HEIF file type box ('ftyp' at offset 4, then the major brand). */
export const isHeif = (head: Uint8Array) =>
  head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12));

/** JPEG quality of a converted photo: the original is lossy already, and barcodes need their edges. */
const JPEG_QUALITY = 90;

/**
 * Replaces the HEIF file at `path` with a JPEG of its primary image (rotations and mirrors applied, as libheif
 * shows it). A damaged file, or one declaring more pixels than any upload may have, is refused with a
 * user-facing MediaError before anything is decoded.
 */
export async function convertHeifToJpeg(path: string): Promise<{ width: number; height: number }> {
  const { default: decodeHeic } = await import('heic-decode'); // loaded only by the process that needs it
  const input = await readFile(path);
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: input });
  } catch (error) {
    throw new MediaError(MEDIA_MSG.unreadableImage, { cause: error });
  }
  try {
    const [primary] = images;
    if (primary.width * primary.height > MAX_INPUT_PIXELS) throw new MediaError(MEDIA_MSG.tooLarge);
    const { width, height, data } = await primary.decode().catch((error: unknown) => {
      throw new MediaError(MEDIA_MSG.unreadableImage, { cause: error });
    });
    const converted = `${path}.jpg`;
    try {
      await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
        raw: { width, height, channels: 4 },
        limitInputPixels: MAX_INPUT_PIXELS,
      })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toFile(converted);
      await rename(converted, path);
    } finally {
      await rm(converted, { force: true });
    }
    return { width, height };
  } finally {
    images.dispose();
  }
}
