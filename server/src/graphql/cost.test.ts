import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { schema } from './schema.ts';
import { MAX_QUERY_COST, queryCost, ROOT_FIELD_COST } from './cost.ts';

const cost = (query: string, variables?: Record<string, unknown>) => queryCost(schema, parse(query), variables);

describe('queryCost', () => {
  it('counts a round trip per root field plus the page it may read', () => {
    expect(cost('{ currentUser { id } }')).toBe(ROOT_FIELD_COST);
    expect(cost('{ getCataloguedProducts { total } }')).toBe(ROOT_FIELD_COST + 25);
    expect(cost('query($n: Int) { getCataloguedProducts(pageSize: $n) { total } }', { n: 40 })).toBe(
      ROOT_FIELD_COST + 40,
    );
    expect(cost('{ getCataloguedProducts(pageSize: 100000) { total } }')).toBe(ROOT_FIELD_COST + 100);
    expect(cost('{ __typename }')).toBe(0);
  });

  it('counts the ids of a list argument, aliases and fragments', () => {
    expect(cost('query($ids: [ID!]!) { getProductSubmissions(ids: $ids) { id } }', { ids: ['a', 'b', 'c'] })).toBe(
      ROOT_FIELD_COST + 3,
    );
    expect(
      cost('{ a: currentUser { id } b: currentUser { id } ...F } fragment F on Query { c: currentUser { id } }'),
    ).toBe(3 * ROOT_FIELD_COST);
  });

  it('puts an alias flood of catalogue pages far over the budget', () => {
    const flood = Array.from({ length: 240 }, (_, i) => `p${i}: getCataloguedProducts { total }`).join(' ');
    expect(cost(`{ ${flood} }`)).toBeGreaterThan(MAX_QUERY_COST);
  });
});
