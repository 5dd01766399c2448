import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { READ_ONLY_NO_ADD } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import type { UploadProgress } from '../../api/upload-files.ts';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';
import type { Draft } from './drafts-api.ts';
import { UploadFilesPage } from './UploadFilesPage.tsx';

const createDraft = vi.hoisted(() => vi.fn());
vi.mock('./drafts-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./drafts-api.ts')>()),
  createDraft,
}));

const file = (name: string, size = 1000, type = 'image/png') => new File([new Uint8Array(size)], name, { type });

function renderStep1(partnerId: number | null = null, scopes: string[] = []) {
  const prefix = partnerId ? `/${partnerId}` : '';
  return renderWithApp(<UploadFilesPage />, {
    path: `${prefix}/upload`,
    partnerId,
    session: buildSession({ user: buildUser({ scopes }) }),
    routes: [
      { path: `${prefix}/upload/draft/:id/designate_upc`, element: <p>Step 2 of the new draft</p> },
      { path: '/activity/requires_action', element: <p>Requires action</p> },
    ],
  });
}

const choose = (files: File[]) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files } });
};
const chosenNames = () =>
  screen.queryByRole('list', { name: 'Chosen files' })
    ? within(screen.getByRole('list', { name: 'Chosen files' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent)
    : [];
const next = () => screen.getByRole('button', { name: /^(Next|Sending\.\.\.)$/ });

describe('Upload step 1', () => {
  beforeEach(() => hideBanner());
  afterEach(() => createDraft.mockReset());

  it('tells a read-only administrator at once that they cannot add submissions, and offers no upload', () => {
    renderStep1(null, ['read:allproductsubmissions']);
    expect(screen.getByText(READ_ONLY_NO_ADD)).toBeTruthy();
    expect(document.querySelector<HTMLInputElement>('input[type="file"]')?.disabled ?? true).toBe(true);
    choose([file('front.png')]);
    expect(chosenNames()).toEqual([]);
    expect(next()).toHaveProperty('disabled', true);
    expect(createDraft).not.toHaveBeenCalled();
  });

  it('starts with the intro, the requirements link and a disabled Next', () => {
    renderStep1();
    expect(screen.getByRole('heading', { level: 1, name: 'Upload product file(s)' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /image requirements/ });
    expect(link.getAttribute('href')).toBe('/static/image-requirements.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('file-drop-zone').style.minHeight).toBe('133px');
  });

  it('lists chosen files (HEIC phone photos too) with size and a remove button, and grows the drop zone by 72 px per file', () => {
    renderStep1();
    choose([file('front.png', 2048), file('label.pdf', 500, 'application/pdf')]);
    expect(chosenNames()).toEqual(['front.png', 'label.pdf']);
    // An iPhone's HEIC photo is taken too (the server keeps it as JPEG).
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toMatch(/\.heic/);
    choose([file('IMG_0001.HEIC', 4096, 'image/heic')]);
    expect(chosenNames()).toEqual(['front.png', 'label.pdf', 'IMG_0001.HEIC']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove IMG_0001.HEIC' }));
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(screen.getByTestId('file-drop-zone').style.minHeight).toBe(`${133 + 72 * 2}px`);
    expect(next()).toHaveProperty('disabled', false);
    expect(getBanner()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(chosenNames()).toEqual(['label.pdf']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove label.pdf' }));
    expect(chosenNames()).toEqual([]);
    expect(next()).toHaveProperty('disabled', true);
  });

  it('drops a bad selection with the exact notification: other formats, empty files, duplicate names', () => {
    renderStep1();
    choose([file('front.png')]);
    choose([
      file('notes.txt', 10, 'text/plain'),
      file('FRONT.png'),
      file('empty.gif', 0, 'image/gif'),
      file('side.jpg', 10, 'image/jpeg'),
    ]);
    expect(chosenNames()).toEqual(['front.png', 'side.jpg']);
    expect(getBanner()?.message).toBe(
      "We weren't able to add 3 files. The file size needs to be no larger than 15MB and bigger than 0 Bytes each. The file format must be PDF, JPG, PNG, GIF or TIF. All file names must be unique.",
    );
    expect(getBanner()?.kind).toBe('error');
  });

  it('keeps only the last 10 files and says why', () => {
    renderStep1();
    choose(Array.from({ length: 12 }, (_, i) => file(`p${i}.png`)));
    expect(chosenNames()).toHaveLength(10);
    expect(chosenNames()[0]).toBe('p2.png');
    expect(getBanner()?.message).toBe(
      "We weren't able to add 2 files. The total number of files needs to be up to 10.",
    );
  });

  it('Next sends the files in one request, shows per-file progress, disables the drop zone and opens step 2', async () => {
    let progress: (p: UploadProgress) => void = () => {};
    let answer: (draft: Draft) => void = () => {};
    createDraft.mockImplementation((_files: File[], onProgress: (p: UploadProgress) => void) => {
      progress = onProgress;
      return new Promise<Draft>((resolve) => (answer = resolve));
    });
    const { router } = renderStep1(30443);
    choose([file('front.png', 100), file('side.png', 300)]);
    fireEvent.click(next());

    expect(createDraft).toHaveBeenCalledOnce();
    expect((createDraft.mock.calls[0][0] as File[]).map((f) => f.name)).toEqual(['front.png', 'side.png']);
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Remove front.png' })).toBeNull();

    act(() => progress({ loaded: 250, total: 500 }));
    const bar = (name: string) => screen.getByRole('progressbar', { name: `Upload progress for ${name}` });
    expect(bar('front.png').getAttribute('aria-valuenow')).toBe('99');
    expect(bar('side.png').getAttribute('aria-valuenow')).toBe('33');

    await act(async () => answer({ id: 'd1', files: [] } as unknown as Draft));
    await waitFor(() => expect(screen.getByText('Step 2 of the new draft')).toBeTruthy());
    expect(router.state.location.pathname).toBe('/30443/upload/draft/d1/designate_upc');
    expect(router.state.location.state).toEqual({ newDraft: true });
  });

  it('a refused upload keeps the files and shows the server message', async () => {
    createDraft.mockRejectedValue(
      new ApiError({
        status: 400,
        statusText: 'Bad Request',
        message: 'notes.png: This file is not a PDF, JPG, PNG, GIF or TIF image.',
      }),
    );
    renderStep1();
    choose([file('front.png'), file('notes.png')]);
    fireEvent.click(next());
    await waitFor(() =>
      expect(getBanner()?.message).toBe('notes.png: This file is not a PDF, JPG, PNG, GIF or TIF image.'),
    );
    expect(chosenNames()).toEqual(['front.png', 'notes.png']);
    expect(next().textContent).toBe('Next');
    expect(next()).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Choose files' })).toHaveProperty('disabled', false);
  });

  it('once the draft is created, Cancel is disabled while step 2 opens: it would leave the new draft behind', async () => {
    createDraft.mockResolvedValue({ id: 'd2', files: [] } as unknown as Draft);
    const { router } = renderWithApp(<UploadFilesPage />, {
      path: '/upload',
      // Step 2's code still loading: the navigation waits, and this page stays on screen.
      routes: [{ path: '/upload/draft/:id/designate_upc', lazy: () => new Promise(() => {}) }],
    });
    choose([file('front.png')]);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
    fireEvent.click(next());
    await waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/upload/draft/d2/designate_upc'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    expect(next()).toHaveProperty('disabled', true);
  });

  it('Cancel goes to the home route', () => {
    const { router } = renderStep1();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
