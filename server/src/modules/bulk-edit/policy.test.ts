import { describe, expect, it } from 'vitest';
import { admin, colleague, creator, ownRecord, stranger, viewer } from '../../../test/support/policy-users.ts';
import { bulkEditPolicy as policy } from './policy.ts';

const row = ownRecord;

describe('bulk edit policy', () => {
  it("rows are seen by the submission's company and by administrators", () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => policy.viewRow(u, row))).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
  });
  it("rows are saved by the submission's company and by staff who write all submissions, never by a read-only administrator", () => {
    expect([creator, colleague, stranger, admin, viewer].map((u) => policy.editRow(u, row))).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
  it("the form's lists are read by any signed-in user", () => {
    expect(policy.readOptions(stranger)).toBe(true);
  });
  it("staff pick any supplier's brand; a supplier only their own company's", () => {
    expect([creator, admin, viewer].map((u) => policy.brandsOfEveryCompany(u))).toEqual([false, true, true]);
  });
});
