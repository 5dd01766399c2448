import type { FastifyReply } from 'fastify';
import type { UploadKind } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { withLocalFile } from '../../storage/local-file.ts';
import { thumbnailType } from '../../media/thumbnail.ts';
import { makeRenditions, needsPreview, renditionKeys } from './renditions.ts';

interface StoredFile {
  id: string;
  fileName: string;
  kind: UploadKind;
  storageKey: string;
  thumbnailKey: string | null;
}

const ORIGINAL_TYPES: Record<UploadKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  tiff: 'image/tiff',
};

/** Finds a file by its name, or by its name plus the .jpg/.png that the spec's URLs add for PDF and TIFF. */
export function fileByUrlName<F extends StoredFile>(files: F[], urlName: string): F | undefined {
  const name = urlName.toLowerCase();
  return (
    files.find((f) => f.fileName.toLowerCase() === name) ??
    files.find(
      (f) => needsPreview(f.kind) && `${f.fileName.toLowerCase()}${f.kind === 'pdf' ? '.jpg' : '.png'}` === name,
    )
  );
}

/**
 * Sends a browser-viewable image of a stored file: the original for JPEG/PNG/GIF, a rendered preview for PDF and
 * TIFF, or the thumbnail. Renditions not made yet (the job is still queued) are made now.
 */
export async function sendFileImage(
  ctx: AppContext,
  reply: FastifyReply,
  files: StoredFile[],
  urlName: string,
  thumbnail: boolean,
) {
  const file = fileByUrlName(files, urlName);
  if (!file) throw notFound('File not found.');
  const keys = renditionKeys(file.id);
  const variant = thumbnail ? 'thumbnail' : needsPreview(file.kind) ? 'preview' : 'original';
  const etag = `"${file.id}-${variant}"`;
  reply.header('cache-control', 'private, max-age=0, must-revalidate').header('etag', etag);
  if (reply.request.headers['if-none-match'] === etag) return reply.status(304).send();

  if (variant === 'original') return reply.type(ORIGINAL_TYPES[file.kind]).send(await ctx.storage.get(file.storageKey));
  const key = variant === 'thumbnail' ? keys.thumbnail : keys.preview;
  if (!(await ctx.storage.exists(key))) {
    await withLocalFile(ctx.storage, file.storageKey, (path) => makeRenditions(ctx.storage, file.id, path, file.kind));
  }
  // Previews share the thumbnails' format: the spec's .jpg and .png URL suffixes are names only.
  return reply.type(thumbnailType(file.kind)).send(await ctx.storage.get(key));
}
