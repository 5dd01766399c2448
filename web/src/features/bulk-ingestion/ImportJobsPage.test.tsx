import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UploadProgress } from '../../api/upload-files.ts';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { ImportJobsPage } from './ImportJobsPage.tsx';

const uploadIngestionFiles = vi.hoisted(() => vi.fn());
vi.mock('./bulk-ingestion-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./bulk-ingestion-api.ts')>()),
  uploadIngestionFiles,
}));

afterEach(() => {
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
    renderWithApp(<ImportJobsPage />, { path: '/import-jobs' });
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
});
