import { expect, request, type APIRequestContext } from '@playwright/test';
import { gs1CheckDigit } from '@portal/domain';
import { barcodeImage } from '../../server/test/fixtures.ts';
import { E2E } from '../../playwright.config.ts';

/** A valid EAN-13 no other test uses: a GS1 prefix of the spec's own, ten random digits, its check digit. */
export function uniqueEan13(prefix: '40' | '41'): string {
  const body = prefix + String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
  return body + String(gs1CheckDigit(body));
}

/** An API session as `who`, with our own Origin as the browser would send it; specs seed data through it. */
export async function apiAs(who: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E.portal, extraHTTPHeaders: { origin: E2E.portal } });
  const res = await api.post('/api/auth/login', { form: { username: who.email, password: who.password } });
  expect(res.ok(), `login of ${who.email}: ${res.status()}`).toBe(true);
  return api;
}

export async function graphql<T = Record<string, unknown>>(
  api: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const res = await api.post('/graphql', { data: { query, variables } });
  const body = await res.json();
  if (!res.ok() || body.errors)
    throw new Error(`GraphQL failed: ${res.status()} ${JSON.stringify(body.errors ?? body)}`);
  return body.data as T;
}

/** A draft of one photo showing `upc`, with that UPC and a product name filled in (as the marketing image). */
export async function createNamedDraft(api: APIRequestContext, upc: string, productName: string): Promise<string> {
  const created = await api.post('/api/draftSubmissions', {
    multipart: { files: { name: 'front.png', mimeType: 'image/png', buffer: await barcodeImage(upc) } },
  });
  expect(created.ok(), `draft: ${created.status()} ${await created.text()}`).toBe(true);
  const draft = (await created.json()) as { id: string };
  await graphql(
    api,
    'mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }',
    {
      id: draft.id,
      input: { files: [{ fileName: 'front.png', upc, productName, isMarketingImage: true }] },
    },
  );
  return draft.id;
}
