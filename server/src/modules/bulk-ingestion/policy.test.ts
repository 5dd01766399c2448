import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { bulkIngestionPolicy as policy } from './policy.ts';

const supplier = { scopes: [] };
const viewer = { scopes: [SCOPES.readAllProductSubmissions] };
const fullAdmin = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };
const org = { companyId: 1001 };
const ownJob = { companyId: 1001 };
const otherJob = { companyId: 1002 };

describe('bulk ingestion policy', () => {
  it('users of a company with access use bulk ingestion; without access they do not', () => {
    expect(policy.use(supplier, org)).toBe(true);
    expect(policy.use(supplier, null)).toBe(false);
  });
  it('full administrators use it without an organization, read-only ones do not', () => {
    expect(policy.use(fullAdmin, null)).toBe(true);
    expect(policy.use(viewer, null)).toBe(false);
  });
  it("a job is seen by its company's users and by full administrators", () => {
    expect(policy.viewJob(supplier, org, ownJob)).toBe(true);
    expect(policy.viewJob(supplier, org, otherJob)).toBe(false);
    expect(policy.viewJob(supplier, null, ownJob)).toBe(false);
    expect(policy.viewJob(fullAdmin, null, otherJob)).toBe(true);
    expect(policy.viewJob(viewer, org, otherJob)).toBe(false);
  });
  it('files are mapped by anyone but a read-only administrator', () => {
    expect(policy.mapFiles(supplier)).toBe(true);
    expect(policy.mapFiles(fullAdmin)).toBe(true);
    expect(policy.mapFiles(viewer)).toBe(false);
  });
  it('files are uploaded only through a company with access, even by a full administrator', () => {
    expect(policy.upload(supplier, org)).toBe(true);
    expect(policy.upload(supplier, null)).toBe(false);
    expect(policy.upload(fullAdmin, null)).toBe(false);
  });
  it('access is managed by full administrators only', () => {
    expect(policy.manageAccess(fullAdmin)).toBe(true);
    expect(policy.manageAccess(viewer)).toBe(false);
    expect(policy.manageAccess(supplier)).toBe(false);
  });
});
