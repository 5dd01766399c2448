import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UploadProgress } from '../../api/upload-files.ts';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { ImportJobsPage } from './ImportJobsPage.tsx';
import { IMPORT_MSG, MAX_FILE_BYTES, UPLOAD_MSG } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { getBanner, hideBanner } from '../../ui/banner/banner-store.ts';

const uploadIngestionFiles = vi.hoisted(() => vi.fn());
vi.mock('./bulk-ingestion-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./bulk-ingestion-api.ts')>()),
  uploadIngestionFiles,
}));

afterEach(() => {
  hideBanner();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Imports upload area', () => {
  it('sends the chosen files in one upload with a progress bar, then announces the new job and refreshes the list', async () => {
    let lists = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (lists++, jsonResponse(200, []))),
    );
    let progress: (p: UploadProgress) => void = () => {};
    let finish: (job: unknown) => void = () => {};
    uploadIngestionFiles.mockImplementation((_files: File[], onProgress: (p: UploadProgress) => void) => {
      progress = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const success = vi.spyOn(toast, 'success');
    renderWithApp(<ImportJobsPage />, {
      path: '/import-jobs',
      session: buildSession({ user: buildUser({ hasBulkIngestionAccess: true }) }),
    });
    expect(await screen.findByText('No import jobs yet.')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    const input = screen.getByTestId('file-drop-zone').querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['a'], 'a.png'), new File(['b'], 'photos.zip')] } });
    expect(screen.getByText('2 files chosen')).toBeTruthy();
    fireEvent.click(upload);
    expect(uploadIngestionFiles.mock.calls[0][0].map((f: File) => f.name)).toEqual(['a.png', 'photos.zip']);
    act(() => progress({ loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress 40%' })).toBeTruthy();
    const before = lists;
    await act(async () => finish({ id: 7, totalCount: 2 }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Import job 7 created with 2 files.'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(lists).toBeGreaterThan(before));
  });

  it('checks type and size before sending: a refused file never joins the list; each chosen file has a Remove', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, [])),
    );
    uploadIngestionFiles.mockReset();
    uploadIngestionFiles.mockRejectedValueOnce(
      new ApiError({ status: 413, statusText: 'Payload Too Large', message: `b.png: ${UPLOAD_MSG.size}` }),
    );
    uploadIngestionFiles.mockResolvedValueOnce({ id: 8, totalCount: 1 });
    renderWithApp(<ImportJobsPage />, {
      path: '/import-jobs',
      session: buildSession({ user: buildUser({ hasBulkIngestionAccess: true }) }),
    });
    expect(await screen.findByText('No import jobs yet.')).toBeTruthy();
    const input = screen.getByTestId('file-drop-zone').querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'a.png'), big, new File(['t'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(getBanner()?.message).toBe(
      IMPORT_MSG.notAdded([
        { name: 'big.png', reason: UPLOAD_MSG.size },
        { name: 'notes.txt', reason: IMPORT_MSG.format },
      ]),
    );
    expect(screen.getByText('1 file chosen')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['b'], 'b.png'), new File(['c'], 'c.png')] } });
    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a.png', 'b.png', 'c.png']);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove c.png' }));
    expect(screen.getByText('2 files chosen')).toBeTruthy();
    // The server refuses one file by name: it leaves the selection, and the next upload sends the rest.
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByText('1 file chosen')).toBeTruthy());
    expect(getBanner()?.message).toBe(`b.png: ${UPLOAD_MSG.size}`);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploadIngestionFiles).toHaveBeenCalledTimes(2));
    expect(uploadIngestionFiles.mock.calls[1][0].map((f: File) => f.name)).toEqual(['a.png']);
  });
});
