import { z } from 'zod';
import {
  PHOTO_ISSUE_CODES,
  photoIssueMessage,
  type PhotoIssue,
  type PhotoIssuePlace,
  type StoredPhotoIssue,
} from './photo-checks.ts';

// Apart from photo-checks.ts, whose rules and messages pages show without any schema: zod stays out of their code.

export const photoIssueCodeSchema = z.enum(PHOTO_ISSUE_CODES);

/** A stored issue (photo-checks.ts StoredPhotoIssue), as read back from storage. */
export const storedPhotoIssueSchema = z.object({
  code: photoIssueCodeSchema,
  detail: z.string().max(300).optional(),
  worseCopy: z.boolean().optional(),
}) satisfies z.ZodType<StoredPhotoIssue>;

/**
 * Stored issues as the API answers them, worded for where they are read (a draft, or a submitted item); anything
 * unknown in storage is left out rather than failing the page.
 */
export function presentPhotoIssues(stored: unknown, place: PhotoIssuePlace = 'draft'): PhotoIssue[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((raw) => {
    const parsed = storedPhotoIssueSchema.safeParse(raw);
    return parsed.success ? [{ code: parsed.data.code, message: photoIssueMessage(parsed.data, place) }] : [];
  });
}
