import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import {
  DRAFT_MSG,
  effectiveRuleSet,
  PHOTO_BLOCK_MSG,
  PHOTO_ISSUE_MSG,
  PHOTO_NOTE_MSG,
  READINESS_MSG,
  UPC_MSG,
  type ReadinessRule,
} from '@portal/domain';
import { minTwoImagesRule, READINESS_FIXTURE } from '@portal/domain/readiness.fixture';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import type { ConfirmationState } from './ConfirmationPage.tsx';
import { DesignateUpcPage } from './DesignateUpcPage.tsx';
import type { Draft, DraftFile } from './drafts-api.ts';

spyOnToasts();

const addFilesToDraft = vi.hoisted(() => vi.fn());
vi.mock('./drafts-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./drafts-api.ts')>()),
  addFilesToDraft,
}));

const draftFile = (fileName: string, over: Partial<DraftFile> = {}): DraftFile => ({
  fileName,
  kind: 'png',
  upc: null,
  productName: null,
  detectedUpc: null,
  detectedUpcs: [],
  detectionStatus: 'done',
  shippingProfileId: null,
  isMarketingImage: false,
  imageUrl: `/draftSubmissions/d1/image/${fileName}`,
  thumbnailUrl: `/draftSubmissions/d1/image/${fileName}?thumbnail=true`,
  thumbnailReady: true,
  qualityIssues: [],
  longSidePx: null,
  factReadingStatus: 'done',
  photoRoles: [],
  photoRolesChosen: false,
  ...over,
});
const buildDraft = (files: DraftFile[], over: Partial<Draft> = {}): Draft => ({
  id: 'd1',
  partnerCompanyId: null,
  updatedDate: '2025-01-01T00:00:00Z',
  can: { edit: true, delete: true },
  files,
  ...over,
});

interface GraphQLCall {
  query: string;
  variables: Record<string, unknown>;
}

