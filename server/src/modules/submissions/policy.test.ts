import { describe, expect, it } from 'vitest';
import { admin, colleague, creator, ownRecord, stranger, viewer } from '../../../test/support/policy-users.ts';
import { submissionPolicy } from './policy.ts';

const item = ownRecord;

describe('submission policy', () => {
  it('view: own company and administrators', () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.view(u, item))).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
  });
  it('lists span every company, and review details show, for administrators only', () => {
    expect([creator, stranger, admin, viewer].map((u) => submissionPolicy.seesEveryCompany(u))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect([creator, stranger, admin, viewer].map((u) => submissionPolicy.seeReviewDetails(u))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
  it('review: only staff who write all submissions', () => {
    expect([creator, stranger, admin, viewer].map((u) => submissionPolicy.review(u))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });
  it('edit name and resubmit: the company, and full staff; never a read-only admin', () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.editName(u, item))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.resubmit(u, item))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
  it('delete: the creator and full staff', () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.delete(u, item))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });
});
