import type { ReviewQueueItem } from '@portal/domain';

/** An item of the review queue as the server lists it: waiting for review, nothing flagged, unless told otherwise. */
export function buildQueueItem(over: Partial<ReviewQueueItem> & Pick<ReviewQueueItem, 'id' | 'upc'>): ReviewQueueItem {
  return {
    companyId: 1001,
    companyName: 'Green Valley Foods',
    submitter: 'Sam Supplier',
    partnerCompanyId: 30443,
    partnerName: 'FRESH MARKET GROCERS',
    ean13Upc: over.upc.padStart(13, '0'),
    productName: 'Oats',
    fileCount: 1,
    submittedAt: '2026-11-20T10:00:00.000Z',
    itemStatus: 'SUBMITTED',
    partnerStatusLabel: 'Complete',
    photoIssues: [],
    duplicate: false,
    readiness: null,
    claim: null,
    detectedUpcs: [],
    upcMismatch: false,
    assignee: null,
    slaHours: null,
    overSla: false,
    pendingDecision: null,
    ...over,
  };
}
