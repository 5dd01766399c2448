import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReviewItemComparison } from '@portal/domain';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AttributeComments } from '../submissions/ReviewComments.tsx';
import { ProposalContext } from './ProposalContext.tsx';

const ID = '5e9d1a7c-2f48-4b36-a0c1-8d7e6f5a4b32';

const comparison = (o: Partial<ReviewItemComparison> = {}): ReviewItemComparison => ({
  values: { upc: '036000291452', productName: 'Oat Crunch', brand: 'Green Valley', msrp: '3.5' },
  catalogued: null,
  previous: null,
  ...o,
});

const CATALOGUED: NonNullable<ReviewItemComparison['catalogued']> = {
  ean13Upc: '0036000291452',
  isDelisted: false,
  updatedDate: '2026-11-20T10:00:00.000Z',
  rows: [
    { label: 'Description (product name)', certified: 'OAT CRUNCH', proposed: 'Oat Crunch', differs: false },
    { label: 'Brand', certified: 'Blue Spring', proposed: 'Green Valley', differs: true },
    { label: 'Department', certified: 'Cereal', differs: false },
  ],
  images: [{ imageUrl: '/api/files/a/front.png', thumbnailUrl: '/api/files/a/front.png?thumbnail=true' }],
};

const PREVIOUS: NonNullable<ReviewItemComparison['previous']> = {
  rejectedAt: '2026-11-21T10:00:00.000Z',
  rejectedBy: 'Ada Admin',
  toStatus: 'ADMIN_REJECTED',
  reason: 'Fix the brand.',
  comments: [
    { target: 'brand', fileName: null, region: null, text: 'Misspelt.', by: 'Ada Admin', at: '2026-11-21T10:00:00Z' },
    {
      target: 'file',
      fileName: 'back.png',
      region: null,
      text: 'Blurry.',
      by: 'Ada Admin',
      at: '2026-11-21T10:00:00Z',
    },
  ],
  fields: [
    { field: 'upc', label: 'UPC', before: '036000291452', after: '036000291452', changed: false },
    { field: 'brand', label: 'Brand', before: 'Green Valey', after: 'Green Valley', changed: true },
  ],
  files: [
    { fileName: 'front.png', change: 'replaced', before: null, after: null },
    { fileName: 'back.png', change: 'removed', before: null, after: null },
  ],
  facts: [],
};

