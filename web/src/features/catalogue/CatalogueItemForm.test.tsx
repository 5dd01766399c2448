import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ALL_SCOPES, CATALOGUE_MSG, SCOPES } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { buildSubmission, fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import type { Submission } from '../submissions/submission-api.ts';
import { SubmissionDetailPage } from '../submissions/SubmissionDetailPage.tsx';
import { CATALOGUE_SECTION, ITEM_CATALOGUED } from './CatalogueItemForm.tsx';

spyOnToasts();

const detail = (s: Submission) => ({ data: { getProductSubmission: s } });

const accepted = (over: Partial<Submission> = {}) =>
  buildSubmission({
    itemStatus: 'ACCEPTED',
    statusDisplayName: 'Accepted',
    can: { review: false, editName: true, delete: false, appeal: false, resubmit: false, setTicket: false },
    ...over,
  });

function renderDetail(submission: Submission, { scopes = [...ALL_SCOPES] as string[], answers = {} as Answers } = {}) {
  const server = fakeServer({ SubmissionDetail: detail(submission), ...answers });
  const view = renderWithApp(
    <Routes>
      <Route path="/productSubmissions/:id" element={<SubmissionDetailPage />} />
      <Route path="/cataloguedProducts/:ean13Upc" element={<p>Catalogued product page</p>} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path: `/productSubmissions/${submission.id}`, session: buildSession({ user: buildUser({ scopes }) }) },
  );
  return { ...view, ...server };
}

const loaded = () => screen.findByRole('button', { name: 'View front.png large' });
const section = () => screen.getByRole('region', { name: CATALOGUE_SECTION });
const field = (label: string) => within(section()).getByLabelText(new RegExp(`^${label}\\s*\\*?$`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(within(section()).getByRole('button', { name: 'Catalogue item' }));

describe('Catalogue this item', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    hideBanner();
  });

  it('shows the form to staff with the write scope for an ACCEPTED item, description and brand required', async () => {
    renderDetail(accepted());
    await loaded();
    // The form's code loads when it is shown.
    expect(await screen.findByRole('heading', { level: 2, name: CATALOGUE_SECTION })).toBeTruthy();
    for (const label of [
      'Item description',
      'Brand',
      'Department',
      'Category',
      'Subcategory',
      'Size',
      'Unit of measure',
      'Pack count',
    ]) {
      expect(field(label)).toBeTruthy();
    }
    expect(field('Item description').required).toBe(true);
    expect(field('Brand').required).toBe(true);
    expect(field('Department').required).toBe(false);
    expect(field('Pack count').required).toBe(false);
  });

  it('is not there for items that are not ACCEPTED, nor for read-only staff', async () => {
    const first = renderDetail(
      buildSubmission({
        can: { review: true, editName: true, delete: true, appeal: false, resubmit: true, setTicket: false },
      }),
    );
    await loaded();
    expect(screen.queryByRole('heading', { name: CATALOGUE_SECTION })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    renderDetail(accepted(), { scopes: [SCOPES.readAllProductSubmissions] });
    await loaded();
    expect(screen.queryByRole('heading', { name: CATALOGUE_SECTION })).toBeNull();
  });

  it("shows the schema's messages under the fields and sends nothing", async () => {
    const { operations } = renderDetail(accepted());
    await loaded();
    type('Brand', 'x'.repeat(101));
    type('Pack count', '0');
    submit();
    expect(await within(section()).findByText(CATALOGUE_MSG.required('Description'))).toBeTruthy();
    expect(within(section()).getByText(CATALOGUE_MSG.tooLong('Brand', 100))).toBeTruthy();
    expect(within(section()).getByText(CATALOGUE_MSG.packCount)).toBeTruthy();
    // The 'Error: ' prefix of every field error.
    expect(within(section()).getAllByText('Error:', { exact: false }).length).toBeGreaterThanOrEqual(3);
    type('Pack count', 'abc');
    submit();
    await waitFor(() => expect(within(section()).getByText(CATALOGUE_MSG.packCount)).toBeTruthy());
    expect(operations()).not.toContain('CatalogueSubmission');
  });

  it('sends the trimmed values (blanks as null, pack count as a number), toasts and goes to the product', async () => {
    const catalogued = accepted({ itemStatus: 'CATALOGUED', statusDisplayName: 'Catalogued' });
    let resolve!: (value: unknown) => void;
    const { calls, router } = renderDetail(accepted(), {
      answers: { CatalogueSubmission: () => new Promise((r) => (resolve = r)) },
    });
    await loaded();
    type('Item description', '  Tomato soup ');
    type('Brand', 'Green Valley');
    type('Category', 'Soups');
    type('Size', '10.75');
    type('Unit of measure', 'oz');
    type('Pack count', '12');
    submit();
    const busy = await within(section()).findByRole('button', { name: 'Cataloguing...' });
    expect(busy).toHaveProperty('disabled', true);
    const call = calls.find((c) => c.operation === 'CatalogueSubmission')!;
    expect(call.variables).toEqual({
      id: 's1',
      input: {
        description: 'Tomato soup',
        brand: 'Green Valley',
        department: null,
        category: 'Soups',
        subcategory: null,
        itemSize: '10.75',
        unitsOfMeasure: 'oz',
        packCount: 12,
      },
    });
    resolve({ data: { catalogueSubmission: catalogued } });
    expect(await screen.findByText('Catalogued product page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cataloguedProducts/0036000291452');
    expect(toast.success).toHaveBeenCalledWith(ITEM_CATALOGUED);
  });

  it('puts a server field error under its field', async () => {
    renderDetail(accepted(), {
      answers: {
        CatalogueSubmission: graphqlError('VALIDATION_FAILED', 'Brand is required.', { brand: 'Brand is required.' }),
      },
    });
    await loaded();
    type('Item description', 'Tomato soup');
    type('Brand', 'Green Valley');
    submit();
    const message = await within(section()).findByText('Brand is required.');
    expect(field('Brand').getAttribute('aria-invalid')).toBe('true');
    expect(message).toBeTruthy();
    expect(getBanner()).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows INVALID_TRANSITION in the banner and asks for the submission again', async () => {
    const { operations } = renderDetail(accepted(), {
      answers: {
        CatalogueSubmission: graphqlError('INVALID_TRANSITION', 'Only accepted items can be catalogued.'),
      },
    });
    await loaded();
    type('Item description', 'Tomato soup');
    type('Brand', 'Green Valley');
    submit();
    await waitFor(() => expect(getBanner()?.message).toBe('Only accepted items can be catalogued.'));
    expect(getBanner()?.kind).toBe('error');
    await waitFor(() => expect(operations().filter((o) => o === 'SubmissionDetail')).toHaveLength(2));
    expect(toast.success).not.toHaveBeenCalled();
  });
  it('starts the size and unit from the net content the supplier gave: the facts as certified values', async () => {
    renderDetail(
      accepted({
        facts: {
          basis: 'serving',
          servingSize: null,
          servingsPerContainer: null,
          calories: null,
          energyKj: null,
          nutrients: [],
          netContent: { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' },
          ingredients: null,
          allergens: null,
        },
      }),
    );
    await loaded();
    await screen.findByRole('heading', { level: 2, name: CATALOGUE_SECTION });
    expect(field('Size').value).toBe('340');
    expect(field('Unit of measure').value).toBe('g');
    expect(
      within(section()).getByText(/from the net content the supplier gave \(NET WT 12 OZ \(340 g\)\)/),
    ).toBeTruthy();
  });
});
