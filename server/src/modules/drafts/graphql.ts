import { updateDraftInputSchema } from '@portal/domain';
import { builder } from '../../graphql/builder.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../users/current-user.ts';
import { draftPolicy } from './policy.ts';
import { DetectionStatusEnum, ProductSubmissionRef } from '../submissions/graphql-types.ts';
import { PhotoIssueRef } from '../media-files/graphql-photo-issues.ts';
import { presentDraft, presentedDraftFacts, type PresentedDraft } from './presenter.ts';
import { ProductReadinessRef } from '../readiness/graphql.ts';
import { readinessOfDraft } from '../readiness/service.ts';
import { deleteDraft, draftsFor, removeDraftFile, submitDraft, updateDraft, visibleDraft } from './service.ts';

type PresentedFile = PresentedDraft['files'][number];

const Permissions = builder.objectRef<{ edit: boolean; delete: boolean }>('DraftPermissions').implement({
  fields: (t) => ({ edit: t.exposeBoolean('edit'), delete: t.exposeBoolean('delete') }),
});

const DraftFile = builder.objectRef<PresentedFile>('DraftFile').implement({
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    kind: t.exposeString('kind'),
    size: t.exposeInt('size'),
    upc: t.exposeString('upc', { nullable: true }),
    productName: t.exposeString('productName', { nullable: true }),
    detectedUpc: t.exposeString('detectedUpc', {
      nullable: true,
      description: 'Used as the UPC when none is entered.',
    }),
    detectedUpcs: t.exposeStringList('detectedUpcs'),
    detectedFrom: t.exposeString('detectedFrom', {
      nullable: true,
      description:
        "How detectedUpcs were read: 'bars', or 'digits' (the digits printed under bars no reader could decode). Null while none were.",
    }),
    detectionStatus: t.field({
      type: DetectionStatusEnum,
      description: 'pending, done or failed',
      resolve: (f) => f.detectionStatus,
    }),
    shippingProfileId: t.exposeInt('shippingProfileId', { nullable: true }),
    isMarketingImage: t.exposeBoolean('isMarketingImage'),
    imageUrl: t.exposeString('imageUrl'),
    thumbnailUrl: t.exposeString('thumbnailUrl'),
    thumbnailReady: t.exposeBoolean('thumbnailReady'),
    qualityIssues: t.field({
      type: [PhotoIssueRef],
      description: 'Photo checks the file failed ([] also while detectionStatus is pending).',
      resolve: (f) => f.qualityIssues,
    }),
    longSidePx: t.exposeInt('longSidePx', {
      nullable: true,
      description: "Pixels on the image's longest side (null: a PDF page, or not read yet).",
    }),
    photoRoles: t.exposeStringList('photoRoles', {
      description:
        "What the photo shows: front, back, side, nutrition-panel, ingredients, barcode. The supplier's choice, else the portal's proposal from what the photo was read to show; [] for a PDF page.",
    }),
    factReadingStatus: t.exposeString('factReadingStatus', {
      description: "Reading the photo's text for product facts: pending, then done or failed.",
    }),
    photoRolesChosen: t.exposeBoolean('photoRolesChosen', {
      description: 'The supplier chose the roles (else they are proposed and may change while the photo is read).',
    }),
  }),
});

const DraftSubmission = builder.objectRef<PresentedDraft>('DraftSubmission').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeInt('userId'),
    isImported: t.exposeBoolean('isImported'),
    partnerCompanyId: t.exposeInt('partnerCompanyId', { nullable: true }),
    creatorFirstName: t.exposeString('creatorFirstName'),
    creatorLastName: t.exposeString('creatorLastName'),
    creatorEmail: t.exposeString('creatorEmail'),
    updatedDate: t.field({ type: 'DateTime', resolve: (d) => d.updatedDate }),
    files: t.field({ type: [DraftFile], resolve: (d) => d.files }),
    can: t.field({ type: Permissions, resolve: (d) => d.can }),
    readiness: t.field({
      type: [ProductReadinessRef],
      description:
        "Each product of the draft (its files grouped by UPC) judged against the partner's current readiness rules; [] without a partner.",
      resolve: async (d, _args, { ctx }) => (await readinessOfDraft(ctx.db, d, presentedDraftFacts(d))).products,
    }),
  }),
});

const DraftFileInput = builder.inputType('DraftFileInput', {
  fields: (t) => ({
    fileName: t.string({ required: true }),
    upc: t.string({ required: false }),
    productName: t.string({ required: false }),
    shippingProfileId: t.int({ required: false }),
    isMarketingImage: t.boolean({ required: false }),
  }),
});

const UpdateDraftSubmissionInput = builder.inputType('UpdateDraftSubmissionInput', {
  fields: (t) => ({ files: t.field({ type: [DraftFileInput], required: true }) }),
});

builder.queryFields((t) => ({
  getDraftSubmissions: t.field({
    type: [DraftSubmission],
    resolve: async (_root, _args, { request, ctx }) => {
      const user = await requireUser(request);
      return (await draftsFor(ctx, user)).map((d) => presentDraft(d, user));
    },
  }),
  getDraftSubmission: t.field({
    type: DraftSubmission,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => {
      const user = await requireUser(request);
      return presentDraft(await visibleDraft(ctx, user, String(id)), user);
    },
  }),
}));

const writer = async (request: Parameters<typeof requireUser>[0]) => {
  const user = await requireUser(request);
  authorize(draftPolicy.write(user));
  return user;
};

builder.mutationFields((t) => ({
  updateDraftSubmission: t.field({
    type: DraftSubmission,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateDraftSubmissionInput, required: true }) },
    resolve: async (_root, { id, input }, { request, ctx }) => {
      const user = await writer(request);
      const { files } = updateDraftInputSchema.parse(input);
      return presentDraft(await updateDraft(ctx, user, String(id), files), user);
    },
  }),
  removeDraftFile: t.field({
    type: DraftSubmission,
    description:
      'Takes one file out of a draft, with what was entered for it. The last file stays: delete the draft instead.',
    args: { id: t.arg.id({ required: true }), fileName: t.arg.string({ required: true }) },
    resolve: async (_root, { id, fileName }, { request, ctx }) => {
      const user = await writer(request);
      return presentDraft(await removeDraftFile(ctx, user, String(id), fileName), user);
    },
  }),
  submitProductsFromDraftSubmission: t.field({
    type: [ProductSubmissionRef],
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => submitDraft(ctx, await writer(request), String(id)),
  }),
  deleteDraftSubmission: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => deleteDraft(ctx, await writer(request), String(id)),
  }),
}));
