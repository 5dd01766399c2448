import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CARD_LAYOUT_MAX_PX } from '../../ui/stacked-table.ts';
import { fakeServer } from '../submissions/fake-server.test-helper.ts';
import { ActivityPage } from './ActivityPage.tsx';

const useMediaQuery = vi.hoisted(() => vi.fn(() => true));
vi.mock('@mantine/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@mantine/hooks')>()),
  useMediaQuery,
}));

const row = {
  kind: 'Product',
  id: 'p1',
  upc: '036000291452',
  upcs: ['036000291452'],
  productName: 'Tomato Soup',
  itemStatus: 'SUBMITTED',
  updatedDate: new Date(2025, 2, 7, 16, 5).toISOString(),
  fileCount: 2,
  partnerCompanyId: 30443,
  partnerStatusLabel: 'Incomplete',
  readiness: null,
  canDelete: true,
};

describe('Activity on a narrow screen (issue 17 item 18)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card per submission with everything the table has: status, files, date, partner status, select and delete', async () => {
    const { operations } = fakeServer({
      ActivityPage: { data: { getProductSubmissionsByStatuses: { items: [row], total: 1, page: 1, pageSize: 10 } } },
    });
    renderWithApp(
      <Routes>
        <Route path="/activity/:tab" element={<ActivityPage />} />
      </Routes>,
      { path: '/activity/all', session: buildSession({ user: buildUser(), flags: ['SUBMISSION_LIST_VIEW'] }) },
    );
    const link = await screen.findByRole('link', { name: '0036000291452' });
    expect(useMediaQuery).toHaveBeenCalledWith(`(max-width: ${CARD_LAYOUT_MAX_PX}px)`, undefined, {
      getInitialValueInEffect: false,
    });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: /Active submissions/ })).getByRole('listitem');
    expect(card.contains(link)).toBe(true);
    for (const text of [
      'Tomato Soup',
      'Submitted',
      'Files: 2',
      'Modified: 03/07/2025 4:05 pm',
      'Partner status: Incomplete',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Select 0036000291452, Tomato Soup' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit to complete' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Delete 0036000291452, Tomato Soup' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(operations()).toContain('ActivityPage');
  });
});
