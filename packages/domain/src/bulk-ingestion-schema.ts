import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';
import { ACCESS_MSG, ACCESS_NAME_MIN, FILE_STATUSES, type IngestionJobView } from './bulk-ingestion.ts';

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

const instant = () => z.iso.datetime({ offset: true });

/** A job as the import pages read it (GET /api/bulkIngestion/jobs and one job): its counts and derived status. */
export const ingestionJobSchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    source: z.string().describe('LOCAL (folder), S3 (bucket) or UPLOAD (the import page)'),
    receivedCount: z.number().int(),
    ignoredCount: z.number().int(),
    unidentifiedCount: z.number().int(),
    needsMappingCount: z.number().int(),
    identifiedCount: z.number().int(),
    submittedCount: z.number().int().describe('Submitted and catalogued files'),
    cataloguedCount: z.number().int(),
    totalCount: z.number().int(),
    createdDate: instant(),
    updatedDate: instant(),
    submittedByFirstName: z.string().nullable(),
    submittedByLastName: z.string().nullable(),
    submittedByEmail: z.string().nullable(),
    status: z.enum(['Complete', 'Error', 'Incomplete']),
  })
  .meta({
    id: 'IngestionJob',
    examples: [
      {
        id: 57,
        companyId: EXAMPLE.companyId,
        source: 'UPLOAD',
        receivedCount: 0,
        ignoredCount: 1,
        unidentifiedCount: 0,
        needsMappingCount: 2,
        identifiedCount: 0,
        submittedCount: 9,
        cataloguedCount: 0,
        totalCount: 12,
        createdDate: EXAMPLE.earlier,
        updatedDate: EXAMPLE.at,
        submittedByFirstName: EXAMPLE.firstName,
        submittedByLastName: EXAMPLE.lastName,
        submittedByEmail: EXAMPLE.email,
        status: 'Incomplete',
      },
    ],
  }) satisfies z.ZodType<IngestionJobView>;

/** One file of an import job with its status, UPC and reason. */
export const ingestionFileSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    upc: z.string().nullable(),
    detectedEan13Upc: z.string().nullable(),
    ean13Upc: z.string().nullable(),
    status: z.enum(FILE_STATUSES),
    statusDisplayName: z.string(),
    reason: z.string().nullable(),
    submissionId: z.string().nullable(),
    updatedDate: instant(),
  })
  .meta({
    id: 'IngestionFile',
    examples: [
      {
        id: 'c4e1a7d2-9b3f-4e6a-8d15-6f2b0c9e7a41',
        filename: 'iphone/IMG_0001.HEIC',
        upc: EXAMPLE.upc,
        detectedEan13Upc: EXAMPLE.ean13Upc,
        ean13Upc: EXAMPLE.ean13Upc,
        status: 'SUBMITTED',
        statusDisplayName: 'Submitted',
        reason: null,
        submissionId: EXAMPLE.submissionId,
        updatedDate: EXAMPLE.at,
      },
    ],
  });
export type IngestionFileView = z.infer<typeof ingestionFileSchema>;
