import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ImageRegion, ReviewCommentInput, ReviewCommentTarget, ReviewStockReason } from '@portal/domain';
import { jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CommentComposer } from './CommentComposer.tsx';

const MARK: ImageRegion = { x: 0.1, y: 0.5, w: 0.4, h: 0.05 };

const PARTNER = 30443;
/** The partner's stock reasons (one without a code) and one for every partner, as the server lists them. */
const REASONS: ReviewStockReason[] = [
  { id: 1, partnerCompanyId: PARTNER, text: 'The barcode is not readable on the photo.', code: 'BARCODE_UNREADABLE' },
  { id: 2, partnerCompanyId: PARTNER, text: 'Wrong size.', code: null },
  { id: 3, partnerCompanyId: null, text: 'The name is not the one on the pack.', code: 'NAME_MISMATCH' },
];
const fetchMock = vi.fn<typeof fetch>();
let stockReasons: ReviewStockReason[] = [];
beforeEach(() => {
  stockReasons = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url) =>
    String(url).includes(`/review/stock-reasons?partner=${PARTNER}`)
      ? jsonResponse(200, stockReasons)
      : jsonResponse(404, { message: 'not here' }),
  );
});

function renderComposer(target: ReviewCommentTarget, region: ImageRegion | null, comments: ReviewCommentInput[] = []) {
  const onAdd = vi.fn();
  const onTarget = vi.fn();
  renderWithApp(
    <CommentComposer
      fileName="panel.png"
      target={target}
      onTarget={onTarget}
      region={region}
      comments={comments}
      onAdd={onAdd}
      onRemove={() => {}}
      disabled={false}
      partnerCompanyId={PARTNER}
    />,
  );
  const add = (text: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
  };
  return { onAdd, onTarget, add };
}

describe('comment composer', () => {
  it('offers each product fact to comment on', () => {
    const { onTarget } = renderComposer('upc', null);
    const about = screen.getByRole('combobox', { name: 'About' });
    const group = about.querySelector('optgroup[label="A product fact"]')!;
    expect([...group.querySelectorAll('option')].map((o) => o.textContent)).toContain('Sodium');
    fireEvent.change(about, { target: { value: 'sodium' } });
    expect(onTarget).toHaveBeenCalledWith('sodium');
  });

  it('a comment on a fact carries the mark drawn on the photo, when there is one', () => {
    const marked = renderComposer('sodium', MARK);
    expect(screen.getByText(/^Marked on panel\.png/)).toBeTruthy();
    marked.add('The panel says 150 mg.');
    expect(marked.onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ target: 'sodium', fileName: 'panel.png', region: MARK }),
    );
  });

  it('a comment on a fact without a mark is on the value alone', () => {
    const plain = renderComposer('calories', null);
    expect(screen.getByText(/Drag on the image to mark where it is printed/)).toBeTruthy();
    plain.add('Says 230.');
    expect(plain.onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ target: 'calories', fileName: null, region: null }),
    );
  });

  it("offers the partner's reason codes, optional: the comment carries the one chosen", async () => {
    stockReasons = REASONS;
    const { onAdd, add } = renderComposer('upc', null);
    const select = await screen.findByRole('combobox', { name: 'Reason code' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'No reason code',
      'BARCODE_UNREADABLE: The barcode is not readable on the photo.',
      'NAME_MISMATCH: The name is not the one on the pack.',
    ]);
    add('Without a code.');
    expect(onAdd).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'Without a code.', reasonCode: null }));
    fireEvent.change(select, { target: { value: 'BARCODE_UNREADABLE' } });
    add('The bars are cut off.');
    expect(onAdd).toHaveBeenLastCalledWith(
      expect.objectContaining({ target: 'upc', text: 'The bars are cut off.', reasonCode: 'BARCODE_UNREADABLE' }),
    );
    // Back to none for the next comment.
    expect((select as HTMLSelectElement).value).toBe('');
  });

  it('lists a comment with its reason code and its words', async () => {
    stockReasons = REASONS;
    renderComposer('upc', null, [{ target: 'productName', text: 'Says Oats.', reasonCode: 'NAME_MISMATCH' }]);
    const listed = screen.getByRole('list', { name: 'Comments to send with the rejection' });
    expect(await within(listed).findByText('(NAME_MISMATCH: The name is not the one on the pack.)')).toBeTruthy();
  });
});
