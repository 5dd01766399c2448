import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '@portal/domain';
import { auditTargetLink } from './audit-target-link.ts';

const admin = { scopes: [...ALL_SCOPES], hasBulkIngestionAccess: false };
const viewer = { scopes: [SCOPES.readAllProductSubmissions], hasBulkIngestionAccess: false };
const row = (action: string, type: string, id = '7') => ({
  action,
  target: { type, id, companyId: 1001, companyName: 'X', label: null },
});

describe('audit target links', () => {
  it('links submissions and products to their pages', () => {
    expect(auditTargetLink(row('submission.accepted', 'submission', 'abc'), viewer)).toBe('/productSubmissions/abc');
    expect(auditTargetLink(row('product.delisted', 'product', '0012345678905'), viewer)).toBe(
      '/cataloguedProducts/0012345678905',
    );
  });

  it('does not link a deleted submission, an import or a job', () => {
    expect(auditTargetLink(row('submission.deleted', 'submission'), admin)).toBeNull();
    expect(auditTargetLink(row('certified_values.imported', 'certified_values_import'), admin)).toBeNull();
    expect(auditTargetLink(row('job.retried', 'job'), admin)).toBeNull();
  });

  it('links settings and access pages only for readers who may open them', () => {
    expect(auditTargetLink(row('partner_configuration.updated', 'partner_configuration', '3'), admin)).toBe(
      '/settings/3',
    );
    expect(auditTargetLink(row('partner_configuration.updated', 'partner_configuration', '3'), viewer)).toBeNull();
    expect(auditTargetLink(row('bulk_ingestion.access_granted', 'bulk_ingestion_organization'), admin)).toBe('/access');
    expect(auditTargetLink(row('bulk_ingestion.access_granted', 'bulk_ingestion_organization'), viewer)).toBeNull();
    // Full administrators open any company's import job (support); a read-only administrator does not.
    expect(auditTargetLink(row('bulk_ingestion.files_mapped', 'bulk_ingestion_job'), admin)).toBe('/import-jobs/7');
    expect(auditTargetLink(row('bulk_ingestion.files_mapped', 'bulk_ingestion_job'), viewer)).toBeNull();
  });
});
