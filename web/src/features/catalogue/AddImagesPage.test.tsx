import { use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { DRAFT_MSG } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import type { UploadProgress } from '../../api/upload-files.ts';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import { AddImagesConfirmationPage, AddImagesPage, CONFIRMATION_TEXT } from './AddImagesPage.tsx';

const uploadProductImages = vi.hoisted(() => vi.fn());
/** The product's certified facts, as the page reads them (none unless a test gives some). */
const certifiedFacts = vi.hoisted(() => ({ current: null as unknown }));
/** Whether the certified facts have been read (a test sets it false, then true, to have them arrive). */
const factsRead = vi.hoisted(() => {
  let read = true;
  const listeners = new Set<() => void>();
  return {
    get: () => read,
    set: (value: boolean) => {
      read = value;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
});
vi.mock('./catalogue-api.ts', async (importOriginal) => {
  const { useSyncExternalStore } = await import('react');
  return {
    ...(await importOriginal<typeof import('./catalogue-api.ts')>()),
    uploadProductImages,
    useCataloguedProductFacts: () =>
      useSyncExternalStore(factsRead.subscribe, factsRead.get)
        ? { isSuccess: true, data: certifiedFacts.current }
        : { isSuccess: false, data: undefined },
  };
});

const UPC = '0036000291452';
const file = (name: string, size = 1000, type = 'image/png') => new File([new Uint8Array(size)], name, { type });

function renderPage(path = `/cataloguedProducts/${UPC}/upload/file_select`) {
  return renderWithApp(
    <Routes>
      <Route path="/cataloguedProducts/:ean13Upc/upload/file_select" element={<AddImagesPage />} />
      <Route path="/cataloguedProducts/:ean13Upc/upload/confirmation" element={<AddImagesConfirmationPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { path, session: buildSession({ user: buildUser() }) },
  );
}

const choose = (files: File[]) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
};
const submit = () => screen.getByRole('button', { name: /^(Submit product|Submitting\.\.\.)$/ });
const chosenNames = () =>
  within(screen.getByRole('list', { name: 'Chosen files' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);

describe('Add images to a catalogued product', () => {
  beforeEach(() => hideBanner());
  afterEach(() => {
    uploadProductImages.mockReset();
    certifiedFacts.current = null;
    factsRead.set(true);
  });

  it('files chosen before the certified facts are read stay chosen once they arrive', () => {
    factsRead.set(false);
    renderPage();
    choose([file('front.png')]);
    act(() => factsRead.set(true));
    expect(screen.getByRole('heading', { name: 'Product facts' })).toBeTruthy();
    expect(chosenNames()).toEqual(['front.png']);
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('offers the certified facts to correct, and sends only a changed set with the images', async () => {
    certifiedFacts.current = {
      basis: 'serving',
      servingSize: null,
      servingsPerContainer: null,
      calories: 230,
      energyKj: null,
      nutrients: [{ key: 'protein', amount: 3, unit: 'GRM', dailyValuePercent: null }],
      netContent: { printed: 'NET WT 12 OZ (340 g)', quantity: 340, unit: 'GRM' },
      ingredients: null,
      allergens: null,
    };
    uploadProductImages.mockResolvedValue({ id: 's9' });
    renderPage();
    expect(screen.getByText(/The certified facts of this item/)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Calories' }) as HTMLInputElement).value).toBe('230');
    fireEvent.change(screen.getByRole('textbox', { name: 'Allergen statement' }), {
      target: { value: 'Contains: wheat.' },
    });
    choose([file('front.png')]);
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(uploadProductImages).toHaveBeenCalled());
    const fields = uploadProductImages.mock.calls[0]![5] as Record<string, string>;
    const sent = JSON.parse(fields.facts!);
    expect(sent).toMatchObject({ calories: 230, allergens: 'Contains: wheat.', netContent: { quantity: 340 } });
    expect(sent.nutrients.protein).toEqual({ amount: 3, unit: 'GRM', dailyValuePercent: null });
  });

  it('sends no facts when the supplier changed none', async () => {
    uploadProductImages.mockResolvedValue({ id: 's9' });
    renderPage();
    expect(screen.getByText(/This item has no facts yet/)).toBeTruthy();
    choose([file('front.png')]);
    await act(async () => fireEvent.click(submit()));
    await waitFor(() => expect(uploadProductImages).toHaveBeenCalled());
    expect(uploadProductImages.mock.calls[0]![5]).toEqual({});
  });

  it('shows the title, instructions, formats and the UPC read-only, with Submit disabled until files are chosen', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload product image(s)' })).toBeTruthy();
    expect(screen.getByText(/all sides of the label, including the UPC/)).toBeTruthy();
    expect(screen.getByText(/Label artwork files are preferred/)).toBeTruthy();
    expect(screen.getByText('Accepted formats: PDF, JPG, PNG, GIF, TIF')).toBeTruthy();
    const upc = screen.getByRole('textbox', { name: 'UPC' }) as HTMLInputElement;
    expect(upc.value).toBe(UPC);
    expect(upc.readOnly).toBe(true);
    // Read-only, not disabled: a disabled field is drawn light grey on grey, below the contrast text needs (issue 17 item 8).
    expect(upc.disabled).toBe(false);
    expect(upc.getAttribute('data-disabled')).toBeNull();
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: /Back to the catalogued item/ }).getAttribute('href')).toBe(
      `/cataloguedProducts/${UPC}`,
    );
  });

  it('applies the intake selection rules with the same error notification', () => {
    renderPage();
    choose([file('front.png'), file('notes.txt', 10, 'text/plain')]);
    expect(chosenNames()).toEqual(['front.png']);
    expect(getBanner()?.message).toMatch(
      /We weren't able to add 1 file\..*The file format must be PDF, JPG, PNG, GIF or TIF\./s,
    );
  });

  it("reads 'Submitting...' with progress while sending, then confirms with a link back to the product", async () => {
    let progress: (p: UploadProgress) => void = () => {};
    let answer: (value: { id: string }) => void = () => {};
    uploadProductImages.mockImplementation((_upc: string, _files: File[], onProgress: (p: UploadProgress) => void) => {
      progress = onProgress;
      return new Promise((resolve) => (answer = resolve));
    });
    const { router } = renderPage();
    choose([file('front.png'), file('back.png')]);
    fireEvent.click(submit());

    expect(uploadProductImages).toHaveBeenCalledOnce();
    expect(uploadProductImages.mock.calls[0][0]).toBe(UPC);
    expect((uploadProductImages.mock.calls[0][1] as File[]).map((f) => f.name)).toEqual(['front.png', 'back.png']);
    expect(submit().textContent).toBe('Submitting...');
    expect(submit()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveProperty('disabled', true);
    act(() => progress({ loaded: 50, total: 200 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('25');

    await act(async () => answer({ id: 's9' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cataloguedProducts/${UPC}/upload/confirmation`));
    expect(screen.getByText(CONFIRMATION_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the catalogued item' }).getAttribute('href')).toBe(
      `/cataloguedProducts/${UPC}`,
    );
  });

  it('Cancel stays enabled while sending, and is disabled once the images are sent', async () => {
    let answer: (value: { id: string }) => void = () => {};
    uploadProductImages.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    // The confirmation's code still loading: the page stays on screen, its address already the confirmation's.
    const Loading = () => use(new Promise<never>(() => {}));
    const { router } = renderWithApp(
      <Routes>
        <Route path="/cataloguedProducts/:ean13Upc/upload/file_select" element={<AddImagesPage />} />
        <Route path="/cataloguedProducts/:ean13Upc/upload/confirmation" element={<Loading />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>,
      { path: `/cataloguedProducts/${UPC}/upload/file_select`, session: buildSession({ user: buildUser() }) },
    );
    choose([file('front.png')]);
    fireEvent.click(submit());
    const cancel = () => screen.getByRole('button', { name: 'Cancel' });
    expect(cancel()).toHaveProperty('disabled', false);
    await act(async () => answer({ id: 's9' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cataloguedProducts/${UPC}/upload/confirmation`));
    expect(cancel()).toHaveProperty('disabled', true);
  });

  it('Cancel while sending stops the upload and returns to the product', async () => {
    let signal: AbortSignal | undefined;
    uploadProductImages.mockImplementation(
      (_upc: string, _files: File[], _onProgress: unknown, s: AbortSignal) =>
        new Promise(() => {
          signal = s;
        }),
    );
    const { router } = renderPage();
    choose([file('front.png')]);
    fireEvent.click(submit());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cataloguedProducts/${UPC}`));
    expect(signal?.aborted).toBe(true);
  });

  it("says the images' barcode is another code before anything is created, and sends on 'Submit anyway'", async () => {
    const said = DRAFT_MSG.productUpcDiffers(UPC, ['4006381333931'], ['other.png']);
    uploadProductImages
      .mockRejectedValueOnce(
        new ApiError({ status: 409, statusText: 'Conflict', code: 'BARCODE_DIFFERS', message: said }),
      )
      .mockResolvedValueOnce({ id: 's1' });
    renderPage();
    choose([file('other.png')]);
    fireEvent.click(submit());
    const ask = await screen.findByRole('dialog', { name: DRAFT_MSG.upcDiffersTitle });
    expect(within(ask).getByText(said)).toBeTruthy();
    expect(uploadProductImages.mock.calls[0][4]).toBe(false);
    // The files are still chosen; 'Submit anyway' sends them with the confirmation.
    fireEvent.click(within(ask).getByRole('button', { name: 'Submit anyway' }));
    expect(await screen.findByText(CONFIRMATION_TEXT)).toBeTruthy();
    expect(uploadProductImages).toHaveBeenCalledTimes(2);
    expect(uploadProductImages.mock.calls[1][4]).toBe(true);
  });

  it('a refused upload keeps the files and shows the server message', async () => {
    uploadProductImages.mockRejectedValue(
      new ApiError({
        status: 413,
        statusText: 'Payload Too Large',
        message: 'big.png: The file size needs to be no larger than 15MB.',
      }),
    );
    renderPage();
    choose([file('front.png'), file('big.png')]);
    fireEvent.click(submit());
    await waitFor(() => expect(getBanner()?.message).toBe('big.png: The file size needs to be no larger than 15MB.'));
    expect(chosenNames()).toEqual(['front.png', 'big.png']);
    expect(submit().textContent).toBe('Submit product');
    expect(submit()).toHaveProperty('disabled', false);
  });
});
