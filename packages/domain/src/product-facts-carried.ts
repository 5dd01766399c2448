import { z } from 'zod';
import { productFactsSchema, type ProductFacts } from './product-facts.ts';
import {
  FACT_FIELDS,
  factFieldValue,
  factSourceSchema,
  pendingSuggestions,
  sameFactValue,
  sourcesAfterSave,
  type FactField,
  type FactReading,
  type FactSources,
} from './product-facts-suggestions.ts';

/**
 * Product facts past the draft: a submission and a catalogued product carry one set of facts for the product, with
 * where each value came from. A draft's sources name a region of that file's photo; once the files of a UPC become one
 * submission, each source also names the file its region is on.
 */

export const FACTS_FILE_NAME_MAX = 300;

export const carriedFactSourceSchema = factSourceSchema.extend({
  /** The file whose photo the region is on; null for a typed value. */
  fileName: z.string().max(FACTS_FILE_NAME_MAX).nullable(),
});
export type CarriedFactSource = z.infer<typeof carriedFactSourceSchema>;
export const carriedFactSourcesSchema = z.partialRecord(z.enum(FACT_FIELDS), carriedFactSourceSchema);
export type CarriedFactSources = Partial<Record<FactField, CarriedFactSource>>;

/** A product's facts with their sources, as a submission holds them (null facts: none given). */
export interface CarriedFacts {
  facts: ProductFacts | null;
  sources: CarriedFactSources;
}

/**
 * The facts of a product made of several draft files: those of the first file that has any (as the readiness rules
 * read them), each source naming that file.
 */
export function factsOfFiles(
  files: readonly { fileName: string; facts: ProductFacts | null; factSources: FactSources }[],
): CarriedFacts {
  const first = files.find((f) => f.facts !== null);
  if (!first) return { facts: null, sources: {} };
  const sources: CarriedFactSources = {};
  for (const [field, source] of Object.entries(first.factSources) as [FactField, FactSources[FactField]][]) {
    if (source) sources[field] = { ...source, fileName: source.region ? first.fileName : null };
  }
  return { facts: first.facts, sources };
}

/**
 * The sources after the supplier edits carried facts (resubmit, images for a catalogued product): a value left as it
 * was keeps its source; a changed or new value is typed; a removed one has none.
 */
export function sourcesAfterEdit(
  before: ProductFacts | null,
  after: ProductFacts | null,
  sources: CarriedFactSources,
): CarriedFactSources {
  const next: CarriedFactSources = {};
  if (!after) return next;
  for (const field of FACT_FIELDS) {
    const now = factFieldValue(after, field) ?? null;
    if (now === null) continue;
    const old = before ? (factFieldValue(before, field) ?? null) : null;
    const kept = sources[field];
    next[field] = sameFactValue(old, now) && kept ? kept : { source: 'typed', region: null, fileName: null };
  }
  return next;
}

/**
 * The supplier's decision on suggested facts, for a draft file and a submission alike: the facts as they now stand
 * (accepted, corrected, typed) and the readings dismissed.
 */
export const factsDecisionSchema = z
  .object({
    facts: productFactsSchema
      .nullable()
      .describe('The facts as they now stand (accepted, corrected, typed); null clears them'),
    dismiss: z
      .array(z.enum(FACT_FIELDS))
      .max(FACT_FIELDS.length)
      .default([])
      .describe('Readings dismissed: never suggested again'),
  })
  .strict();
export type FactsDecision = z.infer<typeof factsDecisionSchema>;

/** A submission file as its facts are read: null status for a file that is not read (one from a draft was, there). */
export interface ReadSubmissionFile {
  fileName: string;
  factReadingStatus: 'pending' | 'done' | 'failed' | null;
  factReadings: readonly FactReading[];
  dismissedFacts: readonly string[];
}

/** What a submission offers from the photos added on resubmit or for a catalogued product. */
export interface SubmissionSuggestions {
  /** The file whose readings are offered (the photo shown beside them); null when no file is read. */
  fileName: string | null;
  /** none: no file is read; pending while any is still being read; failed when none could be, else done. */
  status: 'none' | 'pending' | 'done' | 'failed';
  suggestions: FactReading[];
}

/**
 * The suggestions of a submission, by the draft's rules (pendingSuggestions): the readings of its first read file that
 * still has some to decide (one photo at a time, as a product's on Enter UPC(s)), for fields its facts leave empty and
 * not dismissed.
 */
export function submissionSuggestions(
  files: readonly ReadSubmissionFile[],
  facts: ProductFacts | null,
): SubmissionSuggestions {
  const read = files.filter((f) => f.factReadingStatus !== null);
  if (!read.length) return { fileName: null, status: 'none', suggestions: [] };
  const status = read.some((f) => f.factReadingStatus === 'pending')
    ? 'pending'
    : read.every((f) => f.factReadingStatus === 'failed')
      ? 'failed'
      : 'done';
  for (const f of read) {
    const suggestions = pendingSuggestions(f.factReadings, facts, f.dismissedFacts);
    if (suggestions.length) return { fileName: f.fileName, status, suggestions };
  }
  return { fileName: read[0].fileName, status, suggestions: [] };
}

/**
 * The sources of a submission's facts after the supplier decided on one file's suggestions: as on a draft
 * (sourcesAfterSave: equal to the reading, from the photo; different, corrected; no reading, typed), each new source on
 * the photo naming that file; a value left as it was keeps its source.
 */
export function carriedSourcesAfterSave(
  before: ProductFacts | null,
  after: ProductFacts | null,
  sources: CarriedFactSources,
  readings: readonly FactReading[],
  fileName: string,
): CarriedFactSources {
  const next: CarriedFactSources = {};
  for (const [field, source] of Object.entries(sourcesAfterSave(before, after, sources, readings)) as [
    FactField,
    CarriedFactSource | FactSources[FactField],
  ][]) {
    if (!source) continue;
    next[field] = 'fileName' in source ? source : { ...source, fileName: source.region ? fileName : null };
  }
  return next;
}

/**
 * The facts field of a resubmit or an images upload (multipart): JSON of the product's facts, or "null" to clear them.
 * Absent: the facts stay as they were.
 */
export const FACTS_FIELD = 'facts';
export const factsFieldSchema = z
  .string()
  .max(100_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The product facts are not valid JSON.' });
      return z.NEVER;
    }
  })
  .pipe(productFactsSchema.nullable());
