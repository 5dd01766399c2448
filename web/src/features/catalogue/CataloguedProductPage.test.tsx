import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { SCOPES, SUPPORT_EMAIL } from '@portal/domain';
import type { FeatureFlag } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import type { CataloguedProduct } from './catalogue-api.ts';
import { buildProduct } from './catalogue.test-helper.ts';
import {
  CataloguedProductPage,
  certifiedNote,
  NO_IMAGES_HEADING,
  NO_IMAGES_TEXT,
  PRODUCT_NOT_FOUND,
  PROFILE_APPLIED,
  PROFILE_REMOVED,
} from './CataloguedProductPage.tsx';

spyOnToasts();
const PUT_PATH = '/api/products/0036000291452/shippingProfile';

function renderProduct(
  product: CataloguedProduct | null,
  {
    scopes = [] as string[],
    flags = [] as FeatureFlag[],
    answers = {} as Answers,
    shippingProfiles = [] as { id: number; name: string }[],
  } = {},
) {
  const server = fakeServer({
    CataloguedProduct: product ? { data: { getCataloguedProduct: product } } : graphqlError('NOT_FOUND', 'Not found'),
    ShippingProfileOptions: { data: { getShippingProfileForCurrentUser: shippingProfiles } },
    ...answers,
  });
  const view = renderWithApp(
    <Routes>
      <Route path="/cataloguedProducts/:ean13Upc" element={<CataloguedProductPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path: '/cataloguedProducts/0036000291452', session: buildSession({ user: buildUser({ scopes }), flags }) },
  );
  return { ...view, ...server };
}

const loaded = () => screen.findByText('Catalogued');

const withImages = (n: number) =>
  buildProduct({
    imageUrls: Array.from({ length: n }, (_, i) => `/api/img/${i + 1}.png`),
    thumbnailUrls: Array.from({ length: n }, (_, i) => `/api/img/${i + 1}.png?thumbnail=true`),
  });

