import { z } from 'zod';
import { productFactsSchema, type ProductFacts } from './product-facts.ts';
import {
  FACT_FIELDS,
  factFieldValue,
  factSourceSchema,
  sameFactValue,
  type FactField,
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
