import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { SubmissionHistory } from './SubmissionHistory.tsx';

describe('Submission history', () => {
  it("tells the automated checks' rejection from the reviewer's who confirmed it, not 'Rejected → Rejected'", () => {
    const at = '2026-11-28T10:00:00.000Z';
    renderWithApp(
      <SubmissionHistory
        history={[
          { at, fromStatus: 'IN_PROGRESS', toStatus: 'SUBMITTED', reason: null, by: 'Sam Supplier', comments: [] },
          {
            at,
            fromStatus: 'SUBMITTED',
            toStatus: 'AUTO_REJECTED',
            reason: 'Wrong UPC.',
            by: 'Automated checks',
            comments: [],
          },
          {
            at,
            fromStatus: 'AUTO_REJECTED',
            toStatus: 'ADMIN_REJECTED',
            reason: 'Confirmed.',
            by: 'Ada Admin',
            comments: [],
          },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => [c[1], c[2]])).toEqual([
      ['Sam Supplier', 'Draft →to Submitted'],
      ['Automated checks', 'Submitted →to Rejected automatically'],
      ['Ada Admin', 'Rejected automatically →to Rejected'],
    ]);
  });
});
