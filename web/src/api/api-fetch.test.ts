import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/domain';
import { jsonResponse } from '../test/fixtures.ts';
import { ApiError } from './api-error.ts';
import { apiErrorMessage, notAuthorized } from './api-events.ts';
import { answeredInPage, apiFetch, readAhead, SERVER_MESSAGE } from './api-fetch.ts';
import { gql } from './graphql.ts';

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let shown: string[];
  let unauthorizedCount: number;
  let unsubscribe: Array<() => void>;

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    shown = [];
    unauthorizedCount = 0;
    unsubscribe = [
      apiErrorMessage.subscribe((message) => shown.push(message)),
      notAuthorized.subscribe(() => {
        unauthorizedCount += 1;
      }),
    ];
  });

  afterEach(() => {
    unsubscribe.forEach((stop) => stop());
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  const failWith = (status: number, body?: unknown) => fetchMock.mockResolvedValueOnce(jsonResponse(status, body));

  it('sends JSON under /api with the same-origin cookie and parses the answer', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { id: 1 }));
    await expect(apiFetch('/user', { method: 'PUT', json: { firstName: 'Sam' } })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"firstName":"Sam"}');
  });

  it('sends form fields urlencoded without a JSON content type, leaving out undefined ones', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await apiFetch('/auth/login', { method: 'POST', form: { username: 'a@b.co', password: 'pw', partner: undefined } });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBeInstanceOf(URLSearchParams);
    expect(String(init?.body)).toBe('username=a%40b.co&password=pw');
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBeUndefined();
  });

  it('resolves undefined for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiFetch('/auth/logout')).resolves.toBeUndefined();
  });

  it('shows the wrong-turnip message for 403', async () => {
    failWith(403, { code: 'FORBIDDEN', message: 'no' });
    await expect(apiFetch('/access')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([MSG.forbidden]);
    expect(unauthorizedCount).toBe(0);
  });

  it('shows the session-expired message for 401 and announces the lost session', async () => {
    failWith(401, { code: 'UNAUTHORIZED', message: 'Login required' });
    await expect(apiFetch('/user', { method: 'PUT', json: {} })).rejects.toMatchObject({ status: 401 });
    expect(shown).toEqual([MSG.sessionExpired]);
    expect(unauthorizedCount).toBe(1);
  });

  it('says a 404 is not found, never that the server failed', async () => {
    failWith(404, { code: 'NOT_FOUND', message: 'gone' });
    await expect(apiFetch('/bulkIngestion/jobs/999/files')).rejects.toMatchObject({ status: 404 });
    expect(shown).toEqual([MSG.notFound]);
    expect(MSG.notFound).not.toBe(MSG.serverError);
  });

  it('shows the Romaine Calm message for any other failure, and for no answer at all', async () => {
    failWith(500, { code: 'INTERNAL', message: 'boom' });
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 500 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/x')).rejects.toMatchObject({ status: 0 });
    expect(shown).toEqual([MSG.serverError, MSG.serverError]);
  });

  it("says the server's own words for a status the caller names so (a 409's reason), and the generic one when it sent none", async () => {
    failWith(409, { code: 'CONFLICT', message: 'This item no longer waits for a decision.' });
    await expect(apiFetch('/review/approvals/1', { notify: { 409: SERVER_MESSAGE } })).rejects.toMatchObject({
      status: 409,
    });
    failWith(409, {});
    await expect(apiFetch('/review/approvals/1', { notify: { 409: SERVER_MESSAGE } })).rejects.toThrow();
    failWith(409, { code: 'CONFLICT', message: 'Not for this caller.' });
    await expect(apiFetch('/x')).rejects.toThrow();
    expect(shown).toEqual(['This item no longer waits for a decision.', MSG.serverError, MSG.serverError]);
  });

  it('throws the error shape of the server: status, code, reason, message, fields', async () => {
    failWith(400, {
      code: 'VALIDATION',
      message: 'Bad input',
      reason: 'R',
      fields: { email: 'Please enter an email address.' },
    });
    const error = await apiFetch('/user', { method: 'PUT', json: {}, notify: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      reason: 'R',
      message: 'Bad input',
      fields: { email: 'Please enter an email address.' },
    });
  });

  it('lets a per-status override replace the message, and keeps the generic one for other statuses', async () => {
    failWith(401);
    await expect(apiFetch('/user/password', { notify: { 401: MSG.oldPasswordWrong } })).rejects.toThrow();
    failWith(500);
    await expect(apiFetch('/user/password', { notify: { 401: MSG.oldPasswordWrong } })).rejects.toThrow();
    expect(shown).toEqual([MSG.oldPasswordWrong, MSG.serverError]);
    // A caller that names 401 knows it is not an expired session.
    expect(unauthorizedCount).toBe(0);
  });

  it('says nothing for an override without a message, or when notify is false', async () => {
    failWith(400);
    await expect(apiFetch('/user/password/reset', { notify: { 400: null } })).rejects.toThrow();
    failWith(500);
    await expect(apiFetch('/user', { notify: false })).rejects.toThrow();
    expect(shown).toEqual([]);
  });

  it('still ends the session on a silent 401 (GET /api/user)', async () => {
    failWith(401);
    await expect(apiFetch('/user', { notify: false })).rejects.toThrow();
    expect(shown).toEqual([]);
    expect(unauthorizedCount).toBe(1);
  });

  it("a page's first GraphQL reads made ahead are sent once, and the page's identical requests take their answers", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { list: [1] } }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { item: 2 } }));
    const seen: unknown[] = [];
    readAhead(() => {
      void gql('query List { list }', { page: 1 }).then((answer) => seen.push(answer));
      void gql('query Item($id: ID!) { item(id: $id) }', { id: '7' }).then((answer) => seen.push(answer));
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await gql('query Item($id: ID!) { item(id: $id) }', { id: '7' })).toEqual({ item: 2 });
    expect(await gql('query List { list }', { page: 1 })).toEqual({ list: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([]); // the read ahead itself hands its answers to nobody else

    // Taken once: the next identical request is sent; other variables are another request.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { list: [3] } }));
    expect(await gql('query List { list }', { page: 1 })).toEqual({ list: [3] });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("a page's first read answered in the page is taken by the page's identical request, and never read ahead again", async () => {
    const query = 'query Detail($id: ID!) { detail(id: $id) { id } }';
    // The key the server writes (server/src/first-reads.ts): method, address and the body as the app sends it.
    answeredInPage({
      [`POST /graphql ${JSON.stringify({ query, variables: { id: '9' } })}`]: { data: { detail: { id: '9' } } },
    });
    readAhead(() => void gql(query, { id: '9' }));
    expect(await gql(query, { id: '9' })).toEqual({ detail: { id: '9' } });
    expect(fetchMock).not.toHaveBeenCalled();

    // Taken once: the next identical request goes to the server.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { detail: { id: '9', again: true } } }));
    expect(await gql(query, { id: '9' })).toEqual({ detail: { id: '9', again: true } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a read ahead that failed says nothing (the session may not be known yet); the page asks again, with its own handling', async () => {
    failWith(500);
    readAhead(() => gql('query List { list }'));
    // GraphQL says "not signed in" inside a 200: that answer is not handed on either (the visitor may sign in).
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { errors: [{ message: 'no', extensions: { status: 401 } }] }));
    readAhead(() => gql('query Other { other }'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toEqual([]);
    expect(unauthorizedCount).toBe(0);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { list: [4] } }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { other: 5 } }));
    expect(await gql('query List { list }')).toEqual({ list: [4] });
    expect(await gql('query Other { other }')).toEqual({ other: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // Neither REST reads (a visitor without access would log a failed request) nor writes are made ahead.
    readAhead(() => apiFetch('/audit/options'));
    readAhead(() => gql('mutation { deleteAll }'));
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('REST reads are made ahead only when the loader says the visitor may see the page, and never writes', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { jobs: [1] }));
    readAhead(() => apiFetch('/admin/jobs?state=failed&page=1'), { rest: true });
    readAhead(() => apiFetch('/admin/jobs/1/retry', { method: 'POST', json: {} }), { rest: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await apiFetch('/admin/jobs?state=failed&page=1')).toEqual({ jobs: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
