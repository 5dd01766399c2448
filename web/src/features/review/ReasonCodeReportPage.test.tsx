import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCOPES } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ReasonCodeReportPage } from './ReasonCodeReportPage.tsx';

describe('the reason-code report', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.includes('/review/reports/reason-codes')) {
        asked.push(path);
        const q = new URL(path, 'http://x').searchParams;
        return jsonResponse(200, {
          from: q.get('from'),
          to: q.get('to'),
          rows: [
            {
              partnerCompanyId: 30443,
              partnerName: 'FRESH MARKET GROCERS',
              code: 'BARCODE',
              decisions: 12,
              comments: 3,
            },
            { partnerCompanyId: null, partnerName: null, code: 'NAME', decisions: 1, comments: 0 },
          ],
        });
      }
      return jsonResponse(404, {});
    });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('counts rejections and comments per partner and reason code over the days chosen', async () => {
    renderWithApp(<ReasonCodeReportPage />, {
      path: '/review/reason-codes',
      session: buildSession({ user: buildUser({ scopes: [SCOPES.writeAllProductSubmissions] }) }),
    });
    const table = await screen.findByRole('table', { name: 'Counts per reason code and partner' });
    await within(table).findByText('BARCODE');
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['Fresh Market Grocers', 'BARCODE', '12', '3'],
      ['No partner', 'NAME', '1', '0'],
    ]);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-15' } });
    await waitFor(() => expect(asked.at(-1)).toContain('from=2026-11-01&to=2026-11-15'));
    // A first day after the last is said, and not asked for.
    const before = asked.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    expect(await screen.findByText('The first day must come on or before the last.')).toBeTruthy();
    expect(asked.length).toBe(before);
  });
});
