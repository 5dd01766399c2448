import { expect, type APIRequestContext } from '@playwright/test';
import { gs1CheckDigit, type ReadinessDryRun } from '@portal/domain';
import { DryRunReadinessRulesDocument } from '../../web/src/api/gql/graphql.ts';
import { barcodeImage } from '../../server/test/fixtures.ts';
import { E2E } from '../../playwright.config.ts';
import { apiContext } from './api-context.ts';

/** A valid EAN-13 no other test uses: a GS1 prefix of the spec's own, ten random digits, its check digit. */
export function uniqueEan13(prefix: '40' | '41'): string {
  const body = prefix + String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
  return body + String(gs1CheckDigit(body));
}

/**
 * An API session as `who`, with our own Origin as the browser would send it; specs seed data through it. With
 * `partner`, signed in through that partner's co-branded login: its drafts go to that partner.
 */
export async function apiAs(who: { email: string; password: string }, partner?: number): Promise<APIRequestContext> {
  const api = await apiContext(E2E.portal);
  const form = {
    username: who.email,
    password: who.password,
    ...(partner !== undefined && { partner: String(partner) }),
  };
  const res = await api.post('/api/auth/login', { form });
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

/** What saving these readiness rules for a partner would change, as the server counts it: the editor's own query. */
export async function dryRunReadiness(api: APIRequestContext, partner: number, rules: readonly object[]) {
  const { dryRunReadinessRules } = await graphql<{ dryRunReadinessRules: ReadinessDryRun }>(
    api,
    DryRunReadinessRulesDocument.toString(),
    { partnerCompanyId: partner, rules },
  );
  return dryRunReadinessRules;
}

/** A photo of a seeded draft, with the UPC and product name step 2 would have typed for it. */
export interface SeedPhoto {
  fileName: string;
  upc: string;
  productName: string;
  /** The picture; by default a printed barcode of `upc`, so the automated checks read the code typed. */
  image?: Buffer;
  isMarketingImage?: boolean;
}

/** A draft of these photos with their UPCs and names filled in, as a supplier leaves it before Submit; its id. */
export async function createDraft(api: APIRequestContext, photos: readonly SeedPhoto[]): Promise<string> {
  const form = new FormData();
  for (const photo of photos) {
    const image = photo.image ?? (await barcodeImage(photo.upc));
    form.append('files', new Blob([new Uint8Array(image)], { type: 'image/png' }), photo.fileName);
  }
  const created = await api.post('/api/draftSubmissions', { multipart: form });
  expect(created.ok(), `draft: ${created.status()} ${await created.text()}`).toBe(true);
  const draft = (await created.json()) as { id: string };
  await graphql(
    api,
    'mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }',
    {
      id: draft.id,
      input: {
        files: photos.map(({ fileName, upc, productName, isMarketingImage }) => ({
          fileName,
          upc,
          productName,
          isMarketingImage,
        })),
      },
    },
  );
  return draft.id;
}

/** Submits a draft, as its Submit button does: the new submissions' ids. */
export async function submitDraft(api: APIRequestContext, draftId: string): Promise<string[]> {
  const submitted = await graphql<{ submitProductsFromDraftSubmission: { id: string }[] }>(
    api,
    'mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }',
    { id: draftId },
  );
  return submitted.submitProductsFromDraftSubmission.map((s) => s.id);
}

/** A draft of one photo showing `upc`, with that UPC and a product name filled in (as the marketing image). */
export function createNamedDraft(api: APIRequestContext, upc: string, productName: string): Promise<string> {
  return createDraft(api, [{ fileName: 'front.png', upc, productName, isMarketingImage: true }]);
}

/**
 * Products of one photo each (its code printed on it and typed as read, the marketing image unless told otherwise),
 * submitted in one draft: the submissions' ids.
 */
export async function submitProducts(
  api: APIRequestContext,
  products: readonly { upc: string; productName: string; isMarketingImage?: boolean }[],
): Promise<string[]> {
  const photos = products.map((p, i) => ({ fileName: `p${i}.png`, isMarketingImage: true, ...p }));
  return submitDraft(api, await createDraft(api, photos));
}
