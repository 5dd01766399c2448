import { availableParallelism } from 'node:os';

/**
 * Limits shared by everything that decodes uploads. Uploads are untrusted: a 2 MB PNG can declare
 * 30000×30000 pixels and would need gigabytes once decoded, so every decoder is told this limit.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** sharp input options for untrusted files: refuse decompression bombs and damaged or truncated data. */
export const SAFE_SHARP_INPUT = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // 'truncated' refuses incomplete files. The stricter 'warning' would also refuse photos every viewer shows,
  // such as JPEGs with libjpeg's "Corrupt JPEG data: extraneous bytes before marker", common from some cameras.
  failOn: 'truncated',
} as const;

/**
 * TIFF is held to libtiff's errors as well: a strip that points past the end of the file (a header declaring
 * 9999×9999 pixels and no data) is only an error there, never a 'truncated' warning, and libvips would fill the
 * missing rows with black. Scanners' TIFFs do not raise errors, so nothing real is refused.
 */
export const safeSharpInput = (kind: string) =>
  kind === 'tiff' ? { ...SAFE_SHARP_INPUT, failOn: 'error' as const } : SAFE_SHARP_INPUT;

/** Media processes of a server (one core stays free for the web server on small machines, at most four). */
export const MEDIA_PROCESSES = Math.max(1, Math.min(4, availableParallelism() - 1));
