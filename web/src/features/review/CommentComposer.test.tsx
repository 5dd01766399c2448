import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { ImageRegion, ReviewCommentTarget } from '@portal/domain';
import { renderWithApp } from '../../test/render.tsx';
import { CommentComposer } from './CommentComposer.tsx';

const MARK: ImageRegion = { x: 0.1, y: 0.5, w: 0.4, h: 0.05 };

function renderComposer(target: ReviewCommentTarget, region: ImageRegion | null) {
  const onAdd = vi.fn();
  const onTarget = vi.fn();
  renderWithApp(
    <CommentComposer
      fileName="panel.png"
      target={target}
      onTarget={onTarget}
      region={region}
      comments={[]}
      onAdd={onAdd}
      onRemove={() => {}}
      disabled={false}
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
});