describe('the proposal beside the catalogue and the rejected version', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let answer: ReviewItemComparison = comparison();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (url) =>
      String(url).includes(`/review/items/${ID}/compare`) ? jsonResponse(200, answer) : jsonResponse(404, {}),
    );
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the certified values beside the proposed ones, the differing pair marked in words, and the images', async () => {
    answer = comparison({ catalogued: CATALOGUED });
    renderWithApp(<ProposalContext submissionId={ID} />);
    const table = await screen.findByRole('table', { name: 'Certified values beside the proposal' });
    const brand = within(table).getByRole('row', { name: /Brand/ });
    expect(brand.textContent).toBe('BrandDiffersBlue SpringGreen Valley');
    expect(within(table).getByRole('row', { name: /Description/ }).textContent).not.toContain('Differs');
    expect(within(table).getByRole('row', { name: /Department/ }).textContent).toContain(
      'n/a (a proposal has no such field)',
    );
    expect(screen.getByText(/1 value differs from the proposal/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'The catalogued product, 1 of 1' }).getAttribute('src')).toBe(
      '/api/files/a/front.png?thumbnail=true',
    );
  });

  it('shows a resubmission against the rejected version: the rejection, its comments, changed fields and files', async () => {
    answer = comparison({ previous: PREVIOUS });
    renderWithApp(<ProposalContext submissionId={ID} />);
    const fields = await screen.findByRole('table', { name: 'Fields changed since the rejection' });
    // Only the changed field is listed, before and after; the unchanged are counted.
    expect(
      within(fields)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['FieldRejected versionNow', 'BrandChangedGreen ValeyGreen Valley']);
    expect(screen.getByText('1 changed; 1 unchanged.')).toBeTruthy();
    expect(screen.getByText(/by Ada Admin: Fix the brand\./)).toBeTruthy();
    const comments = screen.getByRole('list', { name: 'Comments sent with the earlier rejection' });
    expect(
      within(comments)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Brand: Misspelt. (Ada Admin)', 'File back.png: Blurry. (Ada Admin)']);
    const files = screen.getByRole('list', { name: 'Files since the rejection' });
    expect(
      within(files)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Replacedfront.png', 'Removedback.pngSaid then (File back.png): Blurry.']);
  });

  it('shows the product facts before and after, each change named in words, with what was said of it then', async () => {
    answer = comparison({
      previous: {
        ...PREVIOUS,
        comments: [
          ...PREVIOUS.comments,
          { target: 'sodium', fileName: null, region: null, text: '150 mg on the panel.', by: 'Ada Admin', at: '' },
        ],
        facts: [
          { field: 'sodium', label: 'Sodium', before: '510 mg (22 % DV)', after: '150 mg (7 % DV)', change: 'changed' },
          { field: 'totalSugars', label: 'Total Sugars', before: null, after: '12 g', change: 'added' },
          { field: 'allergens', label: 'Allergens', before: 'Contains: milk.', after: null, change: 'removed' },
        ],
      },
    });
    renderWithApp(<ProposalContext submissionId={ID} />);
    const table = await screen.findByRole('table', { name: 'Product facts changed since the rejection' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fact', 'Change', 'Rejected version', 'Now']);
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/^Sodium/).textContent).toBe(
      'SodiumSaid then: 150 mg on the panel.Changed510 mg (22 % DV)150 mg (7 % DV)',
    );
    // The old value struck through, the new one inserted: the change is in the text, not in colour alone.
    expect(row(/^Sodium/).querySelector('del')?.textContent).toBe('510 mg (22 % DV)');
    expect(row(/^Sodium/).querySelector('ins')?.textContent).toBe('150 mg (7 % DV)');
    expect(row(/^Total Sugars/).textContent).toBe('Total SugarsAddednone12 g');
    expect(row(/^Allergens/).textContent).toBe('AllergensRemovedContains: milk.none');
  });

  it('says when no fact changed, and when the rejected version kept none', async () => {
    answer = comparison({ previous: PREVIOUS });
    const { unmount } = renderWithApp(<ProposalContext submissionId={ID} />);
    expect(await screen.findByText('No product fact changed.')).toBeTruthy();
    unmount();
    answer = comparison({ previous: { ...PREVIOUS, facts: null } });
    renderWithApp(<ProposalContext submissionId={ID} />);
    expect(await screen.findByText(/product facts of the rejected version were not kept/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Product facts changed since the rejection' })).toBeNull();
  });

  it('lists the filled attributes, each with a button that starts a comment on it', async () => {
    answer = comparison();
    const onComment = vi.fn();
    renderWithApp(<ProposalContext submissionId={ID} onComment={onComment} />);
    const table = await screen.findByRole('table', { name: 'Attributes of the proposal' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Brand', 'MSRP']);
    fireEvent.click(screen.getByRole('button', { name: 'Comment on MSRP' }));
    expect(onComment).toHaveBeenCalledWith('msrp');
    expect(screen.getByText(/Not filled in: Suggested class,/)).toBeTruthy();
  });

  it('offers no comment button on a decided item', async () => {
    answer = comparison();
    renderWithApp(<ProposalContext submissionId={ID} />);
    await screen.findByRole('table', { name: 'Attributes of the proposal' });
    expect(screen.queryByRole('button', { name: /Comment on/ })).toBeNull();
  });
});

describe("the supplier's view of comments on attributes", () => {
  it('names each attribute commented on, its comments under it', () => {
    renderWithApp(
      <AttributeComments
        comments={[
          { target: 'upc', fileName: null, region: null, text: 'Shown at the UPC.' },
          { target: 'msrp', fileName: null, region: null, text: 'Too low.' },
          { target: 'brand', fileName: null, region: null, text: 'Misspelt.' },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: "Reviewer's comments on other details" });
    expect(
      within(section)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Brand', 'MSRP']);
    expect(within(section).getByRole('list', { name: "Reviewer's comments on the msrp" }).textContent).toBe(
      'Reviewer: Too low.',
    );
    expect(section.textContent).not.toContain('Shown at the UPC.');
  });

  it('shows nothing without comments on attributes', () => {
    renderWithApp(<AttributeComments comments={[{ target: 'upc', fileName: null, region: null, text: 'x' }]} />);
    expect(screen.queryByRole('region', { name: "Reviewer's comments on other details" })).toBeNull();
    expect(screen.queryByText('x')).toBeNull();
  });
});
