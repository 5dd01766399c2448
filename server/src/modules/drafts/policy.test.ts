import { describe, expect, it } from 'vitest';
import { admin, colleague, creator, ownRecord, stranger, viewer } from '../../../test/support/policy-users.ts';
import { draftPolicy } from './policy.ts';

const draft = ownRecord;

describe('draft policy', () => {
  it('the creator views and edits', () => {
    expect(draftPolicy.view(creator, draft)).toBe(true);
    expect(draftPolicy.edit(creator, draft)).toBe(true);
  });
  it('a colleague of the same company views but does not edit', () => {
    expect(draftPolicy.view(colleague, draft)).toBe(true);
    expect(draftPolicy.edit(colleague, draft)).toBe(false);
  });
  it('another company neither views nor edits', () => {
    expect(draftPolicy.view(stranger, draft)).toBe(false);
    expect(draftPolicy.edit(stranger, draft)).toBe(false);
  });
  it('a full administrator views and edits; a read-only administrator only views', () => {
    expect(draftPolicy.view(admin, draft)).toBe(true);
    expect(draftPolicy.edit(admin, draft)).toBe(true);
    expect(draftPolicy.view(viewer, draft)).toBe(true);
    expect(draftPolicy.edit(viewer, draft)).toBe(false);
  });
  it('lists span every company for administrators only', () => {
    expect([creator, stranger, admin, viewer].map((u) => draftPolicy.seesEveryCompany(u))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
  it('everyone but a read-only administrator writes drafts', () => {
    expect([creator, stranger, admin, viewer].map((u) => draftPolicy.write(u))).toEqual([true, true, true, false]);
  });
});
