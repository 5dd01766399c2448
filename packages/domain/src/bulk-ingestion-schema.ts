import { z } from 'zod';
import { ACCESS_MSG, ACCESS_NAME_MIN } from './bulk-ingestion.ts';

// Apart from bulk-ingestion.ts, whose messages, rules and labels the access and import pages show without any schema.

const accessName = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine((v) => !/\s/.test(v), ACCESS_MSG.noSpaces)
    .refine((v) => v.length >= ACCESS_NAME_MIN, ACCESS_MSG.tooShort);

/**
 * The access form as submitted: values already normalised (the form normalises as the user types; the server
 * normalises again before checking, so a hand-made request gets the same result).
 */
export const accessFormSchema = z.object({
  companyId: z.number({ error: ACCESS_MSG.companyRequired }).int().positive(ACCESS_MSG.companyRequired),
  folderName: accessName(ACCESS_MSG.folderRequired),
  imageSource: accessName(ACCESS_MSG.sourceRequired),
});
export type AccessFormInput = z.infer<typeof accessFormSchema>;
