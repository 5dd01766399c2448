/** What the user is told when an upload cannot be used. Shown as is, so plain words and no internals. */
export const MEDIA_MSG = {
  empty: 'This file is empty.',
  wrongType: 'This file is not a PDF, JPG, PNG, GIF or TIF image.',
  unreadableImage: 'This image could not be read; it may be damaged or incomplete.',
  tooLarge: 'This image is too large to process (more than 100 megapixels).',
  unreadablePdf: 'This PDF could not be read; it may be damaged or incomplete.',
  passwordPdf: 'This PDF is protected by a password. Please upload it without the password.',
  emptyPdf: 'This PDF has no pages.',
} as const;

/** An error whose message can be shown to the user as is. */
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
