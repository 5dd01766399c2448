import { describe, expect, it } from 'vitest';
import { FACT_FIELDS } from './product-facts-suggestions.ts';
import { commentsOn, isMarkedComment, REVIEW_COMMENT_FACTS, reviewCommentPlace } from './review-comments.ts';
import { reviewCommentInputSchema } from './review-comments-schema.ts';

const REGION = { x: 0.1, y: 0.5, w: 0.3, h: 0.05 };

describe('comments on a product fact', () => {
  it('can be on every fact the facts hold, by the same names', () => {
    expect([...REVIEW_COMMENT_FACTS]).toEqual([...FACT_FIELDS]);
  });

  it('point at a wrong value, with or without where it is printed on a photo', () => {
    const plain = reviewCommentInputSchema.parse({ target: 'sodium', text: 'The panel says 150 mg.' });
    expect(plain).toMatchObject({ target: 'sodium', fileName: null, region: null });
    expect(reviewCommentPlace(plain)).toBe('Sodium');
    expect(isMarkedComment(plain)).toBe(false);

    const marked = reviewCommentInputSchema.parse({
      target: 'sodium',
      text: 'The panel says 150 mg.',
      fileName: 'panel.jpg',
      region: REGION,
    });
    expect(marked).toMatchObject({ target: 'sodium', fileName: 'panel.jpg', region: REGION });
    expect(reviewCommentPlace(marked)).toBe('Sodium, marked on panel.jpg');
    expect(isMarkedComment(marked)).toBe(true);
    // Beside the fact, and on the photo it is marked on.
    expect(commentsOn([plain, marked], { field: 'sodium' })).toHaveLength(2);
    expect(commentsOn([plain, marked], { fileName: 'panel.jpg' })).toEqual([marked]);
  });

  it('refuses a marked fact without its file, and drops a file named without a region', () => {
    expect(reviewCommentInputSchema.safeParse({ target: 'calories', text: 'x', region: REGION }).success).toBe(false);
    const parsed = reviewCommentInputSchema.parse({ target: 'calories', text: 'x', fileName: 'a.png' });
    expect(parsed.fileName).toBeNull();
  });
});
