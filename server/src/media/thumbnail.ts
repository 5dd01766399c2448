import sharp from 'sharp';
import type { UploadKind } from '@portal/domain';
import { safeSharpInput } from './limits.ts';
import { imageDecodeError } from './messages.ts';
import { renderPdfFirstPage } from './pdf-page.ts';

export interface Thumbnail {
  data: Buffer;
  contentType: ThumbnailType;
}

export const THUMBNAIL_SIZE = 400;

export type ThumbnailType = 'image/jpeg' | 'image/webp';

/**
 * Renditions are lossy whatever the source, so a thumbnail is a few kilobytes, never bigger than its original
 * (a lossless PNG of a 400 px photo is about as big as the upload). JPEG for photos and PDF pages; WebP for the
 * kinds that can be transparent (PNG, GIF, TIFF), so a packshot on a clear background stays clear.
 */
export const thumbnailType = (kind: UploadKind): ThumbnailType =>
  kind === 'pdf' || kind === 'jpeg' ? 'image/jpeg' : 'image/webp';

/**
 * A browser-friendly picture of an upload that fits in maxSize × maxSize (400 by default; also used for larger
 * previews), in the format thumbnailType names; the first frame of a GIF, so nothing animates in lists.
 * `kind` must come from inspectFile (the content), not from the file name.
 */
export async function makeThumbnail(
  path: string,
  kind: UploadKind,
  { maxSize = THUMBNAIL_SIZE }: { maxSize?: number } = {},
): Promise<Thumbnail> {
  if (kind === 'pdf') {
    // Rendered straight at the target size: PDF pages are vector graphics, so nothing is lost.
    const data = await renderPdfFirstPage(path, { maxWidth: maxSize, maxHeight: maxSize, format: 'jpeg' });
    return { data, contentType: 'image/jpeg' };
  }
  const image = sharp(path, safeSharpInput(kind))
    .autoOrient() // phones store portrait photos sideways with an EXIF note; show them upright
    .resize(maxSize, maxSize, { fit: 'inside', withoutEnlargement: true });
  try {
    if (thumbnailType(kind) === 'image/jpeg') {
      return { data: await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
    }
    return { data: await image.webp({ quality: 80 }).toBuffer(), contentType: 'image/webp' };
  } catch (error) {
    throw imageDecodeError(error);
  }
}
