import sharp from 'sharp';
import type { UploadKind } from '@portal/domain';
import { safeSharpInput } from './limits.ts';
import { imageDecodeError } from './messages.ts';
import { renderPdfFirstPage } from './pdf-page.ts';

export interface Thumbnail {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
}

export const THUMBNAIL_SIZE = 400;

/**
 * A browser-friendly picture of an upload that fits in maxSize × maxSize (400 by default; also used for larger
 * previews). Formats follow the spec's URLs: JPEG for page 1 of a PDF, PNG for TIFF (browsers cannot show TIFF),
 * and the upload's own format otherwise, PNG for the first frame of a GIF so nothing animates in lists.
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
    if (kind === 'jpeg') {
      return { data: await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
    }
    return { data: await image.png().toBuffer(), contentType: 'image/png' };
  } catch (error) {
    throw imageDecodeError(error);
  }
}