describe('Catalogued product detail', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows UPC, status, date modified, the certified values and the footnote, with a back link', async () => {
    renderProduct(buildProduct());
    await loaded();
    expect(screen.getByRole('link', { name: /Back to Catalogued Items/ }).getAttribute('href')).toBe(
      '/cataloguedProducts',
    );
    expect(screen.getByText('0036000291452')).toBeTruthy();
    expect(screen.getAllByText('03/07/2025').length).toBeGreaterThan(0);
    for (const [label, value] of [
      ['Item description', 'Tomato Soup'],
      ['Brand', 'Green Valley'],
      ['Department', 'Grocery'],
      ['Category', 'Soups'],
      ['Subcategory', 'Canned soups'],
      ['Size', '10.75'],
      ['Unit of measure', 'oz'],
    ]) {
      expect(screen.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(screen.queryByText('Pack count')).toBeNull();
    expect(screen.getByText(certifiedNote('03/07/2025'))).toBeTruthy();
    expect(certifiedNote('03/07/2025')).toContain(SUPPORT_EMAIL);
    expect(document.title).toContain('Tomato Soup');
  });

  it('shows the pack count only when there is one', async () => {
    renderProduct(buildProduct({ packCount: 12 }));
    await loaded();
    expect(screen.getByText('Pack count').nextElementSibling?.textContent).toBe('12');
  });

  it('without images: says so and offers to submit some', async () => {
    renderProduct(buildProduct());
    await loaded();
    expect(screen.getByText(NO_IMAGES_HEADING)).toBeTruthy();
    expect(screen.getByText(NO_IMAGES_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submit product images' }).getAttribute('href')).toBe(
      '/cataloguedProducts/0036000291452/upload',
    );
    expect(screen.queryByRole('button', { name: /Show image/ })).toBeNull();
  });

  it('the carousel: thumbnails named by position, Previous/Next, arrow keys move and Enter selects', async () => {
    renderProduct(withImages(3));
    await loaded();
    expect(screen.queryByText(NO_IMAGES_HEADING)).toBeNull();
    const preview = () => screen.getByRole('img', { name: /image \d of 3/ });
    expect(preview().getAttribute('alt')).toBe('Tomato Soup, image 1 of 3');
    const thumbs = within(screen.getByRole('group', { name: 'Image thumbnails' })).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 3',
      'Show image 2 of 3',
      'Show image 3 of 3',
    ]);
    expect(thumbs.map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    expect(thumbs[0].getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(preview().getAttribute('src')).toBe('/api/img/2.png');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(preview().getAttribute('src')).toBe('/api/img/3.png');

    thumbs[2].focus();
    fireEvent.keyDown(thumbs[2], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(thumbs[0]);
    fireEvent.keyDown(thumbs[0], { key: 'ArrowRight' });
    expect(document.activeElement).toBe(thumbs[1]);
    expect(thumbs[1].tabIndex).toBe(0);
    // Moving focus does not change the picture; Enter (a button's click) does.
    expect(preview().getAttribute('src')).toBe('/api/img/3.png');
    fireEvent.click(thumbs[1]);
    expect(preview().getAttribute('src')).toBe('/api/img/2.png');
    expect(thumbs[1].getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(thumbs[1], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(thumbs[0]);
    fireEvent.keyDown(thumbs[0], { key: 'End' });
    expect(document.activeElement).toBe(thumbs[2]);
  });

  it('an unknown product shows a not-found state with a link back', async () => {
    renderProduct(null);
    expect(await screen.findByText(PRODUCT_NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Catalogued Items' }).getAttribute('href')).toBe(
      '/cataloguedProducts',
    );
  });

  it('no shipping profile selector without the flag', async () => {
    renderProduct(buildProduct());
    await loaded();
    expect(screen.queryByRole('combobox', { name: 'Shipping profile' })).toBeNull();
  });

  it('no shipping profile selector for administrators even with the flag', async () => {
    renderProduct(buildProduct(), { flags: ['SHIPPING_PROFILE'], scopes: [SCOPES.readAllProductSubmissions] });
    await loaded();
    expect(screen.queryByRole('combobox', { name: 'Shipping profile' })).toBeNull();
  });

  it('with the flag a supplier without profiles sees the selector and that there are none', async () => {
    renderProduct(buildProduct(), { flags: ['SHIPPING_PROFILE'] });
    await loaded();
    const select = screen.getByRole('combobox', { name: 'Shipping profile' });
    expect(select).toHaveProperty('disabled', true);
    expect(screen.getByText('You have no shipping profiles yet.')).toBeTruthy();
  });

  it("applying a profile PUTs it and says 'Shipping profile applied.'", async () => {
    const { calls } = renderProduct(buildProduct(), {
      flags: ['SHIPPING_PROFILE'],
      shippingProfiles: [{ id: 5, name: 'Ambient' }],
      answers: { [PUT_PATH]: () => jsonResponse(200, buildProduct({ shippingProfileId: 5 })) },
    });
    await loaded();
    // The profiles arrive from the server after the product; until then there is nothing to choose.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Shipping profile' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Shipping profile' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ambient' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_APPLIED));
    const put = calls.find((c) => c.url === PUT_PATH)!;
    expect(JSON.parse(String(put.body))).toEqual({ shippingProfileId: 5 });
  });

  it("clearing the profile PUTs null and says 'Shipping profile successfully removed.'", async () => {
    const { calls } = renderProduct(buildProduct({ shippingProfileId: 5 }), {
      flags: ['SHIPPING_PROFILE'],
      shippingProfiles: [{ id: 5, name: 'Ambient' }],
      answers: { [PUT_PATH]: () => jsonResponse(200, buildProduct()) },
    });
    await loaded();
    // The profiles arrive from the server after the product.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Shipping profile' }) as HTMLInputElement).value).toBe('Ambient'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove the shipping profile' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROFILE_REMOVED));
    expect(JSON.parse(String(calls.find((c) => c.url === PUT_PATH)!.body))).toEqual({ shippingProfileId: null });
  });
});
