import { z } from 'zod';
import { reviewQueueQuery, reviewQueueSearch, type ReviewQueueQuery } from './review.ts';

/**
 * Saved views of the review queue: a reviewer keeps the queue's filters and order under a name, sees how many items
 * each view holds now, and applies one in a click. A view is the reviewer's own (no one else lists, counts or
 * changes it). It keeps the filters as the queue's address carries them, without page and page size: a view is
 * what to look at, not where in it nor how many rows a screen shows.
 */

export const REVIEW_VIEW_NAME_MAX = 60;
/** Views one reviewer keeps: a row of choices above the queue, counted on every visit. */
export const REVIEW_VIEWS_MAX = 20;
/** The longest filters a view keeps (the queue's address without page and size stays far shorter). */
export const REVIEW_VIEW_FILTERS_MAX = 1000;

export const VIEW_MSG = {
  nameRequired: 'Please name the view.',
  nameTooLong: `Please keep the view's name to ${REVIEW_VIEW_NAME_MAX} characters or fewer.`,
  nameTaken: (name: string) => `You already have a view named "${name}". Please choose another name.`,
  tooMany: `You can keep up to ${REVIEW_VIEWS_MAX} views. Please delete one first.`,
  badFilters: "These are not the review queue's filters.",
  notFound: 'View not found.',
} as const;

/** The parts of the queue's address a view leaves out. */
const NOT_KEPT = new Set(['page', 'size']);
const KNOWN = new Set(Object.keys(reviewQueueQuery.shape));

/**
 * The filters a view keeps, from the queue's query or address: normalized as the address writes them (defaults
 * left out, photo codes sorted), page and page size dropped. Two views of the same filters have the same text.
 */
export function viewFiltersOf(query: Partial<ReviewQueueQuery>): string {
  return reviewQueueSearch({ ...query, page: undefined, size: undefined });
}

/**
 * The filters written as the queue's address, when they are the queue's (every key known, every value one the
 * queue takes), normalized; null otherwise. What the server keeps and what it refuses.
 */
export function parseViewFilters(text: string): string | null {
  const params = new URLSearchParams(text);
  const raw: Record<string, string> = {};
  for (const [key, value] of params) {
    if (!KNOWN.has(key) || key in raw) return null;
    if (!NOT_KEPT.has(key)) raw[key] = value;
  }
  const parsed = reviewQueueQuery.safeParse(raw);
  return parsed.success ? viewFiltersOf(parsed.data) : null;
}

/**
 * The address of the queue showing this view: its filters, the reviewer's current page size kept, page 1.
 */
export function viewAddress(filters: string, current: Pick<ReviewQueueQuery, 'size'>): string {
  const params = new URLSearchParams(filters);
  const size = reviewQueueSearch({ size: current.size });
  for (const [key, value] of new URLSearchParams(size)) params.set(key, value);
  return params.toString();
}

/** A name is taken when another view of the same reviewer has it, whatever its case or surrounding spaces. */
export function viewNameTaken(
  views: readonly { id: number; name: string }[],
  name: string,
  exceptId?: number,
): boolean {
  const key = name.trim().toLocaleLowerCase();
  return views.some((v) => v.id !== exceptId && v.name.trim().toLocaleLowerCase() === key);
}

const viewName = z.string().trim().min(1, VIEW_MSG.nameRequired).max(REVIEW_VIEW_NAME_MAX, VIEW_MSG.nameTooLong);
const viewFilters = z
  .string()
  .max(REVIEW_VIEW_FILTERS_MAX, VIEW_MSG.badFilters)
  .refine((text) => parseViewFilters(text) !== null, VIEW_MSG.badFilters)
  .describe(
    "The queue's filters and order as its address carries them (GET /api/review/queue's query string, e.g. " +
      '`partner=30443&overSla=true`); page and size are not kept. Empty: the default queue (pending review).',
  );

export const reviewSavedViewBody = z
  .object({ name: viewName, filters: viewFilters })
  .meta({ examples: [{ name: 'Harvest Market over SLA', filters: 'partner=30443&overSla=true' }] });
export type ReviewSavedViewBody = z.infer<typeof reviewSavedViewBody>;

export const reviewSavedViewRename = z
  .object({ name: viewName })
  .meta({ examples: [{ name: 'Harvest Market, late' }] });
export type ReviewSavedViewRename = z.infer<typeof reviewSavedViewRename>;

const VIEW_EXAMPLE = { id: 1, name: 'Harvest Market over SLA', filters: 'partner=30443&overSla=true', count: 12 };
export const reviewSavedView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    filters: z.string().describe("The queue's filters and order as its address carries them"),
    count: z.number().int().describe('How many items the view holds now'),
  })
  .meta({ examples: [VIEW_EXAMPLE] });
export type ReviewSavedView = z.infer<typeof reviewSavedView>;

export const reviewSavedViews = z
  .object({ views: z.array(reviewSavedView) })
  .meta({ examples: [{ views: [VIEW_EXAMPLE] }] });
export type ReviewSavedViews = z.infer<typeof reviewSavedViews>;
