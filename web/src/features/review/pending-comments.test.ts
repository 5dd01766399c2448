import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReviewCommentInput } from '@portal/domain';
import { pendingComments, useItemComments } from './pending-comments.ts';

const ONE = '00000000-0000-4000-8000-000000000001';
const TWO = '00000000-0000-4000-8000-000000000002';
// As the comment box lists them (the shape the shared schema reads back): a comment may carry a reason code.
const upc: ReviewCommentInput = {
  target: 'upc',
  fileName: null,
  region: null,
  text: 'The UPC is not on the pack.',
  reasonCode: null,
};
const name: ReviewCommentInput = {
  target: 'productName',
  fileName: null,
  region: null,
  text: 'Say "Oats".',
  reasonCode: 'NAME_MISMATCH',
};

describe("an item's unsent comments", () => {
  afterEach(() => sessionStorage.clear());

  it('are kept per item for the session: J to the next item and K back finds them again', () => {
    const { result, rerender } = renderHook(({ id }) => useItemComments(id), { initialProps: { id: ONE } });
    act(() => result.current[1]((list) => [...list, upc]));
    expect(result.current[0]).toEqual([upc]);

    rerender({ id: TWO });
    expect(result.current[0]).toEqual([]);
    act(() => result.current[1]([name]));

    rerender({ id: ONE });
    expect(result.current[0]).toEqual([upc]);
    rerender({ id: TWO });
    expect(result.current[0]).toEqual([name]);
    // Kept in the tab's session storage: a reload finds them too.
    expect(pendingComments.read(ONE)).toEqual([upc]);
  });

  it('are forgotten once sent or dropped, and nothing is stored for an item without any', () => {
    const { result } = renderHook(() => useItemComments(ONE));
    act(() => result.current[1]([upc]));
    act(() => result.current[1]([]));
    expect(sessionStorage.length).toBe(0);
    pendingComments.write(TWO, [name]);
    pendingComments.forget(TWO);
    expect(pendingComments.read(TWO)).toEqual([]);
  });

  it('reads nothing from a damaged entry', () => {
    sessionStorage.setItem(`review.comments.${ONE}`, '{not json');
    expect(pendingComments.read(ONE)).toEqual([]);
    sessionStorage.setItem(`review.comments.${ONE}`, JSON.stringify([{ target: 'nowhere' }]));
    expect(pendingComments.read(ONE)).toEqual([]);
  });
});
