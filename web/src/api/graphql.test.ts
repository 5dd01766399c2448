import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/fixtures.ts';
import { notAuthorized } from './api-events.ts';
import { gql, GraphQLRequestError } from './graphql.ts';

describe('gql', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the query and variables to /graphql and returns data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { data: { getCompany: { id: 1, name: 'Acme' } } }));
    vi.stubGlobal('fetch', fetchMock);
    const data = await gql<{ getCompany: { id: number; name: string } }>(
      'query ($id: Int!) { getCompany(id: $id) { id name } }',
      { id: 1 },
    );
    expect(data.getCompany.name).toBe('Acme');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(JSON.parse(String(init.body))).toEqual({
      query: 'query ($id: Int!) { getCompany(id: $id) { id name } }',
      variables: { id: 1 },
    });
  });

  it('throws the GraphQL errors of an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: null, errors: [{ message: 'Not found' }] })),
    );
    await expect(gql('{ x }')).rejects.toEqual(new GraphQLRequestError([{ message: 'Not found' }]));
  });

  it('an answer saying the session is gone (extensions.status 401) ends the session like an HTTP 401 (issue 17 item 5)', async () => {
    const ended = vi.fn();
    const unsubscribe = notAuthorized.subscribe(ended);
    const gone = { message: 'Your session has expired.', extensions: { code: 'UNAUTHORIZED', status: 401 } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: null, errors: [gone] })),
    );
    await expect(gql('{ x }')).rejects.toBeInstanceOf(GraphQLRequestError);
    expect(ended).toHaveBeenCalledTimes(1);
    // A caller that names 401 (a wrong old password) keeps the session.
    await expect(gql('{ x }', undefined, { notify: { 401: null } })).rejects.toBeInstanceOf(GraphQLRequestError);
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
