import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BULK_EDIT_MSG, BULK_EDIT_PLACEHOLDERS } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { BulkEditConfirmationPage } from './BulkEditConfirmationPage.tsx';
import { BulkEditPage } from './BulkEditPage.tsx';

spyOnToasts();

/** A complete row (no partner: every field visible and required); overrides empty some cells. */
function row(id: string, upc: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    upc,
    partnerCompanyId: null,
    canEdit: true,
    productName: `Oats ${id}`,
    companyName: 'Acme Foods',
    suggestedClass: 'PET',
    marketAccounts: [],
    attributes: [],
    height: 1,
    width: 2,
    depth: 3,
    size: 4,
    uom: 'oz',
    fobCost: 1.5,
    msrp: 2,
    edlp: 3,
    deliveredCost: 4,
    wholesaleCost: 5,
    freeFill: true,
    inStoreDemo: false,
    fairShareMerchandisingSupport: true,
    paidAds: false,
    offInvoice: true,
    tpr: false,
    fromSheet: [] as string[],
    ...overrides,
  };
}

type Row = ReturnType<typeof row>;
interface Sent {
  rows: Record<string, unknown>[];
}

describe('Edit Multiple Products', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let stored: Row[] = [];
  let saves: Sent[] = [];
  let refuse: Record<string, string> | null = null;

  beforeEach(() => {
    saves = [];
    refuse = null;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { query: string; variables: Record<string, unknown> };
      if (body.query.includes('getProductSubmissions')) {
        const ids = body.variables.ids as string[];
        return jsonResponse(200, { data: { getProductSubmissions: ids.map((i) => stored.find((r) => r.id === i)) } });
      }
      if (body.query.includes('updateProductSubmissions')) {
        saves.push(body.variables as unknown as Sent);
        if (refuse)
          return jsonResponse(200, {
            errors: [
              {
                message: 'Please correct the highlighted fields.',
                extensions: { code: 'VALIDATION_FAILED', fields: refuse },
              },
            ],
          });
        return jsonResponse(200, { data: { updateProductSubmissions: [] } });
      }
      if (body.query.includes('attributes'))
        return jsonResponse(200, { data: { attributes: [{ id: 1, name: 'Vegan' }] } });
      return jsonResponse(200, { data: { searchMarketAccountsByName: [], searchBrandsByName: [] } });
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  const open = (ids: string[]) =>
    renderWithApp(<BulkEditPage />, {
      path: `/edit-multiple?productSubmissionIds=${ids.join(',')}`,
      session: buildSession({ user: buildUser({ sessionPartnerCompanyId: null }) }),
      routes: [
        { path: '/edit-multiple/confirmation', element: <p>Confirmation reached</p> },
        { path: '/activity/all', element: <p>Activity</p> },
      ],
    });
  const cell = (label: string, upc: string) =>
    screen.getByRole('textbox', { name: `${label} for UPC ${upc}` }) as HTMLInputElement;
  /** One complete row opened and taken to the Placement step: its Height cell. */
  const heightOnPlacementStep = async () => {
    stored = [row('a', '036000291452')];
    open(['a']);
    await waitFor(() => cell('Product Name', '0036000291452'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    return waitFor(() => cell('Height (in)', '0036000291452'));
  };
  const stateOf = (input: HTMLElement) => input.closest('[data-cell-state]')?.getAttribute('data-cell-state');

  it('shows the steps, one row per submission with a read-only UPC, the labelled cells and the select placeholders', async () => {
    stored = [row('a', '036000291452'), row('b', '4006381333931', { suggestedClass: null, uom: null })];
    open(['a', 'b']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Multiple Products' })).toBeTruthy();
    for (const step of ['Basic Attributes', 'Placement', 'Pricing', 'Promotion'])
      expect(screen.getByText(step)).toBeTruthy();
    // Stored as typed (12 digits), shown in the one GTIN-13 form every list uses.
    expect(screen.getByRole('rowheader', { name: '0036000291452' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '4006381333931' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^UPC/ })).toBeNull();
    expect(cell('Product Name', '0036000291452').value).toBe('Oats a');
    expect(screen.getAllByPlaceholderText(BULK_EDIT_PLACEHOLDERS.suggestedClass)).toHaveLength(2);
    expect(
      (screen.getByLabelText('Suggested Class for UPC 4006381333931', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('');
    expect(
      (screen.getByLabelText('Suggested Class for UPC 0036000291452', { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('PET');
    expect(screen.getAllByPlaceholderText(BULK_EDIT_PLACEHOLDERS.brand)).toHaveLength(2);
    expect(screen.getAllByPlaceholderText(BULK_EDIT_PLACEHOLDERS.market)).toHaveLength(2);
    expect(screen.getAllByPlaceholderText(BULK_EDIT_PLACEHOLDERS.attribute)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/activity/all');
  });

  it("says under a cell that the supplier's sheet gave its value, until it is edited here", async () => {
    stored = [row('a', '036000291452', { fromSheet: ['companyName', 'height', 'size', 'uom'] })];
    open(['a']);
    const described = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const brand = await waitFor(
      () => screen.getByLabelText('Brand for UPC 0036000291452', { selector: 'input' }) as HTMLInputElement,
    );
    expect(brand.value).toBe('Acme Foods');
    expect(described(brand)).toContain(BULK_EDIT_MSG.fromSheet);
    expect(described(cell('Product Name', '0036000291452'))).not.toContain(BULK_EDIT_MSG.fromSheet);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const height = await waitFor(() => cell('Height (in)', '0036000291452'));
    expect(described(height)).toContain(BULK_EDIT_MSG.fromSheet);
    expect(described(cell('Width (in)', '0036000291452'))).not.toContain(BULK_EDIT_MSG.fromSheet);
    // The sheet's size fills the Size and the UOM, a choice cell: both say where their value came from.
    expect(described(cell('Size', '0036000291452'))).toContain(BULK_EDIT_MSG.fromSheet);
    const uom = screen.getByLabelText('UOM for UPC 0036000291452', { selector: 'input' });
    expect(described(uom)).toContain(BULK_EDIT_MSG.fromSheet);
    fireEvent.change(height, { target: { value: '1.5' } });
    fireEvent.blur(height);
    await waitFor(() => expect(described(cell('Height (in)', '0036000291452'))).not.toContain(BULK_EDIT_MSG.fromSheet));
  });

  it("shows 'Nothing to see here.' without submissions", async () => {
    stored = [];
    open([]);
    expect(await screen.findByText(BULK_EDIT_MSG.emptyTable)).toBeTruthy();
  });

  it('a required empty cell is yellow; Next saves all rows, then the check turns it red; editing clears the error', async () => {
    stored = [row('a', '036000291452', { productName: null }), row('b', '4006381333931')];
    open(['a', 'b']);
    const name = await waitFor(() => cell('Product Name', '0036000291452'));
    expect(stateOf(name)).toBe('warning');
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    expect(stateOf(cell('Product Name', '4006381333931'))).toBe('ok');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cell('Product Name', '0036000291452').getAttribute('aria-invalid')).toBe('true'));
    expect(stateOf(cell('Product Name', '0036000291452'))).toBe('error');
    expect(screen.getByText(BULK_EDIT_MSG.required('Product Name'))).toBeTruthy();
    // The first red cell takes the focus; required cells say so to screen readers.
    await waitFor(() => expect(document.activeElement).toBe(cell('Product Name', '0036000291452')));
    expect(cell('Product Name', '0036000291452').getAttribute('aria-required')).toBe('true');
    // Saved first: both rows were sent.
    expect(saves).toHaveLength(1);
    expect(saves[0].rows.map((r) => r.id)).toEqual(['a', 'b']);
    // Still on the first step.
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    // Editing the cell clears its error: a commit with text makes it fine.
    const input = cell('Product Name', '0036000291452');
    fireEvent.change(input, { target: { value: 'Rolled Oats' } });
    fireEvent.blur(input);
    await waitFor(() => expect(stateOf(cell('Product Name', '0036000291452'))).toBe('ok'));
    expect(cell('Product Name', '0036000291452').getAttribute('aria-invalid')).not.toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', false));
    expect(saves[1].rows[0]).toMatchObject({ id: 'a', productName: 'Rolled Oats' });
    expect(screen.getByRole('textbox', { name: 'Height (in) for UPC 0036000291452' })).toBeTruthy();
  });

  it('an edited cell that is still empty goes back to the yellow warning', async () => {
    stored = [row('a', '036000291452', { productName: null })];
    open(['a']);
    await waitFor(() => cell('Product Name', '0036000291452'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stateOf(cell('Product Name', '0036000291452'))).toBe('error'));
    const input = cell('Product Name', '0036000291452');
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    await waitFor(() => expect(stateOf(cell('Product Name', '0036000291452'))).toBe('warning'));
  });

  it('text cells: Escape reverts, Enter blurs and commits', async () => {
    stored = [row('a', '036000291452')];
    open(['a']);
    const input = await waitFor(() => cell('Product Name', '0036000291452'));
    input.focus();
    fireEvent.change(input, { target: { value: 'Typo' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('Oats a');
    fireEvent.change(input, { target: { value: 'Granola' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(document.activeElement).not.toBe(input);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].rows[0]).toMatchObject({ productName: 'Granola' });
  });

  it('number and money cells never change an amount silently: extra decimals are rounded and said, too many digits refused', async () => {
    const height = await heightOnPlacementStep();
    // Typing keeps every digit (only letters and a second point are left out).
    fireEvent.change(height, { target: { value: '1234.56789' } });
    expect(height.value).toBe('1234.56789');
    fireEvent.blur(height);
    await waitFor(() => expect(cell('Height (in)', '0036000291452').value).toBe('1234.568'));
    expect(screen.getByText(BULK_EDIT_MSG.rounded('1234.568'))).toBeTruthy();
    fireEvent.change(height, { target: { value: '12345678.9' } });
    fireEvent.blur(height);
    expect(await screen.findByText(BULK_EDIT_MSG.number)).toBeTruthy();
    fireEvent.change(height, { target: { value: '12a.5' } });
    expect(height.value).toBe('12.5');
    fireEvent.blur(height);
    await waitFor(() => expect(screen.queryByText(BULK_EDIT_MSG.number)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const fob = await waitFor(() => cell('FOB Cost', '0036000291452'));
    expect(fob.value).toBe('1.50');
    fireEvent.change(fob, { target: { value: '12.345' } });
    fireEvent.blur(fob);
    await waitFor(() => expect(cell('FOB Cost', '0036000291452').value).toBe('12.35'));
    expect(screen.getByText(BULK_EDIT_MSG.rounded('12.35'))).toBeTruthy();
    fireEvent.change(fob, { target: { value: '1234.5' } });
    fireEvent.blur(fob);
    expect(await screen.findByText(BULK_EDIT_MSG.money)).toBeTruthy();
    fireEvent.change(fob, { target: { value: '123.56' } });
    fireEvent.blur(fob);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BULK_EDIT_MSG.saved));
    expect(saves.at(-1)!.rows[0]).toMatchObject({ height: 12.5, fobCost: 123.56 });
  });

  it('Save and Next refuse while a cell shows a number it could not take, instead of saying the changes were saved', async () => {
    const height = await heightOnPlacementStep();
    await waitFor(() => expect(saves).toHaveLength(1));
    fireEvent.change(height, { target: { value: '12345678.9' } });
    fireEvent.blur(height);
    expect(await screen.findByText(BULK_EDIT_MSG.number)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BULK_EDIT_MSG.unsaveable));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(saves).toHaveLength(1);
    // What was typed stays for the user to correct; corrected, it saves.
    expect(cell('Height (in)', '0036000291452').value).toBe('12345678.9');
    await waitFor(() => expect(document.activeElement).toBe(cell('Height (in)', '0036000291452')));
    fireEvent.change(height, { target: { value: '12.5' } });
    fireEvent.blur(height);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BULK_EDIT_MSG.saved));
    expect(saves.at(-1)!.rows[0]).toMatchObject({ height: 12.5 });
  });

  it("'Some cells hold values that cannot be saved' goes once the cells are fixed: it is not carried to the next step", async () => {
    const height = await heightOnPlacementStep();
    vi.mocked(toast.error).mockReturnValue('unsaveable-toast');
    const dismiss = vi.spyOn(toast, 'dismiss');
    fireEvent.change(height, { target: { value: '12345678.9' } });
    fireEvent.blur(height);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BULK_EDIT_MSG.unsaveable));
    expect(dismiss).not.toHaveBeenCalled();
    fireEvent.change(height, { target: { value: '12.5' } });
    fireEvent.blur(height);
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith('unsaveable-toast'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => cell('FOB Cost', '0036000291452'));
    dismiss.mockRestore();
  });

  it('picking the value a choice cell already holds keeps it (only the clear button empties it)', async () => {
    stored = [row('a', '036000291452')];
    open(['a']);
    const suggested = (await waitFor(() =>
      screen.getByLabelText('Suggested Class for UPC 0036000291452', { selector: 'input' }),
    )) as HTMLInputElement;
    expect(suggested.value).toBe('PET');
    fireEvent.click(suggested);
    fireEvent.click(await screen.findByRole('option', { name: 'PET' }));
    await waitFor(() => expect(suggested.value).toBe('PET'));
    const brand = screen.getByLabelText('Brand for UPC 0036000291452', { selector: 'input' }) as HTMLInputElement;
    expect(brand.value).toBe('Acme Foods');
    fireEvent.click(brand);
    fireEvent.click(await screen.findByRole('option', { name: 'Acme Foods' }));
    await waitFor(() => expect(brand.value).toBe('Acme Foods'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', false));
    expect(saves[0].rows[0]).toMatchObject({ suggestedClass: 'PET', companyName: 'Acme Foods' });
  });

  it("shows the server's field errors on their cells and does not advance", async () => {
    stored = [row('a', '036000291452')];
    refuse = { 'a.productName': 'Must be 200 characters or less.' };
    open(['a']);
    await waitFor(() => cell('Product Name', '0036000291452'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Must be 200 characters or less.')).toBeTruthy();
    expect(cell('Product Name', '0036000291452').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
  });

  it('a row that is no longer there when saving is named by its UPC, and nothing is said saved', async () => {
    stored = [row('a', '036000291452'), row('b', '4006381333931')];
    refuse = { 'b.id': 'Submission not found.' };
    open(['a', 'b']);
    await waitFor(() => cell('Product Name', '0036000291452'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(BULK_EDIT_MSG.rowsGone(['4006381333931'])));
    expect(BULK_EDIT_MSG.rowsGone(['4006381333931'])).toBe(
      'Nothing was saved: the submission of UPC 4006381333931 is no longer there or no longer yours to edit. Please reload the page.',
    );
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('Next on the last step goes to the confirmation with the ids; Previous goes back one step', async () => {
    stored = [row('a', '036000291452'), row('b', '4006381333931')];
    const { router } = open(['a', 'b']);
    await waitFor(() => cell('Product Name', '0036000291452'));
    const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    next();
    await waitFor(() => cell('Height (in)', '0036000291452'));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => cell('Product Name', '0036000291452'));
    next();
    await waitFor(() => cell('Height (in)', '0036000291452'));
    next();
    await waitFor(() => cell('FOB Cost', '0036000291452'));
    next();
    await waitFor(() => screen.getByLabelText('TPR for UPC 0036000291452', { selector: 'input' }));
    next();
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-multiple/confirmation'));
    expect(router.state.location.search).toBe('?productSubmissionIds=a,b');
    expect(saves).toHaveLength(5);
  });
});

describe('bulk edit confirmation', () => {
  it('counts the ids of the query and links to the Activity Page and the Brand Profile', () => {
    renderWithApp(<BulkEditConfirmationPage />, { path: '/edit-multiple/confirmation?productSubmissionIds=a,b,c' });
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmation' })).toBeTruthy();
    expect(screen.getByText('3 products updated.')).toBeTruthy();
    expect(screen.getByText(/Partner Status column on the Activity Page/)).toBeTruthy();
    const main = document.body;
    expect(within(main).getByRole('link', { name: 'Go to Activity Page' }).getAttribute('href')).toBe('/activity');
    expect(within(main).getByRole('link', { name: 'Continue to Brand Profile' }).getAttribute('href')).toBe(
      '/brandProfile',
    );
  });
});