/** A fake server: the draft query answers the next of `drafts` (the last one repeats), mutations answer `answers`. */
function fakeServer(drafts: Draft[], answers: Record<string, unknown> = {}) {
  const calls: GraphQLCall[] = [];
  const rest: { method: string; path: string; body: unknown }[] = [];
  let served = 0;
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    if (path.includes('/roles/')) {
      rest.push({ method: init?.method ?? 'GET', path, body: JSON.parse(String(init?.body)) });
      return jsonResponse(200, {});
    }
    if (path.startsWith('/api/companies/30443/partner-configuration')) {
      return jsonResponse(200, {
        id: 1,
        companyId: 30443,
        companyName: 'FRESH MARKET GROCERS',
        productName: { required: true },
        shippingProfile: { required: false },
      });
    }
    const body = JSON.parse(String(init?.body)) as GraphQLCall;
    calls.push(body);
    const name = /(?:query|mutation) (\w+)/.exec(body.query)?.[1] ?? '';
    if (name === 'DraftSubmission') {
      const draft = drafts[Math.min(served++, drafts.length - 1)];
      return jsonResponse(200, { data: { getDraftSubmission: draft } });
    }
    const answer = answers[name];
    if (answer instanceof Response) return answer;
    return jsonResponse(200, answer ?? { data: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
  const operations = () => calls.map((c) => /(?:query|mutation) (\w+)/.exec(c.query)?.[1]);
  return { calls, operations, rest };
}

async function renderStep2({ flags = [] as string[], newDraft = false, scopes = [] as string[] } = {}) {
  const view = renderWithApp(
    <Routes>
      <Route path="/upload/draft/:id/designate_upc" element={<DesignateUpcPage />} />
      <Route path="/upload_draft/:id" element={<DesignateUpcPage />} />
    </Routes>,
    {
      path: '/upload/draft/d1/designate_upc',
      session: buildSession({ user: buildUser({ scopes }), flags }),
      routes: [
        { path: '/upload/draft/:id/confirmation', element: <p>Confirmation screen</p> },
        { path: '/activity/requires_action', element: <p>Requires action</p> },
      ],
    },
  );
  // A draft step 1 just made arrives with {newDraft: true} in the history state.
  if (newDraft)
    await act(() =>
      view.router.navigate('/upload/draft/d1/designate_upc', { replace: true, state: { newDraft: true } }),
    );
  return view;
}

const upc = (fileName: string) => screen.getByLabelText(`UPC for ${fileName}`) as HTMLInputElement;
const row = (fileName: string) => screen.getByRole('region', { name: fileName });
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Sending\.\.\.)$/ });
const typeInto = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('Upload step 2', () => {
  beforeEach(() => {
    localStorage.clear();
    hideBanner();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    addFilesToDraft.mockReset();
  });

  it('shows a row per file: thumbnail or placeholder, the detected UPC as the value, labelled per file', async () => {
    fakeServer([
      buildDraft([
        draftFile('front.png', { detectedUpc: '4006381333931', detectedUpcs: ['4006381333931'] }),
        draftFile('label.pdf', {
          kind: 'pdf',
          thumbnailReady: false,
          detectionStatus: 'pending',
          imageUrl: '/draftSubmissions/d1/image/label.pdf.jpg',
        }),
      ]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for front.png');
    expect(screen.getByRole('heading', { level: 1, name: 'Enter UPC(s)' })).toBeTruthy();
    expect(upc('front.png').value).toBe('4006381333931');
    expect(within(row('front.png')).getByText('Read from the image.')).toBeTruthy();
    expect(within(row('front.png')).getByRole('img', { name: 'Preview of front.png' }).getAttribute('src')).toBe(
      '/draftSubmissions/d1/image/front.png?thumbnail=true',
    );
    expect(within(row('label.pdf')).getByRole('img', { name: 'Preview of label.pdf is being prepared' })).toBeTruthy();
    expect(within(row('label.pdf')).getByText('Reading the barcode in the image…')).toBeTruthy();
    expect(screen.getByLabelText('Product name for front.png')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Marketing image for front.png' })).toBeTruthy();
    // Without the SHIPPING_PROFILE feature there is no shipping profile selector.
    expect(screen.queryByLabelText(/Shipping profile for/)).toBeNull();
  });

  it('keeps only digits (14 at most), flags a wrong check digit once the field is left, and enables Submit when valid', async () => {
    fakeServer([buildDraft([draftFile('side.png')])]);
    await renderStep2();
    await screen.findByLabelText('UPC for side.png');
    // Nothing read from the image and nothing typed: the photo says so and what to do, Submit stays off, and the
    // field is not called wrong before the supplier has been to it.
    const warnings = within(row('side.png')).getByRole('list', { name: 'Photo warnings for side.png' });
    expect(within(warnings).getByText(PHOTO_NOTE_MSG.noBarcode)).toBeTruthy();
    expect(within(row('side.png')).queryByText(UPC_MSG.empty)).toBeNull();
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.blur(upc('side.png'));
    expect(await within(row('side.png')).findByText(UPC_MSG.empty)).toBeTruthy();

    fireEvent.change(upc('side.png'), { target: { value: '036-000 29145 3xx99' } });
    expect(upc('side.png').value).toBe('03600029145399');
    // A 15th digit (18 pasted) is refused with the length message, not cut off without a word.
    fireEvent.change(upc('side.png'), { target: { value: '123456789012345678' } });
    expect(upc('side.png').value).toBe('03600029145399');
    expect(within(row('side.png')).getByText(UPC_MSG.length)).toBeTruthy();
    typeInto(upc('side.png'), '036000291453');
    const message = await within(row('side.png')).findByText(UPC_MSG.checkDigit('03600029145', 2));
    expect(message.closest('[role="alert"]')?.textContent).toBe(`Error: ${UPC_MSG.checkDigit('03600029145', 2)}`);
    expect(upc('side.png').getAttribute('aria-invalid')).toBe('true');
    expect(submitButton()).toHaveProperty('disabled', true);

    typeInto(upc('side.png'), '036000291452');
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    expect(within(row('side.png')).queryByText(/check digit/)).toBeNull();
    expect(within(row('side.png')).queryByText(PHOTO_NOTE_MSG.noBarcode)).toBeNull();
  });

  it('shows a typed or saved 12-digit UPC in the GTIN-13 form detected codes have, once the field is left', async () => {
    fakeServer([
      buildDraft([
        draftFile('saved.png', { upc: '036000291452' }),
        draftFile('typed.png'),
        draftFile('read.png', { detectedUpc: '4006381333931', detectedUpcs: ['4006381333931'] }),
      ]),
    ]);
    await renderStep2();
    expect(((await screen.findByLabelText('UPC for saved.png')) as HTMLInputElement).value).toBe('0036000291452');
    fireEvent.change(upc('typed.png'), { target: { value: '012345678905' } });
    expect(upc('typed.png').value).toBe('012345678905'); // not rewritten while typing
    fireEvent.blur(upc('typed.png'));
    await waitFor(() => expect(upc('typed.png').value).toBe('0012345678905'));
    expect(upc('read.png').value).toBe('4006381333931');
    // A wrong check digit keeps the digits its message quotes.
    typeInto(upc('typed.png'), '012345678906');
    expect(await within(row('typed.png')).findByText(UPC_MSG.checkDigit('01234567890', 5))).toBeTruthy();
    expect(upc('typed.png').value).toBe('012345678906');
  });

  it('flags two spellings of the same UPC and different names for the same UPC', async () => {
    fakeServer([
      buildDraft([draftFile('a.png', { upc: '0036000291452' }), draftFile('b.png', { upc: '4006381333931' })]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    // Two spellings stand side by side only while one is being typed: leaving the field writes it as GTIN-13.
    fireEvent.change(upc('b.png'), { target: { value: '036000291452' } });
    expect(await within(row('a.png')).findByText(UPC_MSG.duplicateVersions)).toBeTruthy();
    fireEvent.blur(upc('b.png'));
    await waitFor(() => expect(screen.queryByText(UPC_MSG.duplicateVersions)).toBeNull());
    expect(upc('b.png').value).toBe('0036000291452');
    typeInto(screen.getByLabelText('Product name for a.png'), 'Soup');
    typeInto(screen.getByLabelText('Product name for b.png'), 'Stew');
    expect(await within(row('a.png')).findByText(DRAFT_MSG.sameUpcDifferentNames)).toBeTruthy();
    expect(within(row('b.png')).getByText(DRAFT_MSG.sameUpcDifferentNames)).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it("says that two rows became one product when leaving a UPC field writes its code as another row's", async () => {
    fakeServer([
      buildDraft([
        draftFile('a.png', { upc: '0036000291452' }),
        draftFile('b.png', { upc: '4006381333931' }),
        draftFile('c.png', { upc: '4006381333931' }),
      ]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    typeInto(upc('b.png'), '036000291452');
    const merged = DRAFT_MSG.upcsMerged('036000291452', '0036000291452', ['a.png']);
    expect(await within(row('b.png')).findByText(merged)).toBeTruthy();
    expect(upc('b.png').value).toBe('0036000291452');
    expect(screen.queryByText(UPC_MSG.duplicateVersions)).toBeNull();
    // The same code typed as shown merges nothing that was told apart: no note. An edit takes the note away.
    typeInto(upc('c.png'), '0036000291452');
    expect(within(row('c.png')).queryByText(/one product/)).toBeNull();
    fireEvent.change(upc('b.png'), { target: { value: '4006381333931' } });
    await waitFor(() => expect(screen.queryByText(merged)).toBeNull());
  });

  it('strips emoji and symbols from the product name and keeps 80 characters', async () => {
    fakeServer([buildDraft([draftFile('a.png', { upc: '036000291452' })])]);
    await renderStep2();
    const name = (await screen.findByLabelText('Product name for a.png')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Oat 🥣 Crunch™  ' } });
    expect(name.value).toBe('Oat Crunch ');
    fireEvent.blur(name);
    expect(name.value).toBe('Oat Crunch');
    fireEvent.change(name, { target: { value: 'x'.repeat(90) } });
    expect(name.value).toHaveLength(80);
  });

  it('asks for the draft again while a barcode is being read, and shows the code when it arrives', async () => {
    const { operations } = fakeServer([
      buildDraft([draftFile('front.png', { detectionStatus: 'pending', thumbnailReady: false })]),
      buildDraft([
        draftFile('front.png', {
          detectionStatus: 'done',
          detectedUpc: '4006381333931',
          detectedUpcs: ['4006381333931'],
        }),
      ]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for front.png');
    expect(upc('front.png').value).toBe('');
    await waitFor(() => expect(upc('front.png').value).toBe('4006381333931'));
    expect(within(row('front.png')).getByText('Read from the image.')).toBeTruthy();
    expect(operations().filter((o) => o === 'DraftSubmission')).toHaveLength(2);
  });

  it("a detected UPC fills the empty field once: the user may clear and replace it, and the image's code puts it back (issue 17 item 1)", async () => {
    fakeServer([
      buildDraft([draftFile('front.png', { detectedUpc: '4006381333931', detectedUpcs: ['4006381333931'] })]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for front.png');
    expect(upc('front.png').value).toBe('4006381333931');
    typeInto(upc('front.png'), '');
    expect(upc('front.png').value).toBe('');
    expect(await within(row('front.png')).findByText(UPC_MSG.empty)).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
    typeInto(upc('front.png'), '036000291452');
    expect(upc('front.png').value).toBe('0036000291452'); // left: written as GTIN-13
    expect(within(row('front.png')).getByText('The image shows 4006381333931.')).toBeTruthy();
    fireEvent.click(
      within(row('front.png')).getByRole('button', { name: 'Use 4006381333931 as the UPC for front.png' }),
    );
    expect(upc('front.png').value).toBe('4006381333931');
  });

  it('the code read from the image is not offered again when the UPC entered is the same code written another way', async () => {
    fakeServer([
      buildDraft([
        draftFile('front.png', {
          detectionStatus: 'done',
          detectedUpc: '0036602301467',
          detectedUpcs: ['0036602301467'],
        }),
      ]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for front.png');
    fireEvent.change(upc('front.png'), { target: { value: '036602301467' } });
    expect(await within(row('front.png')).findByText('Matches the barcode in the image.')).toBeTruthy();
    expect(within(row('front.png')).queryByRole('button', { name: /^Use / })).toBeNull();
    expect(within(row('front.png')).queryByText('Also in the image:')).toBeNull();
    // Left, it is written the way the image's code is.
    fireEvent.blur(upc('front.png'));
    await waitFor(() => expect(upc('front.png').value).toBe('0036602301467'));
    expect(within(row('front.png')).queryByRole('button', { name: /^Use / })).toBeNull();
  });

  it('a code read after the user has typed does not replace what they typed', async () => {
    fakeServer([
      buildDraft([draftFile('front.png', { detectionStatus: 'pending' })]),
      buildDraft([
        draftFile('front.png', {
          detectionStatus: 'done',
          detectedUpc: '4006381333931',
          detectedUpcs: ['4006381333931'],
        }),
      ]),
    ]);
    await renderStep2();
    await screen.findByLabelText('UPC for front.png');
    typeInto(upc('front.png'), '036000291452');
    await within(row('front.png')).findByText('The image shows 4006381333931.', undefined);
    expect(upc('front.png').value).toBe('0036000291452');
  });

  it('Submit stays off when the user may not edit the draft', async () => {
    fakeServer([buildDraft([draftFile('a.png', { upc: '036000291452' })], { can: { edit: false, delete: false } })]);
    await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    expect(submitButton()).toHaveProperty('disabled', true);
    expect(upc('a.png').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save for later' })).toHaveProperty('disabled', true);
  });

  it("applies the partner's rules: a product name is required, and a missing marketing image is a toast on Submit", async () => {
    const { operations } = fakeServer([
      buildDraft([draftFile('a.png', { upc: '036000291452' })], { partnerCompanyId: 30443 }),
    ]);
    await renderStep2();
    const name = await screen.findByLabelText(/Product name for a\.png/);
    await waitFor(() => expect(name.getAttribute('aria-required')).toBe('true'));
    expect(submitButton()).toHaveProperty('disabled', true);
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await within(row('a.png')).findByText(DRAFT_MSG.productNameRequired)).toBeTruthy();

    typeInto(name, 'Tomato Soup');
    await waitFor(() => expect(submitButton()).toHaveProperty('disabled', false));
    fireEvent.click(submitButton());
    expect(toast.error).toHaveBeenCalledWith(DRAFT_MSG.primaryImage('0036000291452'));
    // Nothing was sent: the draft and the partner's readiness rules were only read.
    expect(operations().sort()).toEqual(['DraftSubmission', 'ReadinessRules']);
  });

  it('Submit saves, submits, keeps the new ids and opens the confirmation', async () => {
    const { calls, operations } = fakeServer(
      [
        buildDraft([
          draftFile('a.png', { detectedUpc: '036000291452', detectedUpcs: ['036000291452'] }),
          draftFile('b.png', { upc: '4006381333931' }),
        ]),
      ],
      {
        UpdateDraftSubmission: { data: { updateDraftSubmission: { id: 'd1' } } },
        SubmitProductsFromDraftSubmission: {
          data: {
            submitProductsFromDraftSubmission: [
              { id: 's1', upc: '036000291452', ean13Upc: '0036000291452', productName: null, itemStatus: 'SUBMITTED' },
              { id: 's2', upc: '4006381333931', ean13Upc: '4006381333931', productName: null, itemStatus: 'SUBMITTED' },
            ],
          },
        },
      },
    );
    const { router } = await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Marketing image for a.png' }));
    fireEvent.click(submitButton());
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByText('Confirmation screen')).toBeTruthy());

    expect(operations()).toEqual(['DraftSubmission', 'UpdateDraftSubmission', 'SubmitProductsFromDraftSubmission']);
    expect(calls[1].variables).toEqual({
      id: 'd1',
      input: {
        files: [
          {
            fileName: 'a.png',
            upc: '0036000291452',
            productName: null,
            shippingProfileId: null,
            isMarketingImage: true,
          },
          {
            fileName: 'b.png',
            upc: '4006381333931',
            productName: null,
            shippingProfileId: null,
            isMarketingImage: false,
          },
        ],
      },
    });
    expect(JSON.parse(localStorage.getItem('product-submission-ids')!)).toEqual(['s1', 's2']);
    expect(router.state.location.pathname).toBe('/upload/draft/d1/confirmation');
    expect(router.state.location.state).toEqual({
      submissionIds: ['s1', 's2'],
      upcCount: 2,
      fileCount: 2,
    } satisfies ConfirmationState);
  });

  it("asks once at Submit before sending a UPC that none of the photo's barcodes match", async () => {
    const { operations } = fakeServer(
      [buildDraft([draftFile('a.png', { detectedUpc: '4006381333931', detectedUpcs: ['4006381333931'] })])],
      {
        UpdateDraftSubmission: { data: { updateDraftSubmission: { id: 'd1' } } },
        SubmitProductsFromDraftSubmission: {
          data: {
            submitProductsFromDraftSubmission: [
              { id: 's1', upc: '036000291452', ean13Upc: '0036000291452', productName: null, itemStatus: 'SUBMITTED' },
            ],
          },
        },
      },
    );
    await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    typeInto(upc('a.png'), '036000291452');
    fireEvent.click(submitButton());
    const ask = await screen.findByRole('dialog', { name: DRAFT_MSG.upcDiffersTitle });
    expect(within(ask).getByText(DRAFT_MSG.upcDiffers('0036000291452', ['4006381333931'], ['a.png']))).toBeTruthy();
    // Going back to check sends nothing.
    fireEvent.click(within(ask).getByRole('button', { name: 'Check the UPC' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(operations()).toEqual(['DraftSubmission']);

    fireEvent.click(submitButton());
    const again = await screen.findByRole('dialog', { name: DRAFT_MSG.upcDiffersTitle });
    fireEvent.click(within(again).getByRole('button', { name: 'Submit anyway' }));
    await waitFor(() => expect(screen.getByText('Confirmation screen')).toBeTruthy());
    expect(operations()).toEqual(['DraftSubmission', 'UpdateDraftSubmission', 'SubmitProductsFromDraftSubmission']);
  });

  it("shows the server's field messages on the right rows and re-enables the buttons", async () => {
    fakeServer(
      [buildDraft([draftFile('a.png', { upc: '036000291452' }), draftFile('b.png', { upc: '4006381333931' })])],
      {
        UpdateDraftSubmission: { data: { updateDraftSubmission: { id: 'd1' } } },
        SubmitProductsFromDraftSubmission: {
          data: null,
          errors: [
            {
              message: 'UPC reserved for private label masking',
              extensions: {
                code: 'DRAFT_INVALID',
                fields: {
                  'b.png.upc': 'UPC reserved for private label masking',
                  'product.0': 'Something about a product',
                },
              },
            },
          ],
        },
      },
    );
    await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    fireEvent.click(submitButton());
    expect(await within(row('b.png')).findByText('UPC reserved for private label masking')).toBeTruthy();
    expect(within(row('a.png')).queryByText('UPC reserved for private label masking')).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Something about a product');
    expect(submitButton().textContent).toBe('Submit');
    expect(screen.getByRole('button', { name: 'Save for later' })).toHaveProperty('disabled', false);
    expect(upc('b.png').value).toBe('4006381333931');
    // Editing the field clears the server's message about it.
    typeInto(upc('b.png'), '400638133393');
    await waitFor(() => expect(within(row('b.png')).queryByText('UPC reserved for private label masking')).toBeNull());
  });

  it('Save for later saves what was typed and goes to the drafts that require action', async () => {
    const { calls } = fakeServer([buildDraft([draftFile('a.png')])], {
      UpdateDraftSubmission: { data: { updateDraftSubmission: { id: 'd1' } } },
    });
    const { router } = await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    typeInto(upc('a.png'), '0360002914');
    fireEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/requires_action'));
    expect((calls[1].variables.input as { files: unknown[] }).files).toEqual([
      { fileName: 'a.png', upc: '0360002914', productName: null, shippingProfileId: null, isMarketingImage: false },
    ]);
  });

  it('Cancel on a draft made in this flow deletes it', async () => {
    const { operations } = fakeServer([buildDraft([draftFile('a.png')])], {
      DeleteDraftSubmission: { data: { deleteDraftSubmission: true } },
    });
    const { router } = await renderStep2({ newDraft: true });
    await screen.findByLabelText('UPC for a.png');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/requires_action'));
    expect(operations()).toContain('DeleteDraftSubmission');
  });

  it('Cancel on a saved draft opened later only goes back', async () => {
    const { operations } = fakeServer([buildDraft([draftFile('a.png')])]);
    const { router } = await renderStep2();
    await screen.findByLabelText('UPC for a.png');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/requires_action'));
    expect(operations()).not.toContain('DeleteDraftSubmission');
  });

  it('offers the shipping profile selector with the feature on, for suppliers, with a note while there are none', async () => {
    fakeServer([buildDraft([draftFile('a.png')])]);
    await renderStep2({ flags: ['SHIPPING_PROFILE'] });
    const select = await screen.findByRole('combobox', { name: 'Shipping profile for a.png' });
    expect(select).toBeTruthy();
    expect(within(row('a.png')).getByText('No shipping profiles yet')).toBeTruthy();
  });

  it('an admin does not get the shipping profile selector', async () => {
    fakeServer([buildDraft([draftFile('a.png')])]);
    await renderStep2({
      flags: ['SHIPPING_PROFILE'],
      scopes: ['read:allproductsubmissions', 'write:allproductsubmissions'],
    });
    await screen.findByLabelText('UPC for a.png');
    expect(screen.queryByLabelText(/Shipping profile for/)).toBeNull();
  });

  it('says so when the draft cannot be found', async () => {
    fakeServer([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(200, { data: null, errors: [{ message: 'Draft not found.', extensions: { code: 'NOT_FOUND' } }] }),
      ),
    );
    await renderStep2();
    expect(await screen.findByText("We couldn't open this draft. It may have been submitted or deleted.")).toBeTruthy();
  });

  it('removes one file after a confirmation, keeping what was typed in the others; the last file has no Remove', async () => {
    const both = buildDraft([draftFile('front.png'), draftFile('copy.png')]);
    const server = fakeServer([both, buildDraft([draftFile('front.png')])], {
      RemoveDraftFile: { data: { removeDraftFile: { id: 'd1' } } },
    });
    await renderStep2();
    await screen.findByLabelText('UPC for front.png');
    typeInto(upc('front.png'), '036000291452');

    // A button per file, reached by keyboard like any other; nothing happens before the confirmation.
    const removeCopy = within(row('copy.png')).getByRole('button', { name: 'Remove copy.png' });
    expect(removeCopy.tabIndex).not.toBe(-1);
    fireEvent.click(removeCopy);
    const dialog = await screen.findByRole('dialog', { name: DRAFT_MSG.removeFileTitle('copy.png') });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.operations()).not.toContain('RemoveDraftFile');

    fireEvent.click(within(row('copy.png')).getByRole('button', { name: 'Remove copy.png' }));
    const confirm = await screen.findByRole('dialog', { name: DRAFT_MSG.removeFileTitle('copy.png') });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove file' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'copy.png' })).toBeNull());
    const removal = server.calls.find((c) => c.query.includes('removeDraftFile'));
    expect(removal?.variables).toEqual({ id: 'd1', fileName: 'copy.png' });
    expect(upc('front.png').value).toBe('0036000291452');
    // The draft's last file cannot go: Cancel is how a whole draft goes.
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  // The 10-file limit's arithmetic is addToDraft's (upload-rules.test.ts); here, that the page hands it the draft's
  // files and uploads only what it keeps. Two rows are enough for that: a draft of nine rendered nine rows for nothing.
  it('Add files uploads more files to the draft, dropping a name already in it, keeping what was typed', async () => {
    const two = [draftFile('p0.png'), draftFile('p1.png')];
    fakeServer([buildDraft(two)]);
    let finish: (draft: Draft) => void = () => {};
    addFilesToDraft.mockImplementation(() => new Promise<Draft>((resolve) => (finish = resolve)));
    await renderStep2();
    await screen.findByLabelText('UPC for p0.png');
    typeInto(upc('p0.png'), '036000291452');

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const png = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png('P1.png'), png('new-b.png')] } });
    // P1.png is already in the draft (names are compared without case).
    expect(getBanner()?.message).toBe("We weren't able to add 1 file. All file names must be unique.");
    expect(addFilesToDraft).toHaveBeenCalledOnce();
    expect((addFilesToDraft.mock.calls[0][1] as File[]).map((f) => f.name)).toEqual(['new-b.png']);
    expect(screen.getByRole('button', { name: 'Uploading...' })).toHaveProperty('disabled', true);
    expect(submitButton()).toHaveProperty('disabled', true);

    await act(async () => finish(buildDraft([...two, draftFile('new-b.png')])));
    expect(await screen.findByLabelText('UPC for new-b.png')).toBeTruthy();
    expect(upc('p0.png').value).toBe('0036000291452');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add files' })).toHaveProperty('disabled', false));
  });

  describe("the partner's readiness, live", () => {
    // A plain answer (not a Response): the page asks for the rules again on Submit.
    const rulesAnswer = (rules: readonly ReadinessRule[], version = 1) => ({
      data: { getReadinessRules: { version, rules } },
    });
    const settings = { fieldRules: { shippingProfile: { required: false } }, minImageLongSidePx: 1000 };
    const MIN_2 = minTwoImagesRule(4);

    it('the shared fixture gives, in the browser, the result the server gives', async () => {
      const f = READINESS_FIXTURE;
      const files = f.files.map((file) =>
        draftFile(file.fileName, {
          ...file,
          qualityIssues: file.qualityIssues.map((i) => ({ code: i.code, message: PHOTO_ISSUE_MSG.BLURRY() })),
        }),
      );
      fakeServer([buildDraft(files, { partnerCompanyId: 30443 })], {
        ReadinessRules: rulesAnswer(effectiveRuleSet(f.settings, f.ownRules, f.version).rules, f.version),
      });
      await renderStep2();
      for (const expected of f.expected)
        expect(await screen.findByText(READINESS_MSG.score(expected.upc, expected.percent))).toBeTruthy();
    });

    it('scores while typing, names the fix, marks a blocking photo check beside its file, and Submit names the rule', async () => {
      const { operations } = fakeServer(
        [
          buildDraft(
            [
              draftFile('front.png', {
                upc: '036000291452',
                isMarketingImage: true,
                qualityIssues: [{ code: 'TOO_DARK', message: PHOTO_ISSUE_MSG.TOO_DARK() }],
              }),
            ],
            { partnerCompanyId: 30443 },
          ),
        ],
        {
          ReadinessRules: rulesAnswer(
            effectiveRuleSet({ ...settings, blockingPhotoChecks: ['BLURRY'] }, [MIN_2], 2).rules,
          ),
        },
      );
      await renderStep2();
      // UPC, marketing image and the blurry check pass (3 of 8); the name (1) and the second image (4) are missing.
      expect(await screen.findByText(READINESS_MSG.score('0036000291452', 37))).toBeTruthy();
      typeInto(screen.getByLabelText(/Product name for front\.png/), 'Tomato Soup');
      expect(await screen.findByText(READINESS_MSG.score('0036000291452', 50))).toBeTruthy();
      const fixes = screen.getByRole('list', { name: 'Rules to fix for 0036000291452' });
      expect(within(fixes).getByText(new RegExp(MIN_2.fix))).toBeTruthy();
      // A non-blocking check stays an orange warning without the mark.
      expect(within(row('front.png')).queryByText(READINESS_MSG.blockingBadge)).toBeNull();

      fireEvent.click(submitButton());
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith(
          READINESS_MSG.blocksSubmit('036000291452', [{ code: MIN_2.code, message: MIN_2.message, fix: MIN_2.fix }]),
        ),
      );
      expect(operations()).not.toContain('SubmitProductsFromDraftSubmission');
    });

    it('a photo check the partner made blocking is marked beside the file before Submit, and Submit says why', async () => {
      const blurry = { code: 'BLURRY', message: PHOTO_ISSUE_MSG.BLURRY() };
      fakeServer(
        [
          buildDraft(
            [
              draftFile('front.png', {
                upc: '036000291452',
                productName: 'Soup',
                isMarketingImage: true,
                qualityIssues: [blurry],
              }),
            ],
            { partnerCompanyId: 30443 },
          ),
        ],
        {
          ReadinessRules: rulesAnswer(effectiveRuleSet({ ...settings, blockingPhotoChecks: ['BLURRY'] }, [], 1).rules),
        },
      );
      await renderStep2();
      const mark = await within(await screen.findByRole('region', { name: 'front.png' })).findByText(
        READINESS_MSG.blockingBadge,
      );
      expect(mark.closest('[data-blocking="true"]')?.textContent).toContain(blurry.message);
      fireEvent.click(submitButton());
      await waitFor(() =>
        expect(getBanner()).toMatchObject({ message: PHOTO_BLOCK_MSG.blocked('front.png', blurry.message) }),
      );
    });
  });

  describe('what each photo shows', () => {
    it('shows the proposed roles as chips, saves a change at once and asks for the draft again', async () => {
      const server = fakeServer([
        buildDraft([draftFile('front.png', { photoRoles: ['front'] }), draftFile('sheet.pdf', { kind: 'pdf' })]),
        buildDraft([
          draftFile('front.png', { photoRoles: ['front', 'nutrition-panel'], photoRolesChosen: true }),
          draftFile('sheet.pdf', { kind: 'pdf' }),
        ]),
      ]);
      await renderStep2();
      const row = within(await screen.findByRole('region', { name: 'front.png' }));
      const group = row.getByRole('group', { name: 'What this photo shows (front.png)' });
      expect((within(group).getByRole('checkbox', { name: 'Front' }) as HTMLInputElement).checked).toBe(true);
      expect(within(group).getByText('Read from the photo: change it if it is wrong.')).toBeTruthy();
      // A PDF page is artwork: no roles.
      expect(
        within(screen.getByRole('region', { name: 'sheet.pdf' })).queryByRole('group', { name: /What this photo/ }),
      ).toBeNull();

      fireEvent.click(within(group).getByRole('checkbox', { name: 'Nutrition panel' }));
      await waitFor(() =>
        expect(server.rest).toEqual([
          {
            method: 'PUT',
            path: '/api/draftSubmissions/d1/roles/front.png',
            body: { roles: ['front', 'nutrition-panel'] },
          },
        ]),
      );
      await within(group).findByText('Chosen by you.');
      expect((within(group).getByRole('checkbox', { name: 'Nutrition panel' }) as HTMLInputElement).checked).toBe(true);

      fireEvent.click(within(group).getByRole('button', { name: 'Use what the photo shows' }));
      await waitFor(() => expect(server.rest.at(-1)?.body).toEqual({ roles: null }));
    });
  });
});
