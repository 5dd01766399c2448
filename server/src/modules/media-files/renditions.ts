import { Readable } from 'node:stream';
import type { UploadKind } from '@portal/domain';
import { makeThumbnailOffThread } from '../../media/media-pool.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Where a file's browser-friendly versions are kept: a thumbnail, and for PDF and TIFF a large preview. */
export const renditionKeys = (fileId: string) => ({
  thumbnail: `renditions/${fileId}/thumbnail`,
  preview: `renditions/${fileId}/preview`,
});

/** Kinds a browser cannot show as they are. */
export const needsPreview = (kind: UploadKind) => kind === 'pdf' || kind === 'tiff';

/** Makes and stores the renditions of one file; returns the thumbnail's key. */
export async function makeRenditions(
  storage: BlobStore,
  fileId: string,
  path: string,
  kind: UploadKind,
): Promise<string> {
  const keys = renditionKeys(fileId);
  if (needsPreview(kind)) {
    const preview = await makeThumbnailOffThread(path, kind, 1600);
    await storage.put(keys.preview, Readable.from(preview.data));
  }
  const thumb = await makeThumbnailOffThread(path, kind, 400);
  await storage.put(keys.thumbnail, Readable.from(thumb.data));
  return keys.thumbnail;
}
