import type { UploadProgress } from '../../api/upload-files.ts';

/**
 * Per-file progress (0-100) of one multipart request carrying the files in order: each file owns the byte range
 * of its size, and the bytes sent so far are scaled from the body's total (which adds the multipart framing)
 * to the files' total. A file is only 100 once the request has been sent completely.
 */
export function perFileProgress(sizes: readonly number[], progress: UploadProgress | null): number[] {
  if (!progress) return sizes.map(() => 0);
  const fileBytes = sizes.reduce((sum, size) => sum + size, 0);
  const done = progress.total > 0 && progress.loaded >= progress.total;
  const sent = progress.total > 0 ? (progress.loaded / progress.total) * fileBytes : 0;
  let start = 0;
  return sizes.map((size) => {
    const end = start + size;
    const fraction = done ? 1 : size > 0 ? Math.min(1, Math.max(0, (sent - start) / size)) : 0;
    start = end;
    return done ? 100 : Math.min(99, Math.floor(fraction * 100));
  });
}

/** The whole request's progress, 0-100. */
export const overallProgress = (progress: UploadProgress | null) =>
  progress && progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;

/** "12.3 KB": sizes as people read them (1 KB = 1024 bytes, as the 15MB limit counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
