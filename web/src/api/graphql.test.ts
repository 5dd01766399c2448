import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures.ts';
import { gql, GraphQLRequestError } from './graphql.ts';

describe('gql', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the query and variables to /graphql and returns data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { data: { getCompany: { id: 1, name: 'Acme' } } }));
    vi.stubGlobal('fetch', fetchMock);
    const data = await gql<{ getCompany: { id: number; name: string } }>('query ($id: Int!) { getCompany(id: $id) { id name } }', { id: 1 });
    expect(data.getCompany.name).toBe('Acme');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(JSON.parse(String(init.body))).toEqual({ query: 'query ($id: Int!) { getCompany(id: $id) { id name } }', variables: { id: 1 } });
  });

  it('throws the GraphQL errors of an answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { data: null, errors: [{ message: 'Not found' }] })));
    await expect(gql('{ x }')).rejects.toEqual(new GraphQLRequestError([{ message: 'Not found' }]));
  });
});
