import type { Actor } from '../../lib/authorize.ts';

/** The lookups of part 2 section 3 (countries, states, cities, distribution methods) are public facts, not records. */
export const referenceDataPolicy = {
  /** Any signed-in user reads them (the brand profile form); visitors do not. */
  view: (_user: Pick<Actor, 'id'>) => true,
};
