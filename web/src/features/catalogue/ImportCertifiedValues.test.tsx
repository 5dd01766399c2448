import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, type Answers } from '../submissions/fake-server.test-helper.ts';
import { buildProduct, listPage } from './catalogue.test-helper.ts';
import { CataloguedListPage } from './CataloguedListPage.tsx';
import { IMPORT_ROWS_INTRO, IMPORT_TITLE } from './ImportCertifiedValues.tsx';

spyOnToasts();

const IMPORT_URL = '/api/cataloguedProducts/import';

function renderList({ scopes = [...ALL_SCOPES] as string[], answers = {} as Answers } = {}) {
  const server = fakeServer({ CataloguedProducts: listPage([buildProduct()]), ...answers });
  const view = renderWithApp(
    <Routes>
      <Route path="/cataloguedProducts" element={<CataloguedListPage />} />
    </Routes>,
    { path: '/cataloguedProducts', session: buildSession({ user: buildUser({ scopes }) }) },
  );
  const listCalls = () => server.calls.filter((c) => c.operation === 'CataloguedProducts');
  return { ...view, ...server, listCalls };
}

const csv = (text = 'ean13Upc,description\n') => new File([text], 'values.csv', { type: 'text/csv' });

async function openDialog() {
  await screen.findByRole('link', { name: '0036000291452' });
  fireEvent.click(screen.getByRole('button', { name: IMPORT_TITLE }));
  return screen.findByRole('dialog', { name: IMPORT_TITLE });
}

function chooseAndImport(dialog: HTMLElement, file = csv()) {
  fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
}

describe('Import certified values', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is offered only to staff with the write scope', async () => {
    const first = renderList({ scopes: [SCOPES.readAllProductSubmissions] });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(screen.queryByRole('button', { name: IMPORT_TITLE })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    renderList({ scopes: [] });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(screen.queryByRole('button', { name: IMPORT_TITLE })).toBeNull();
  });

  it('has the template link and a CSV file input; Import waits for a file', async () => {
    renderList();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('link', { name: 'Download template' }).getAttribute('href')).toBe(
      '/api/cataloguedProducts/import/template.csv',
    );
    const input = within(dialog).getByLabelText('CSV file') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toContain('.csv');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });

  it('sends the file in the field "file", toasts the counts, closes and asks for the list again', async () => {
    let resolve!: (value: unknown) => void;
    const { calls, listCalls } = renderList({ answers: { [IMPORT_URL]: () => new Promise((r) => (resolve = r)) } });
    const dialog = await openDialog();
    chooseAndImport(dialog);
    expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true);
    const call = calls.find((c) => c.url === IMPORT_URL)!;
    expect((call.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((call.body as FormData).get('file') as File).name).toBe('values.csv');
    const before = listCalls().length;
    resolve({ applied: 3, catalogued: 2 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('3 products imported; 2 submissions catalogued.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: IMPORT_TITLE })).toBeNull());
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('shows the invalid rows in a table inside the dialog and imports nothing', async () => {
    const { listCalls } = renderList({
      answers: {
        [IMPORT_URL]: jsonResponse(400, {
          code: 'IMPORT_INVALID',
          message: '2 of 3 rows are invalid; nothing was imported.',
          rows: [
            { row: 2, ean13Upc: '0036000291452', errors: ['Description is required.', 'Brand is required.'] },
            { row: 4, ean13Upc: '123', errors: ['The UPC is too short.'] },
          ],
        }),
      },
    });
    const dialog = await openDialog();
    const before = listCalls().length;
    chooseAndImport(dialog);
    expect(await within(dialog).findByText(IMPORT_ROWS_INTRO)).toBeTruthy();
    // The count says how many rows are bad (the table lists at most 200 of them).
    expect(within(dialog).getByText('2 of 3 rows are invalid; nothing was imported.')).toBeTruthy();
    const table = within(dialog).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'UPC', 'Problems']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['2', '0036000291452', 'Description is required. Brand is required.'],
      ['4', '123', 'The UPC is too short.'],
    ]);
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: IMPORT_TITLE })).toBeTruthy();
    expect(listCalls().length).toBe(before);
  });

  it("shows the server's message for a malformed file", async () => {
    renderList({
      answers: {
        [IMPORT_URL]: jsonResponse(400, {
          code: 'BAD_REQUEST',
          message: 'The first row must name the columns: ean13Upc, description.',
        }),
      },
    });
    const dialog = await openDialog();
    chooseAndImport(dialog);
    expect(await within(dialog).findByText('The first row must name the columns: ean13Upc, description.')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
