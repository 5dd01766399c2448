import { describe, expect, it } from 'vitest';
import { mayReview, SCOPES } from './scopes.ts';
import {
  commentsAsReason,
  parseReviewQueueSearch,
  rejectionCommentsNote,
  reviewDecisionBody,
  reviewDecisionSummary,
  reviewQueueSearch,
} from './review.ts';
import { needsSecondApproval } from './review-approval.ts';
import { reasonCodeSchema } from './review-approval-schema.ts';

describe('review queue address', () => {
  it('defaults stay out of the address, and the address reads back to the same query', () => {
    expect(reviewQueueSearch(parseReviewQueueSearch(''))).toBe('');
    const q = parseReviewQueueSearch('partner=30443&photo=TOO_DARK,BLURRY&duplicates=true&sort=newest&page=3&size=50');
    expect(q).toMatchObject({ status: 'SUBMITTED', partner: 30443, photo: ['TOO_DARK', 'BLURRY'], page: 3, size: 50 });
    expect(parseReviewQueueSearch(reviewQueueSearch(q))).toEqual({ ...q, photo: ['BLURRY', 'TOO_DARK'] });
  });
  it('a field that does not read falls back to its default and keeps the others', () => {
    expect(parseReviewQueueSearch('size=7&partner=30443&photo=NOPE')).toMatchObject({
      size: 25,
      partner: 30443,
      photo: [],
    });
  });
});

describe('review decisions', () => {
  const id = '7f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  it('a rejection needs a reason; an accept does not', () => {
    expect(reviewDecisionBody.safeParse({ ids: [id], decision: 'accept' }).success).toBe(true);
    expect(reviewDecisionBody.safeParse({ ids: [id], decision: 'reject', reason: '  ' }).success).toBe(false);
    expect(reviewDecisionBody.safeParse({ ids: [id], decision: 'reject', reason: 'Blurry' }).success).toBe(true);
  });
  it('review rights are the write-all scope', () => {
    expect(mayReview({ scopes: [SCOPES.writeAllProductSubmissions] })).toBe(true);
    expect(mayReview({ scopes: [SCOPES.readAllProductSubmissions] })).toBe(false);
  });
});

describe('second approval', () => {
  it("a partner's setting says which decisions wait; the summary names those that wait", () => {
    expect(needsSecondApproval('reject', 'reject')).toBe(true);
    expect(needsSecondApproval('reject', 'accept')).toBe(false);
    expect(needsSecondApproval('both', 'accept')).toBe(true);
    expect(needsSecondApproval('off', 'reject')).toBe(false);
    expect(needsSecondApproval(undefined, 'reject')).toBe(false);
    const one = { itemStatus: null, decidedBy: null, decidedByYou: false, message: null };
    expect(
      reviewDecisionSummary([
        { id: 'a', outcome: 'awaiting_approval', ...one },
        { id: 'b', outcome: 'awaiting_approval', ...one },
        { id: 'c', outcome: 'accepted', ...one },
      ]),
    ).toBe('1 accepted, 2 waiting for a second approval.');
  });

  it('reason codes are capitals, digits, _ and -; typed in lower case they are upper-cased', () => {
    expect(reasonCodeSchema.parse(' barcode_unreadable ')).toBe('BARCODE_UNREADABLE');
    expect(reasonCodeSchema.safeParse('no spaces').success).toBe(false);
    expect(reasonCodeSchema.safeParse('A'.repeat(33)).success).toBe(false);
  });
});

describe('rejectionCommentsNote', () => {
  it("adds a line about the reviewer's comments beside a reason of its own, and none when the reason points to them", () => {
    expect(rejectionCommentsNote('The photo is blurry.', 0)).toBeNull();
    expect(rejectionCommentsNote('The photo is blurry.', 1)).toBe(
      'The reviewer left a comment beside what to fix, below.',
    );
    expect(rejectionCommentsNote(null, 3)).toBe('The reviewer left 3 comments beside what to fix, below.');
    for (const count of [1, 2, 7]) {
      expect(rejectionCommentsNote(commentsAsReason(count), count), String(count)).toBeNull();
      // Comments added or removed since the rejection: the reason still points to them.
      expect(rejectionCommentsNote(commentsAsReason(count), count + 1), String(count)).toBeNull();
    }
  });
});
