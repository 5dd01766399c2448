import { z } from 'zod';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_MAX_LENGTH, SEARCH_MSG } from './search.ts';

/** What is searched for: the text as typed (trimmed), and how many hits of each kind at most. */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MSG.required })
    .trim()
    .min(1, { error: SEARCH_MSG.required })
    .max(SEARCH_MAX_LENGTH, { error: SEARCH_MSG.tooLong }),
  limit: z.coerce
    .number({ error: SEARCH_MSG.limitRange })
    .int({ error: SEARCH_MSG.limitRange })
    .min(1, { error: SEARCH_MSG.limitRange })
    .max(SEARCH_LIMIT_MAX, { error: SEARCH_MSG.limitRange })
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
