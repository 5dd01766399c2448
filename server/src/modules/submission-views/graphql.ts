import { REVIEW_COMMENT_TARGETS, type PartnerStatus } from '@portal/domain';
import {
  ActivityKindEnum,
  ActivityTabEnum,
  asItemStatus,
  DecisionStatusEnum,
  ItemStatusEnum,
  PartnerStatusRef,
} from '../submissions/graphql-types.ts';
import { PhotoIssueRef } from '../media-files/graphql-photo-issues.ts';
import { factSourceList, FactSourceRef, LabelDisagreementRef, ProductFactsRef } from '../submissions/graphql-facts.ts';
import { builder } from '../../graphql/builder.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { presentSubmission, type PresentedSubmission } from './presenter.ts';
import type { ActivityRow } from '../submissions/repository.ts';
import { activity } from './service.ts';
import {
  appealSubmission,
  deleteSubmission,
  renameSubmission,
  reviewSubmission,
  setSupportTicket,
  visibleSubmission,
} from '../submissions/service.ts';
import { draftPolicy } from '../drafts/policy.ts';
import { submissionPolicy } from '../submissions/policy.ts';
import type { UserRow } from '../users/repository.ts';
import { CertifiedValuesInput } from '../catalogue/graphql.ts';
import { catalogueSubmission } from '../catalogue/service.ts';
import { ReadinessRef, SubmissionReadinessRef } from '../readiness/graphql.ts';
import { readinessOfSubmission } from '../readiness/service.ts';
import { findSubmission } from '../submissions/repository.ts';

const Region = builder.objectRef<{ x: number; y: number; w: number; h: number }>('ImageRegion').implement({
  description: "A rectangle on an image, as fractions (0 to 1) of the image's width and height from its top left.",
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y'), w: t.exposeFloat('w'), h: t.exposeFloat('h') }),
});

const Point = builder.objectRef<{ x: number; y: number }>('ImagePoint').implement({
  description: "A point on an image, as fractions (0 to 1) of the image's width and height from its top left.",
  fields: (t) => ({ x: t.exposeFloat('x'), y: t.exposeFloat('y') }),
});

const File = builder.objectRef<PresentedSubmission['files'][number]>('SubmissionFile').implement({
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    kind: t.exposeString('kind'),
    isMarketingImage: t.exposeBoolean('isMarketingImage'),
    detectedUpcs: t.exposeStringList('detectedUpcs'),
    detectedFrom: t.exposeString('detectedFrom', {
      nullable: true,
      description:
        "How detectedUpcs were read: 'bars', or 'digits' (the digits printed under bars no reader could decode). Null while none were.",
    }),
    detectionStatus: t.exposeString('detectionStatus', {
      description:
        "The automated checks of the file (its barcode read, the photo checked): 'pending' while they run (a photo added or ingested after submit), then 'done', or 'failed' when the file could not be read.",
    }),
    imageUrl: t.exposeString('imageUrl'),
    thumbnailUrl: t.exposeString('thumbnailUrl'),
    barcodeRegion: t.field({
      type: Region,
      nullable: true,
      description: 'Where the detected code is on the image (null when none was read, or read before this was kept)',
      resolve: (f) => f.barcodeRegion,
    }),
    barcodeOutline: t.field({
      type: [Point],
      nullable: true,
      description:
        "The detected code's four corners at its own angle, in order around it (a turned code's outline is turned too); null when not known (read before corners were kept), then barcodeRegion's rectangle stands.",
      resolve: (f) => f.barcodeRegion?.corners ?? null,
    }),
    qualityIssues: t.field({
      type: [PhotoIssueRef],
      description: 'Photo checks the file failed.',
      resolve: (f) => f.qualityIssues,
    }),
    factReadingStatus: t.exposeString('factReadingStatus', {
      nullable: true,
      description:
        "Reading this photo's product facts: 'pending', then 'done' or 'failed'. Null for a photo that is not read (the photos sent with the draft, whose facts were decided on Enter UPC(s)).",
    }),
    photoRoles: t.exposeStringList('photoRoles', {
      description:
        "What the photo shows: front, back, side, nutrition-panel, ingredients, barcode. A draft's photos keep the roles they had at Submit; a photo added after is proposed from what it was read to show; [] for a PDF page.",
    }),
  }),
});

