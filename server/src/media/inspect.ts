import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import type { UploadKind } from '@portal/domain';
import { kindBySignature, readFileHead } from './file-signature.ts';
import { MAX_INPUT_PIXELS, safeSharpInput } from './limits.ts';
import { imageDecodeError, MediaError, MEDIA_MSG } from './messages.ts';
import { readPdfPageCount } from './pdf-document.ts';

export type InspectResult = { kind: UploadKind; width?: number; height?: number; pages?: number } | { error: string };

/**
 * Decides what an uploaded file is by its content, never by its name or declared type: the leading bytes
 * first, then a real decode, because a file can start like a PNG and still be damaged, truncated or a
 * decompression bomb. Returns a user-facing error instead of throwing for anything wrong with the file;
 * throws only when the file cannot be accessed at all (a server problem, not the user's).
 *
 * Images report their displayed size (EXIF orientation applied); PDFs report their page count.
 */
export async function inspectFile(path: string): Promise<InspectResult> {
  const { size } = await stat(path);
  if (size === 0) return { error: MEDIA_MSG.empty };
  const kind = kindBySignature(await readFileHead(path));
  if (!kind) return { error: MEDIA_MSG.wrongType };
  try {
    if (kind === 'pdf') return { kind, pages: await readPdfPageCount(path) };
    return { kind, ...(await inspectImage(path, kind)) };
  } catch (error) {
    if (error instanceof MediaError) return { error: error.message };
    throw error;
  }
}

async function inspectImage(
  path: string,
  kind: Exclude<UploadKind, 'pdf'>,
): Promise<{ width: number; height: number }> {
  // The header alone: a decompression bomb is refused here, on its declared size, before any pixel is decoded.
  const metadata = await sharp(path, safeSharpInput(kind))
    .metadata()
    .catch((error: unknown) => {
      throw imageDecodeError(error);
    });
  // sharp names formats as we do; a different one means libvips saw something else behind the signature.
  if (metadata.format !== kind) throw new MediaError(MEDIA_MSG.unreadableImage);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new MediaError(MEDIA_MSG.tooLarge);
  // The header can be intact while the pixel data is cut off or corrupt; only decoding every row tells.
  // Decoding into a thumbnail-sized raw buffer reads all of it at little memory cost.
  await sharp(path, safeSharpInput(kind))
    .resize(64, 64, { fit: 'inside' })
    .raw()
    .toBuffer()
    .catch((error: unknown) => {
      throw imageDecodeError(error);
    });
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}
