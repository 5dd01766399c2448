/**
 * The integration API's error answers say what an integrator must do: a missing token, a staff route, an address
 * that does not exist, a file that does not exist, a stale If-Match, a UPC Submit will refuse, a retried submit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MSG, SCOPES, UPC_MSG, v1Draft, v1SubmitResult } from '@portal/domain';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let c: Awaited<ReturnType<typeof demoClients>>;
let token: Client;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoClients(server);
  token = (await c.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
});
afterAll(() => server?.close());

const photo = async (name: string, code: string) => ({ name, data: await barcodeImage(code), type: 'image/png' });

/** A draft of one file named front.png with a UPC and a name: ready to submit. */
async function readyDraft(upc = '036000291452') {
  const created = await token.upload('/api/v1/drafts', [await photo('front.png', upc)], 'files');
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const named = await token.request('PATCH', `/api/v1/drafts/${id}/files/front.png`, { upc, product_name: 'Water' });
  expect(named.status).toBe(200);
  return id;
}

describe(`REST API v1 error answers for integrators (${databaseKind})`, () => {
  it('no Authorization header: 401 telling to send an API token, not that a browser session expired', async () => {
    const anonymous = new Client(server.url, null);
    for (const path of ['/api/v1/submissions', '/api/v1/token', '/api/v1/events']) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 'UNAUTHORIZED', message: API_TOKEN_MSG.missing });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    }
    // The web app's own routes keep the browser's message.
    expect((await anonymous.get('/api/productSubmissions/activity/pending')).json?.message).not.toBe(
      API_TOKEN_MSG.missing,
    );
  });

  it("a supplier's token on the staff decision: 403 naming the scope it needs", async () => {
    const id = await readyDraft();
    const [s] = v1SubmitResult.parse((await token.request('POST', `/api/v1/drafts/${id}/submit`)).json).submissions;
    const res = await token.request('POST', `/api/v1/submissions/${s.id}/decision`, { status: 'ACCEPTED' });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain(SCOPES.writeAllProductSubmissions);
    expect(res.json.message).not.toContain('turnip');
  });

  it('an address the API does not have is 404 for every token and method, never a scope refusal', async () => {
    const reader = (await c.supplier.tokenClient(['read:productsubmissions'])).client;
    const hooks = (await c.supplier.tokenClient([SCOPES.writeWebhooks])).client;
    for (const client of [token, reader, hooks])
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
        const res = await client.request(method, '/api/v1/nothing-here/1', method === 'GET' ? undefined : {});
        expect(
          res.status,
          `${method} with ${client === token ? 'writer' : client === reader ? 'reader' : 'hooks'}`,
        ).toBe(404);
        expect(res.json.code).toBe('NOT_FOUND');
      }
  });

  it('PATCH of a file the draft does not have is 404', async () => {
    const id = await readyDraft();
    const res = await token.request('PATCH', `/api/v1/drafts/${id}/files/nope.jpg`, { product_name: 'Water' });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'NOT_FOUND', message: 'This draft has no file named nope.jpg.' });
  });

  it('a resubmit with a stale If-Match is 412, even when the submission has moved on since', async () => {
    const id = await readyDraft('4006381333931');
    const [s] = v1SubmitResult.parse((await token.request('POST', `/api/v1/drafts/${id}/submit`)).json).submissions;
    const staff = (await c.admin.tokenClient(['write:allproductsubmissions', 'read:allproductsubmissions'])).client;
    expect(
      (
        await staff.request('POST', `/api/v1/submissions/${s.id}/decision`, {
          status: 'ADMIN_REJECTED',
          reason: 'Blurred.',
        })
      ).status,
    ).toBe(200);
    const read = await token.get(`/api/v1/submissions/${s.id}`);
    const etag = read.headers.get('etag')!;
    const files = [await photo('new.png', '4006381333931')];
    // Another client resubmits first: the submission is SUBMITTED again, and this client's ETag is stale.
    expect(
      (await token.upload(`/api/v1/submissions/${s.id}/resubmit`, files, 'files', { upc: '4006381333931' })).status,
    ).toBe(200);
    const stale = await token.upload(
      `/api/v1/submissions/${s.id}/resubmit`,
      files,
      'files',
      { upc: '4006381333931' },
      {
        'if-match': etag,
      },
    );
    expect(stale.status).toBe(412);
    expect(stale.json.code).toBe('PRECONDITION_FAILED');
  });

  it('PATCH stores a UPC with a wrong check digit but warns that Submit will refuse it', async () => {
    const id = await readyDraft();
    const res = await token.request('PATCH', `/api/v1/drafts/${id}/files/front.png`, { upc: '036000291453' });
    expect(res.status).toBe(200);
    const draft = v1Draft.parse(res.json);
    expect(draft.files[0].upc).toBe('036000291453');
    expect(draft.warnings).toEqual([
      {
        file_name: 'front.png',
        field: 'upc',
        code: 'UPC_INVALID',
        message: expect.stringContaining(UPC_MSG.checkDigit('03600029145', 2)),
      },
    ]);
    expect(draft.warnings[0].message).toContain('Submit');
    // Reading it says so too, and Submit does refuse it.
    expect(v1Draft.parse((await token.get(`/api/v1/drafts/${id}`)).json).warnings).toHaveLength(1);
    expect((await token.request('POST', `/api/v1/drafts/${id}/submit`)).status).toBe(400);
    // Corrected, the warning is gone.
    const fixed = await token.request('PATCH', `/api/v1/drafts/${id}/files/front.png`, { upc: '036000291452' });
    expect(v1Draft.parse(fixed.json).warnings).toEqual([]);
  });

  it('a submit retried without an Idempotency-Key answers the submissions the draft became, for any user of the company', async () => {
    const id = await readyDraft('0012345678905');
    const first = await token.request('POST', `/api/v1/drafts/${id}/submit`);
    expect(first.status).toBe(201);
    const ids = v1SubmitResult.parse(first.json).submissions.map((s) => s.id);
    const colleague = (await c.supplier2.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
    for (const client of [token, colleague]) {
      const again = await client.request('POST', `/api/v1/drafts/${id}/submit`);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(v1SubmitResult.parse(again.json).submissions.map((s) => s.id)).toEqual(ids);
    }
    // Another company's user learns nothing.
    const stranger = (await c.other.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
    expect((await stranger.request('POST', `/api/v1/drafts/${id}/submit`)).status).toBe(404);
  });
});