const CommentTargetEnum = builder.enumType('ReviewCommentTarget', {
  values: REVIEW_COMMENT_TARGETS,
  description:
    'What a comment is about: the UPC, the product name, another attribute, a product fact, a file, or a region of its image',
});

const Comment = builder.objectRef<PresentedSubmission['reviewComments'][number]>('ReviewComment').implement({
  description:
    "A reviewer's comment on a rejection: on the UPC, the product name, another attribute, a product fact (marked or not on a photo), a file or a region of its image.",
  fields: (t) => ({
    target: t.field({ type: CommentTargetEnum, resolve: (c) => c.target }),
    fileName: t.exposeString('fileName', {
      nullable: true,
      description: 'For file, region and a fact marked on a photo: the file',
    }),
    region: t.field({ type: Region, nullable: true, resolve: (c) => c.region }),
    text: t.exposeString('text'),
    reasonCode: t.exposeString('reasonCode', {
      nullable: true,
      description:
        "The comment's reason code for reporting (one of the stock reasons' codes), if the reviewer gave one",
    }),
    reason: t.exposeString('reason', {
      nullable: true,
      description:
        "The reason code in words: the text of the partner's stock reason carrying it (the code written out once no stock reason carries it)",
    }),
    by: t.exposeString('by'),
    at: t.field({ type: 'DateTime', resolve: (c) => c.at }),
  }),
});

const HistoryEntry = builder.objectRef<PresentedSubmission['history'][number]>('StatusChange').implement({
  fields: (t) => ({
    at: t.field({ type: 'DateTime', resolve: (h) => h.at }),
    fromStatus: t.field({
      type: ItemStatusEnum,
      nullable: true,
      resolve: (h) => (h.fromStatus === null ? null : asItemStatus(h.fromStatus)),
    }),
    toStatus: t.field({ type: ItemStatusEnum, resolve: (h) => asItemStatus(h.toStatus) }),
    reason: t.exposeString('reason', { nullable: true }),
    by: t.exposeString('by'),
    comments: t.field({
      type: [Comment],
      description: "The reviewer's comments on fields and files that came with this change",
      resolve: (h) => h.comments,
    }),
  }),
});

const RejectionReason = builder.objectRef<{ message: string; isAdminRejection: boolean }>('RejectionReason').implement({
  fields: (t) => ({ message: t.exposeString('message'), isAdminRejection: t.exposeBoolean('isAdminRejection') }),
});

const Permissions = builder.objectRef<PresentedSubmission['can']>('SubmissionPermissions').implement({
  fields: (t) => ({
    review: t.exposeBoolean('review'),
    editName: t.exposeBoolean('editName'),
    delete: t.exposeBoolean('delete'),
    appeal: t.exposeBoolean('appeal'),
    resubmit: t.exposeBoolean('resubmit'),
    setTicket: t.exposeBoolean('setTicket', { description: 'May set or remove the support ticket (staff)' }),
  }),
});

