import { builder } from '../../graphql/builder.ts';
import {
  ACTIVITY_TABS,
  DETECTION_STATUSES,
  ITEM_STATUSES,
  REVIEW_DECISION_STATUSES,
  type ActivityTab,
  type PartnerStatus,
  type ItemStatus,
} from '@portal/domain';
import type { SubmissionRow } from './repository.ts';

export type ProductSubmissionRow = SubmissionRow;

/** A submission's (or a draft's) status: an enum, so clients generated from the schema know every value. */
export const ItemStatusEnum = builder.enumType('ItemStatus', { values: ITEM_STATUSES });
/** Whether a file's barcodes and photo checks have been read. */
export const DetectionStatusEnum = builder.enumType('DetectionStatus', { values: DETECTION_STATUSES });
/** What staff decide on a submitted item (updateProductSubmissionStatus; the v1 API's Decision.status). */
export const DecisionStatusEnum = builder.enumType('DecisionStatus', {
  description: 'A staff decision on a submitted item: accept it, or reject it with a reason.',
  values: REVIEW_DECISION_STATUSES,
});
/** An activity list tab (part 1: Activity tabs to statuses). */
export const ActivityTabEnum = builder.enumType('ActivityTab', { values: Object.keys(ACTIVITY_TABS) as ActivityTab[] });
/** What an activity row is (part 1: "Activity list kinds are Draft and Product"). */
export const ActivityKindEnum = builder.enumType('ActivityKind', { values: ['Draft', 'Product'] as const });
export const PartnerStatusTypeEnum = builder.enumType('PartnerStatusType', {
  values: ['Pass', 'Info', 'Warn', 'Fail'] as const,
});
/** A stored status text as the enum (the database holds only these values). */
export const asItemStatus = (s: string) => s as ItemStatus;

export const PartnerStatusRef = builder.objectRef<PartnerStatus>('PartnerStatus').implement({
  description: "A check of the submission against its partner's field rules; type is Pass, Info, Warn or Fail.",
  fields: (t) => ({
    type: t.field({ type: PartnerStatusTypeEnum, resolve: (p) => p.type }),
    message: t.exposeString('message'),
  }),
});

export const ProductSubmissionRef = builder.objectRef<ProductSubmissionRow>('ProductSubmission').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    upc: t.exposeString('upc'),
    ean13Upc: t.exposeString('ean13Upc'),
    productName: t.exposeString('productName', { nullable: true }),
    itemStatus: t.field({ type: ItemStatusEnum, resolve: (s) => asItemStatus(s.itemStatus) }),
    isImported: t.exposeBoolean('isImported'),
    detectedUpcs: t.exposeStringList('detectedUpcs'),
    updatedDate: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
    partnerStatuses: t.field({ type: [PartnerStatusRef], resolve: (s) => s.partnerStatuses as PartnerStatus[] }),
    partnerStatusLabel: t.exposeString('partnerStatusLabel', { description: 'Incomplete, Complete or N/A.' }),
  }),
});
