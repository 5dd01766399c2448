import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import type { CataloguedProduct } from './catalogue-api.ts';
import { buildProduct } from './catalogue.test-helper.ts';
import { CataloguedProductPage, DELIST_NOTE, DELIST_TITLE, PRODUCT_DELISTED } from './CataloguedProductPage.tsx';

spyOnToasts();

const delistable = (over: Partial<CataloguedProduct> = {}) =>
  buildProduct({ can: { addImages: false, setShippingProfile: false, delist: true }, ...over });

function renderProduct(
  product: CataloguedProduct | (() => CataloguedProduct),
  { scopes = [...ALL_SCOPES] as string[], answers = {} as Answers } = {},
) {
  const server = fakeServer({
    CataloguedProduct: () => ({ data: { getCataloguedProduct: typeof product === 'function' ? product() : product } }),
    ...answers,
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/cataloguedProducts/:ean13Upc" element={<CataloguedProductPage />} />
    </Routes>,
    { path: '/cataloguedProducts/0036000291452', session: buildSession({ user: buildUser({ scopes }) }) },
  );
  return { ...view, ...server };
}

const loaded = () => screen.findByRole('heading', { level: 2, name: 'Certified values' });

describe('Delisting a catalogued product', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    hideBanner();
  });

  it('asks in a dialog first; Cancel delists nothing', async () => {
    const { operations } = renderProduct(delistable());
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delist product' }));
    const dialog = await screen.findByRole('dialog', { name: DELIST_TITLE });
    expect(within(dialog).getByText(DELIST_NOTE)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DELIST_TITLE })).toBeNull());
    expect(operations()).not.toContain('DelistCataloguedProduct');
  });

  it('delists on confirmation: sends the UPC, toasts, asks again and shows the Delisted badge', async () => {
    let delisted = false;
    const { calls, operations } = renderProduct(
      () =>
        delistable({ isDelisted: delisted, can: { addImages: false, setShippingProfile: false, delist: !delisted } }),
      {
        answers: {
          DelistCataloguedProduct: () => {
            delisted = true;
            return {
              data: {
                delistCataloguedProduct: delistable({
                  isDelisted: true,
                  can: { addImages: false, setShippingProfile: false, delist: false },
                }),
              },
            };
          },
        },
      },
    );
    await loaded();
    expect(screen.queryByText('Delisted')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delist product' }));
    const dialog = await screen.findByRole('dialog', { name: DELIST_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delist' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PRODUCT_DELISTED));
    expect(calls.find((c) => c.operation === 'DelistCataloguedProduct')!.variables).toEqual({
      ean13Upc: '0036000291452',
    });
    await waitFor(() => expect(operations().filter((o) => o === 'CataloguedProduct').length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delist product' })).toBeNull());
    // The badge and the status both say so.
    expect(screen.getAllByText('Delisted').length).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DELIST_TITLE })).toBeNull());
  });

  it("shows the server's message in the banner when the delisting is refused", async () => {
    renderProduct(delistable(), {
      answers: { DelistCataloguedProduct: graphqlError('INVALID_TRANSITION', 'This product is already delisted.') },
    });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Delist product' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: DELIST_TITLE })).getByRole('button', { name: 'Delist' }),
    );
    await waitFor(() => expect(getBanner()?.message).toBe('This product is already delisted.'));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('is not offered without can.delist, nor to suppliers', async () => {
    const first = renderProduct(buildProduct({ isDelisted: true }));
    await loaded();
    expect(screen.queryByRole('button', { name: 'Delist product' })).toBeNull();
    expect(screen.getAllByText('Delisted').length).toBe(2);
    first.unmount();
    vi.unstubAllGlobals();
    renderProduct(delistable(), { scopes: [SCOPES.writeProductSubmissions] });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Delist product' })).toBeNull();
  });
});
