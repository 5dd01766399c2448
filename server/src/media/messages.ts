import { MEDIA_MSG } from '@portal/domain';

export { MEDIA_MSG };

/** An error whose message can be shown to the user as is: a verdict on the file, so retrying cannot help. */
export class MediaError extends Error {
  override name = 'MediaError';
}

/**
 * sharp's failure on an untrusted image, as a user-facing error. sharp refuses images over limitInputPixels
 * (see limits.ts) on their declared size; any other decoding failure means damaged or incomplete data.
 */
export function imageDecodeError(error: unknown): MediaError {
  if (error instanceof MediaError) return error;
  const overLimit = error instanceof Error && /pixel limit/i.test(error.message);
  return new MediaError(overLimit ? MEDIA_MSG.tooLarge : MEDIA_MSG.unreadableImage, { cause: error });
}
