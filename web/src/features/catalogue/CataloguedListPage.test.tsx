import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SCOPES } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type Answers } from '../submissions/fake-server.test-helper.ts';
import { buildProduct, listPage } from './catalogue.test-helper.ts';
import { CATALOGUE_EMPTY, CataloguedListPage, NO_INFO_FOUND, READ_ONLY_NOTE } from './CataloguedListPage.tsx';

function renderList({ path = '/cataloguedProducts', scopes = [] as string[], answers = {} } = {}) {
  const server = fakeServer({ CataloguedProducts: listPage([buildProduct()]), ...answers });
  const view = renderWithApp(
    <Routes>
      <Route path="/cataloguedProducts" element={<CataloguedListPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path, session: buildSession({ user: buildUser({ scopes }) }) },
  );
  const listCalls = () => server.calls.filter((c) => c.operation === 'CataloguedProducts');
  return { ...view, ...server, listCalls };
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

describe('Catalogued list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the heading, the columns and a row linking to the product', async () => {
    const { listCalls } = renderList();
    const link = await screen.findByRole('link', { name: '0036000291452' });
    expect(link.getAttribute('href')).toBe('/cataloguedProducts/0036000291452');
    expect(screen.getByRole('heading', { level: 1, name: 'My Products - Catalogued Items' })).toBeTruthy();
    expect(document.title).toContain('Catalogued Items');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['UPC', 'Brand', 'Description', 'Size', 'U of M', 'Date Modified']);
    const row = link.closest('tr')!;
    expect(within(row).getByText('Green Valley')).toBeTruthy();
    expect(within(row).getByText('03/07/2025')).toBeTruthy();
    expect(listCalls()[0].variables).toMatchObject({
      upcPrefix: null,
      page: 1,
      pageSize: 25,
      sortBy: 'updatedDate',
      sortDirection: 'desc',
    });
  });

  it('sends the UPC filter as a digits-only prefix after a pause and keeps it in the URL', async () => {
    const answers: Answers = {
      CataloguedProducts: (v: Record<string, unknown>) => (v.upcPrefix ? listPage([]) : listPage([buildProduct()])),
    };
    const { listCalls, router } = renderList({ answers });
    await screen.findByRole('link', { name: '0036000291452' });
    const input = screen.getByRole('textbox', { name: /Filter by UPC/ });
    fireEvent.change(input, { target: { value: '00a36-' } });
    expect((input as HTMLInputElement).value).toBe('0036');
    expect(listCalls().some((c) => c.variables.upcPrefix === '0036')).toBe(false);
    await waitFor(() => expect(listCalls().some((c) => c.variables.upcPrefix === '0036')).toBe(true));
    expect(search(router).get('upc')).toBe('0036');
    expect(await screen.findByText(NO_INFO_FOUND)).toBeTruthy();
  });

  it('reads the filter, page and sort from the URL', async () => {
    const { listCalls } = renderList({ path: '/cataloguedProducts?upc=0012&page=2&sort=brand&dir=asc' });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(listCalls()[0].variables).toMatchObject({
      upcPrefix: '0012',
      page: 2,
      sortBy: 'brand',
      sortDirection: 'asc',
    });
    expect((screen.getByRole('textbox', { name: /Filter by UPC/ }) as HTMLInputElement).value).toBe('0012');
  });

  it('sorts on a column header, toggling the direction on a second click', async () => {
    const { listCalls, router } = renderList();
    await screen.findByRole('link', { name: '0036000291452' });
    const brand = () => screen.getByRole('columnheader', { name: /Brand/ });
    expect(brand().getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: /Date Modified/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(brand()).getByRole('button'));
    await waitFor(() => expect(brand().getAttribute('aria-sort')).toBe('ascending'));
    expect(search(router).get('sort')).toBe('brand');
    await waitFor(() => expect(listCalls().at(-1)!.variables).toMatchObject({ sortBy: 'brand', sortDirection: 'asc' }));
    fireEvent.click(within(brand()).getByRole('button'));
    await waitFor(() => expect(brand().getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() =>
      expect(listCalls().at(-1)!.variables).toMatchObject({ sortBy: 'brand', sortDirection: 'desc' }),
    );
  });

  it('pages on the server, 25 to a page', async () => {
    const items = Array.from({ length: 25 }, (_, i) => buildProduct({ ean13Upc: String(1000000000000 + i) }));
    const { listCalls, router } = renderList({ answers: { CataloguedProducts: listPage(items, 60) } });
    await screen.findByRole('link', { name: '1000000000000' });
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(search(router).get('page')).toBe('3'));
    await waitFor(() => expect(listCalls().at(-1)!.variables).toMatchObject({ page: 3, pageSize: 25 }));
  });

  it('Next and Previous read the page from the edge of the one shown (keyset), other pages by number', async () => {
    const items = Array.from({ length: 25 }, (_, i) => buildProduct({ ean13Upc: String(1000000000000 + i) }));
    const { listCalls, router } = renderList({
      path: '/cataloguedProducts?page=2',
      answers: { CataloguedProducts: (v: Record<string, unknown>) => listPage(items, 100, Number(v.page)) },
    });
    await screen.findByRole('link', { name: '1000000000000' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listCalls().at(-1)!.variables).toMatchObject({ page: 3, after: 'end-2' }));
    expect(search(router).get('after')).toBe('end-2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(listCalls().at(-1)!.variables).toMatchObject({ page: 2, before: 'start-3' }));
    expect(search(router).get('after')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await waitFor(() => expect(listCalls().at(-1)!.variables).toMatchObject({ page: 4 }));
    expect(listCalls().at(-1)!.variables).not.toHaveProperty('after');
    expect(listCalls().at(-1)!.variables).not.toHaveProperty('before');
  });

  it('a catalogue of more products than counted says so, and offers the page after a full one', async () => {
    const items = Array.from({ length: 25 }, (_, i) => buildProduct({ ean13Upc: String(1000000000000 + i) }));
    const page = listPage(items, 10_000);
    page.data.getCataloguedProducts.more = true;
    renderList({ path: '/cataloguedProducts?page=400', answers: { CataloguedProducts: page } });
    expect(await screen.findByText('More than 10,000 items')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 401' })).toBeTruthy();
  });

  it('says where items come from when there are none, and No info found when a filter matches nothing', async () => {
    renderList({ answers: { CataloguedProducts: listPage([]) } });
    expect(await screen.findByText(CATALOGUE_EMPTY)).toBeTruthy();
    expect(screen.queryByText(NO_INFO_FOUND)).toBeNull();
  });

  it('No info found for a filter from the URL that matches nothing', async () => {
    renderList({ path: '/cataloguedProducts?upc=99', answers: { CataloguedProducts: listPage([]) } });
    expect(await screen.findByText(NO_INFO_FOUND)).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_EMPTY)).toBeNull();
  });

  it('Add New leads to /upload for suppliers and administrators who may write', async () => {
    renderList();
    await screen.findByRole('link', { name: '0036000291452' });
    expect(screen.getByRole('link', { name: 'Add New' }).getAttribute('href')).toBe('/upload');
    expect(screen.queryByText(READ_ONLY_NOTE)).toBeNull();
  });

  it('Add New is disabled for a read-only administrator, who is told why', async () => {
    renderList({ scopes: [SCOPES.readAllProductSubmissions] });
    await screen.findByRole('link', { name: '0036000291452' });
    const button = screen.getByRole('button', { name: 'Add New' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(READ_ONLY_NOTE);
  });

  it('a full administrator may add', async () => {
    renderList({ scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] });
    await screen.findByRole('link', { name: '0036000291452' });
    expect(screen.getByRole('link', { name: 'Add New' })).toBeTruthy();
  });
});
