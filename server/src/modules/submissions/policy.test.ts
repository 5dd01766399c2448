import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { submissionPolicy } from './policy.ts';

const item = { userId: 1, companyId: 10 };
const creator = { id: 1, companyId: 10, scopes: [] };
const colleague = { id: 2, companyId: 10, scopes: [] };
const stranger = { id: 3, companyId: 11, scopes: [] };
const admin = { id: 4, companyId: 99, scopes: [...ALL_SCOPES] };
const viewer = { id: 5, companyId: 99, scopes: [SCOPES.readAllProductSubmissions] };

describe('submission policy', () => {
  it('view: own company and administrators', () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.view(u, item))).toEqual([true, true, false, true, true]);
  });
  it('lists span every company, and review details show, for administrators only', () => {
    expect([creator, stranger, admin, viewer].map((u) => submissionPolicy.seesEveryCompany(u))).toEqual([false, false, true, true]);
    expect([creator, stranger, admin, viewer].map((u) => submissionPolicy.seeReviewDetails(u))).toEqual([false, false, true, true]);
  });
  it('review: only staff who write all submissions', () => {
    expect([creator, stranger, admin, viewer].map((u) => submissionPolicy.review(u))).toEqual([false, false, true, false]);
  });
  it('edit name and resubmit: the company, and full staff; never a read-only admin', () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.editName(u, item))).toEqual([true, true, false, true, false]);
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.resubmit(u, item))).toEqual([true, true, false, true, false]);
  });
  it('delete: the creator and full staff', () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => submissionPolicy.delete(u, item))).toEqual([true, false, false, true, false]);
  });
});
