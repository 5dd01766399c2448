/**
 * What the user is told when an uploaded file cannot be used. Shown as is (in answers and as reasons of ignored
 * import files), so plain words and no internals.
 */
export const MEDIA_MSG = {
  empty: 'This file is empty.',
  wrongType: 'This file is not a PDF, JPG, PNG, GIF or TIF image.',
  unreadableImage: 'This image could not be read; it may be damaged or incomplete.',
  tooLarge: 'This image is too large to process (more than 100 megapixels).',
  unreadablePdf: 'This PDF could not be read; it may be damaged or incomplete.',
  passwordPdf: 'This PDF is protected by a password. Please upload it without the password.',
  emptyPdf: 'This PDF has no pages.',
  /** A PDF that needs more memory or time than the limits of media work allow (a decompression bomb, say). */
  tooComplexPdf: 'This PDF could not be processed: it is too complex.',
  /** The same for an image. */
  tooComplexImage: 'This image could not be processed: it is too complex.',
  /** A stored file that is not in the storage this instance reads: a server problem, never the file's fault. */
  missingFile: 'The stored file is missing; it may be on the storage of another server.',
} as const;

/** Bulk ingestion uploads of zip files, and the storage quota of a company. */
export const ZIP_MSG = {
  unreadable: 'This zip file could not be read; it may be damaged or encrypted.',
  tooMany: (max: number) => `The zip file holds more than ${max} files.`,
  tooLarge: 'The files in this zip are too large once unpacked.',
  /** An entry that unpacks to far more than it takes in the zip: a zip bomb, not a photo or a PDF. */
  tooCompressed: (name: string) => `${name} unpacks to far more than a picture or a PDF would: the zip was refused.`,
} as const;

export const QUOTA_MSG = {
  full: (limitGb: number) =>
    `Your company has used its storage of ${limitGb} GB. Delete drafts you no longer need, or ask support for more space.`,
} as const;
