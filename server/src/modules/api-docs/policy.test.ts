import { describe, expect, it } from 'vitest';
import { apiDocsPolicy } from './policy.ts';

describe('API docs policy', () => {
  it('anyone reads the REST description', () => {
    expect(apiDocsPolicy.readOpenApi()).toBe(true);
  });
  it('the GraphQL schema: any signed-in user or token; a visitor only with introspection on', () => {
    expect(apiDocsPolicy.downloadGraphqlSchema({ id: 1 }, false)).toBe(true);
    expect(apiDocsPolicy.downloadGraphqlSchema(null, false)).toBe(false);
    expect(apiDocsPolicy.downloadGraphqlSchema(null, true)).toBe(true);
  });
});