export const SubmissionDetailRef = builder.objectRef<PresentedSubmission>('SubmissionDetail').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    upc: t.exposeString('upc'),
    ean13Upc: t.exposeString('ean13Upc'),
    productName: t.exposeString('productName', { nullable: true }),
    itemStatus: t.field({ type: ItemStatusEnum, resolve: (s) => asItemStatus(s.itemStatus) }),
    statusDisplayName: t.exposeString('statusDisplayName'),
    isImported: t.exposeBoolean('isImported'),
    companyName: t.exposeString('companyName'),
    creatorEmail: t.exposeString('creatorEmail'),
    creatorFirstName: t.exposeString('creatorFirstName'),
    creatorLastName: t.exposeString('creatorLastName'),
    detectedUpcs: t.exposeStringList('detectedUpcs'),
    fileNames: t.exposeStringList('fileNames'),
    partnerCompanyId: t.exposeInt('partnerCompanyId', { nullable: true }),
    partnerStatuses: t.field({ type: [PartnerStatusRef], resolve: (s) => s.partnerStatuses as PartnerStatus[] }),
    partnerStatusLabel: t.exposeString('partnerStatusLabel', { description: 'Incomplete, Complete or N/A.' }),
    zendeskTicketId: t.exposeString('zendeskTicketId', { nullable: true }),
    zendeskTicketUrl: t.exposeString('zendeskTicketUrl', { nullable: true }),
    updatedDate: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
    badge: t.exposeString('badge', {
      nullable: true,
      description: "'Matches Photo' or 'Flagged for Review' (staff only)",
    }),
    badgeNote: t.exposeString('badgeNote', {
      nullable: true,
      description:
        "'Read from printed digits' when a detected code was read from the digits under the bars (staff only)",
    }),
    rejectionReason: t.field({ type: RejectionReason, nullable: true, resolve: (s) => s.rejectionReason }),
    files: t.field({ type: [File], resolve: (s) => s.files }),
    reviewComments: t.field({
      type: [Comment],
      description:
        'The comments of the rejection the submission is in (empty unless rejected), to show beside their fields',
      resolve: (s) => s.reviewComments,
    }),
    history: t.field({ type: [HistoryEntry], resolve: (s) => s.history }),
    facts: t.field({
      type: ProductFactsRef,
      nullable: true,
      description: "The product's facts as submitted (null: none given)",
      resolve: (s) => s.facts,
    }),
    factSources: t.field({
      type: [FactSourceRef],
      description: 'Where each filled fact came from: photo region, corrected from a reading, or typed',
      resolve: (s) => factSourceList(s.factSources),
    }),
    labelDisagreements: t.field({
      type: [LabelDisagreementRef],
      description: "The label's own arithmetic on the facts: the checks whose numbers disagree",
      resolve: (s) => s.labelDisagreements,
    }),
    can: t.field({ type: Permissions, resolve: (s) => s.can }),
  }),
});

type ActivityItem = ActivityRow & { canDelete: boolean };
export const ActivityItemRef = builder.objectRef<ActivityItem>('ActivityItem').implement({
  fields: (t) => ({
    kind: t.field({ type: ActivityKindEnum, resolve: (r) => r.kind }),
    id: t.exposeID('id'),
    upc: t.exposeString('upc', { nullable: true }),
    upcs: t.exposeStringList('upcs', {
      description: "Every UPC of the row, each once: a draft's files in file order; a product's own.",
    }),
    productName: t.exposeString('productName', { nullable: true }),
    itemStatus: t.field({ type: ItemStatusEnum, resolve: (s) => asItemStatus(s.itemStatus) }),
    updatedDate: t.field({ type: 'DateTime', resolve: (r) => r.updatedAt }),
    fileCount: t.exposeInt('fileCount'),
    partnerCompanyId: t.exposeInt('partnerCompanyId', { nullable: true }),
    partnerStatusLabel: t.exposeString('partnerStatusLabel', {
      description:
        "Summary of the stored partner statuses against the submission's partner: Incomplete, Complete or N/A.",
    }),
    canDelete: t.exposeBoolean('canDelete'),
  }),
});

const ActivityPage = builder
  .objectRef<{
    items: ActivityItem[];
    total: number;
    page: number;
    pageSize: number;
    startCursor: string | null;
    endCursor: string | null;
  }>('ActivityPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [ActivityItemRef], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
      page: t.exposeInt('page'),
      pageSize: t.exposeInt('pageSize'),
      startCursor: t.exposeString('startCursor', {
        nullable: true,
        description: "This page's first row, as a boundary to ask for the pages before it (null when empty).",
      }),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: "This page's last row, as a boundary to ask for the pages after it (null when empty).",
      }),
    }),
  });

const withPermissions = (user: UserRow, rows: ActivityRow[]): ActivityItem[] =>
  rows.map((r) => ({
    ...r,
    canDelete: r.kind === 'Draft' ? draftPolicy.edit(user, r) : submissionPolicy.delete(user, r),
  }));

