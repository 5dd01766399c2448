import type { ProductFacts } from './product-facts.ts';

/** Facts with nothing in them, in a module of its own without zod: the label reading starts from it too. */
export const EMPTY_PRODUCT_FACTS: ProductFacts = {
  basis: 'serving',
  servingSize: null,
  servingsPerContainer: null,
  calories: null,
  energyKj: null,
  nutrients: {},
  netContent: null,
  ingredients: null,
  allergens: null,
};
