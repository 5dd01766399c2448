/**
 * The integration API's names and codes: snake_case bodies, the change feed's `data` in snake_case on request (camelCase
 * by default, as webhooks deliver it), and UPCs answered as EAN-13 while either form is taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v1Draft, v1SubmitResult } from '@portal/domain';
import { barcodeImage } from './fixtures.ts';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { until } from './support/wait.ts';

let server: TestServer;
let token: Client;
beforeAll(async () => {
  server = await startTestServer();
  const c = await demoClients(server);
  token = (await c.supplier.tokenClient(['read:productsubmissions', 'write:productsubmissions'])).client;
});
afterAll(() => server?.close());

const photo = async (name: string, code: string) => ({ name, data: await barcodeImage(code), type: 'image/png' });

describe(`REST API v1 naming (${databaseKind})`, () => {
  it('answers detected codes as EAN-13 and takes a UPC as UPC-A or EAN-13: both name one product', async () => {
    /** A one-file draft whose UPC is entered as given; its submission. */
    const submitAs = async (upc: string) => {
      const made = await token.upload('/api/v1/drafts', [await photo('front.png', '036000291452')], 'files');
      expect(made.status).toBe(201);
      const id = made.json.id as string;
      await server.ctx.jobs!.drain();
      const draft = v1Draft.parse((await token.get(`/api/v1/drafts/${id}`)).json);
      expect(draft.files[0].detected_upc).toBe('0036000291452');
      const named = await token.request('PATCH', `/api/v1/drafts/${id}/files/front.png`, {
        upc,
        product_name: 'Water',
      });
      expect(v1Draft.parse(named.json).warnings).toEqual([]);
      const res = await token.request('POST', `/api/v1/drafts/${id}/submit`);
      expect(res.status, res.text).toBe(201);
      return v1SubmitResult.parse(res.json).submissions;
    };
    const asPrinted = await submitAs('036000291452'); // UPC-A
    const asDetected = await submitAs('0036000291452'); // EAN-13, as detected_upc gives it
    expect([...asPrinted, ...asDetected].map((s) => s.ean13_upc)).toEqual(['0036000291452', '0036000291452']);
    const submitted = { submissions: asPrinted };

    // The change feed: camelCase data by default (as webhooks carry it), snake_case on request.
    const [s] = submitted.submissions;
    const ofIt = async (query: string) =>
      until(async () => {
        const res = await token.get(`/api/v1/events?limit=100${query}`);
        const found = (res.json.items as { type: string; data: Record<string, unknown> }[]).filter(
          (e) => e.type === 'submission.created' && (e.data.submissionId ?? e.data.submission_id) === s.id,
        );
        return found.length ? found[0] : null;
      });
    const camel = await ofIt('');
    expect(camel.data).toMatchObject({ submissionId: s.id, companyId: 1001, ean13Upc: '0036000291452' });
    const snake = await ofIt('&data_case=snake_case');
    expect(snake.data).toMatchObject({ submission_id: s.id, company_id: 1001, ean13_upc: '0036000291452' });
    expect(Object.keys(snake.data).filter((k) => /[A-Z]/.test(k))).toEqual([]);
    expect((await token.get('/api/v1/events?data_case=kebab')).status).toBe(400);
  });
});