builder.queryFields((t) => ({
  getProductSubmissionsByStatuses: t.field({
    type: ActivityPage,
    description: 'One page of the activity list, newest first. IN_PROGRESS includes drafts.',
    args: {
      statuses: t.arg({ type: [ItemStatusEnum], required: false }),
      tab: t.arg({ type: ActivityTabEnum, required: false }),
      page: t.arg.int({ required: false }),
      pageSize: t.arg.int({ required: false }),
      partnerCompanyId: t.arg.int({ required: false }),
      photoIssues: t.arg.boolean({ required: false, description: 'Only items with a file that failed a photo check.' }),
      q: t.arg.string({
        required: false,
        description:
          "The search box's search as a filter: a product name or brand (typos and accents forgiven) or a UPC in any form; a draft by a file's product name or UPC.",
      }),
      boundary: t.arg.string({
        required: false,
        description:
          'The startCursor or endCursor of a page already shown: the page asked for is read from there, so every page costs the same.',
      }),
    },
    resolve: async (_root, args, { request, ctx }) => {
      const user = await requireUser(request);
      const result = await activity(ctx, user, {
        tab: args.tab ?? undefined,
        statuses: args.statuses ?? undefined,
        page: args.page ?? undefined,
        pageSize: args.pageSize ?? undefined,
        partnerCompanyId: args.partnerCompanyId ?? null,
        photoIssues: args.photoIssues ?? false,
        search: args.q ?? null,
        boundary: args.boundary ?? null,
      });
      return { ...result, items: withPermissions(user, result.items) };
    },
  }),
  getProductSubmission: t.field({
    type: SubmissionDetailRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => {
      const user = await requireUser(request);
      return presentSubmission(ctx.db, await visibleSubmission(ctx, user, String(id)), user);
    },
  }),
}));

builder.mutationFields((t) => ({
  updateProductSubmissionStatus: t.field({
    type: SubmissionDetailRef,
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg({ type: DecisionStatusEnum, required: true }),
      reason: t.arg.string({ required: false }),
    },
    resolve: async (_root, { id, status, reason }, { request, ctx }) => {
      const user = await requireUser(request);
      const s = await reviewSubmission(ctx, user, String(id), status, reason ?? null);
      return presentSubmission(ctx.db, s, user);
    },
  }),
  requestValidation: t.field({
    type: SubmissionDetailRef,
    description: 'Appeal of an automatic rejection: back to staff review.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => {
      const user = await requireUser(request);
      return presentSubmission(ctx.db, await appealSubmission(ctx, user, String(id)), user);
    },
  }),
  updateProductSubmissionProductName: t.field({
    type: SubmissionDetailRef,
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { id, name }, { request, ctx }) => {
      const user = await requireUser(request);
      if (name.length > 500) throw badRequest('The name is too long.');
      return presentSubmission(ctx.db, await renameSubmission(ctx, user, String(id), name), user);
    },
  }),
  setSubmissionSupportTicket: t.field({
    type: SubmissionDetailRef,
    description:
      'Staff: the support ticket opened about the item (its id, and optionally its https:// address); empty removes it.',
    args: {
      id: t.arg.id({ required: true }),
      ticketId: t.arg.string({ required: false }),
      ticketUrl: t.arg.string({ required: false }),
    },
    resolve: async (_root, { id, ticketId, ticketUrl }, { request, ctx }) => {
      const user = await requireUser(request);
      const updated = await setSupportTicket(ctx, user, String(id), { ticketId, ticketUrl });
      return presentSubmission(ctx.db, updated, user);
    },
  }),
  deleteProductSubmission: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => deleteSubmission(ctx, await requireUser(request), String(id)),
  }),
}));

// The readiness of a submission on its detail and activity row (the rule types: readiness/graphql.ts).
builder.objectField(SubmissionDetailRef, 'readiness', (t) =>
  t.field({
    type: ReadinessRef,
    nullable: true,
    description:
      "The submission judged against its partner's current readiness rules (attribute rules included); null without a partner configuration.",
    // The stored row (the presented one renames some of its fields).
    resolve: async (s, _args, { ctx }) => {
      const row = await findSubmission(ctx.db, s.id);
      return row ? readinessOfSubmission(ctx.db, row) : null;
    },
  }),
);

builder.objectField(ActivityItemRef, 'readiness', (t) =>
  t.field({
    type: SubmissionReadinessRef,
    nullable: true,
    description: "A product's stored readiness for its partner; null for drafts and without partner rules.",
    resolve: (r) => r.readiness,
  }),
);

// Cataloguing answers with the submission's detail (catalogue/service.ts does the work).
builder.mutationFields((t) => ({
  catalogueSubmission: t.field({
    type: SubmissionDetailRef,
    description: 'Cataloguing staff record the certified values of an accepted submission: it becomes CATALOGUED.',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CertifiedValuesInput, required: true }) },
    resolve: async (_root, { id, input }, { request, ctx }) => {
      const user = await requireUser(request);
      return presentSubmission(ctx.db, await catalogueSubmission(ctx, user, String(id), input), user);
    },
  }),
}));
