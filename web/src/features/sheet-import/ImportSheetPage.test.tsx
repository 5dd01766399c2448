import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { SheetDryRun } from '@portal/domain';
import { renderWithApp } from '../../test/render.tsx';
import type { DryRunOutcome } from './sheet-import-api.ts';
import { ImportSheetPage } from './ImportSheetPage.tsx';

const dryRunSheet = vi.hoisted(() => vi.fn());
vi.mock('./sheet-import-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./sheet-import-api.ts')>()),
  dryRunSheet,
}));

afterEach(() => vi.restoreAllMocks());

const runOf = (rows: number): SheetDryRun => ({
  format: 'csv',
  sheets: ['Sheet1'],
  sheet: 0,
  headerRow: 1,
  headers: ['UPC'],
  mapping: [{ column: 0, header: 'UPC', target: 'upc', reason: 'header' }],
  preview: [],
  issues: [],
  totals: { rows, ready: rows, warnings: 0, blocked: 0 },
});

describe('Import a sheet', () => {
  it('shows the dry run of the sheet chosen last, whichever answer comes back last', async () => {
    const answers: ((outcome: DryRunOutcome) => void)[] = [];
    dryRunSheet.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    renderWithApp(<ImportSheetPage />, { path: '/import-sheet' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['UPC\n1'], 'first.csv')] } });
    fireEvent.change(input, { target: { files: [new File(['UPC\n1\n2'], 'second.csv')] } });
    expect(dryRunSheet.mock.calls.map((call) => (call[0] as File).name)).toEqual(['first.csv', 'second.csv']);

    await act(async () => answers[1]({ kind: 'read', run: runOf(2) }));
    expect(await screen.findByText(/2 rows: 2 ready/)).toBeTruthy();
    await act(async () => answers[0]({ kind: 'read', run: runOf(1) }));
    expect(screen.queryByText(/1 row: 1 ready/)).toBeNull();
    expect(screen.getByText(/2 rows: 2 ready/)).toBeTruthy();
    expect(screen.queryByText('Reading the sheet…')).toBeNull();
  });
});
