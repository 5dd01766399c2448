import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALL_SCOPES } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AuditPage } from './AuditPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const OPTIONS = {
  actions: [{ value: 'submission.accepted', label: 'Submission accepted' }],
  actors: [{ id: 5, name: 'Ada Admin', email: 'admin@example.com' }],
  companies: [{ id: 1001, name: 'Green Valley Foods' }],
};
const ROW = {
  id: 1,
  at: '2026-11-23T10:00:00.000Z',
  actor: { id: 5, name: 'Ada Admin', email: 'admin@example.com' },
  action: 'submission.accepted',
  actionLabel: 'Submission accepted',
  target: { type: 'submission', id: 'abc', companyId: 1001, companyName: 'Green Valley Foods', label: 'Oats' },
  before: { status: 'SUBMITTED' },
  after: { status: 'ACCEPTED' },
};

function stubApi(row: object = ROW, page: object = { items: [row], total: 1, more: false, page: 1, pageSize: 25 }) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return url.startsWith('/api/audit/options') ? jsonResponse(200, OPTIONS) : jsonResponse(200, page);
    }),
  );
  return urls;
}

describe('Audit trail page', () => {
  it('shows the rows in a captioned table with column headers, the target linked and before/after summaries', async () => {
    stubApi();
    renderWithApp(<AuditPage />, {
      path: '/admin/audit',
      session: buildSession({ user: buildUser({ scopes: [...ALL_SCOPES] }) }),
    });
    const table = await screen.findByRole('table', { name: 'Staff actions, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Target', 'Company', 'Before', 'After']);
    const link = await within(table).findByRole('link', { name: 'Oats' });
    expect(link.getAttribute('href')).toBe('/productSubmissions/abc');
    expect(within(table).getByText('status: SUBMITTED')).toBeTruthy();
    expect(within(table).getByText('status: ACCEPTED')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 action.');
    // On a phone each row is a card whose lines are led by their column's name.
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.getAttribute('data-label')),
    ).toEqual(['When', 'Who', 'Action', 'Target', 'Company', 'Before', 'After']);
  });

  it('sends the filters in the address to the list and to the CSV link, as instants of local days', async () => {
    const urls = stubApi();
    renderWithApp(<AuditPage />, {
      path: '/admin/audit?action=submission.accepted&companyId=1001&from=2026-11-01&to=2026-11-23',
      session: buildSession({ user: buildUser({ scopes: [...ALL_SCOPES] }) }),
    });
    await screen.findByRole('table');
    const search = screen.getByRole('search', { name: 'Filter the audit trail' });
    expect(within(search).getByLabelText('From')).toBeTruthy();
    expect(within(search).getByLabelText('To')).toBeTruthy();
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/audit?'))).toBe(true));
    const list = new URL(
      urls.find((u) => u.startsWith('/api/audit?'))!,
      'http://x',
    );
    expect(list.searchParams.get('action')).toBe('submission.accepted');
    expect(list.searchParams.get('companyId')).toBe('1001');
    expect(list.searchParams.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(list.searchParams.get('to')).toBe(new Date(2026, 10, 23, 23, 59, 59, 999).toISOString());
    const csv = new URL(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/audit.csv');
    expect(csv.searchParams.get('action')).toBe('submission.accepted');
    expect(csv.searchParams.get('from')).toBe(list.searchParams.get('from'));
    expect(csv.searchParams.has('page')).toBe(false);
  });

  it('shows a settings change as one readable line per changed setting, with company names as the portal writes them', async () => {
    stubApi({
      ...ROW,
      action: 'partner_configuration.updated',
      actionLabel: 'Partner settings changed',
      target: {
        type: 'partner_configuration',
        id: '1',
        companyId: 30443,
        companyName: 'FRESH MARKET GROCERS',
        label: 'FRESH MARKET GROCERS',
      },
      before: { blockingPhotoChecks: [], fieldRules: { msrp: { required: true } } },
      after: { blockingPhotoChecks: ['BLURRY'], fieldRules: { msrp: { required: false } } },
    });
    renderWithApp(<AuditPage />, {
      path: '/admin/audit',
      session: buildSession({ user: buildUser({ scopes: [...ALL_SCOPES] }) }),
    });
    const table = await screen.findByRole('table', { name: 'Staff actions, newest first' });
    const cells = await within(table).findAllByRole('cell');
    const text = cells.map((c) => c.textContent ?? '');
    expect(within(table).getAllByText('Fresh Market Grocers')).toHaveLength(2);
    expect(text.join(' ')).not.toContain('FRESH MARKET GROCERS');
    expect(within(table).getByText('Photo checks that block Submit: Blurry')).toBeTruthy();
    expect(within(table).getByText('MSRP required: off')).toBeTruthy();
    expect(within(table).getByText('Photo checks that block Submit: (none)')).toBeTruthy();
    expect(text.join(' ')).not.toMatch(/[{}"]/);
  });

  it('a trail of more than 10,000 rows says so, and the next page is read from the last row shown', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ ...ROW, id: 5000 - i }));
    const urls = stubApi(ROW, { items: rows, total: 10_000, more: true, page: 1, pageSize: 25 });
    renderWithApp(<AuditPage />, {
      path: '/admin/audit',
      session: buildSession({ user: buildUser({ scopes: [...ALL_SCOPES] }) }),
    });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('More than 10,000 actions: a date range narrows them.'),
    );
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages of the audit trail' })).getByRole('button', {
        name: 'Next page',
      }),
    );
    await waitFor(() => expect(urls.some((u) => u.includes('page=2') && u.includes('after=4976'))).toBe(true));
  });
});
