import { builder } from '../../graphql/builder.ts';
import { requireUser } from '../users/current-user.ts';
import { asItemStatus, ItemStatusEnum } from '../submissions/graphql-types.ts';
import {
  createShippingProfile,
  getShippingProfile,
  listShippingProfiles,
  shippingProfileProducts,
  type AssociatedSubmissionCount,
  type ShippingProfileProduct,
  type ShippingProfileView,
} from './service.ts';

const MeasureRef = builder.objectRef<{ value: number; unit: string }>('Measure').implement({
  description: 'A weight (lbs or kg) or a dimension (in or mm), at most 3 decimals.',
  fields: (t) => ({ value: t.exposeFloat('value'), unit: t.exposeString('unit') }),
});

const AssociatedSubmissionCountRef = builder
  .objectRef<AssociatedSubmissionCount>('AssociatedSubmissionCount')
  .implement({
    description: "Products using the profile by their latest submission's status; IN_PROGRESS counts drafts.",
    fields: (t) => ({
      type: t.field({ type: ItemStatusEnum, resolve: (c) => asItemStatus(c.type) }),
      count: t.exposeInt('count'),
    }),
  });

const ShippingProfilePermissionsRef = builder.objectRef<{ edit: boolean }>('ShippingProfilePermissions').implement({
  fields: (t) => ({ edit: t.exposeBoolean('edit', { description: 'Edit the profile and its assignments' }) }),
});

export const ShippingProfileRef = builder.objectRef<ShippingProfileView>('ShippingProfile').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    companyId: t.exposeInt('companyId'),
    creatorId: t.exposeInt('creatorId', { nullable: true }),
    caseCount: t.exposeInt('caseCount'),
    caseHeight: t.expose('caseHeight', { type: MeasureRef, nullable: true }),
    caseLength: t.expose('caseLength', { type: MeasureRef, nullable: true }),
    caseWidth: t.expose('caseWidth', { type: MeasureRef, nullable: true }),
    grossWeight: t.expose('grossWeight', { type: MeasureRef, nullable: true }),
    netWeight: t.expose('netWeight', { type: MeasureRef, nullable: true }),
    palletTiers: t.exposeInt('palletTiers', { nullable: true, description: 'Shown as TI' }),
    palletLayers: t.exposeInt('palletLayers', { nullable: true, description: 'Shown as HI' }),
    updatedDate: t.expose('updatedDate', { type: 'DateTime' }),
    updatedByFirstName: t.exposeString('updatedByFirstName', { nullable: true }),
    updatedByLastName: t.exposeString('updatedByLastName', { nullable: true }),
    updatedByEmail: t.exposeString('updatedByEmail', { nullable: true }),
    associatedSubmissions: t.expose('associatedSubmissions', { type: [AssociatedSubmissionCountRef] }),
    can: t.expose('can', { type: ShippingProfilePermissionsRef }),
  }),
});

const ShippingProfileProductRef = builder.objectRef<ShippingProfileProduct>('ShippingProfileProduct').implement({
  fields: (t) => ({
    upc: t.exposeString('upc', { description: 'The EAN-13; the key of POST /api/shippingProfile/{id}/products' }),
    name: t.exposeString('name', { nullable: true }),
    status: t.field({
      type: ItemStatusEnum,
      description: "The product's latest submission's status",
      resolve: (p) => asItemStatus(p.status),
    }),
    associated: t.exposeBoolean('associated'),
    otherProfileName: t.exposeString('otherProfileName', {
      nullable: true,
      description: "The company's other shipping profile the product uses; assigning it here moves it.",
    }),
  }),
});

const MeasureInput = builder.inputType('MeasureInput', {
  fields: (t) => ({ value: t.float(), unit: t.string() }),
});

const ShippingProfileInput = builder.inputType('ShippingProfileInput', {
  description: 'Numbers are Float so that the shared rules answer with their own messages ("Must be an integer").',
  fields: (t) => ({
    name: t.string({ required: true }),
    caseCount: t.float(),
    grossWeight: t.field({ type: MeasureInput }),
    netWeight: t.field({ type: MeasureInput }),
    caseLength: t.field({ type: MeasureInput }),
    caseWidth: t.field({ type: MeasureInput }),
    caseHeight: t.field({ type: MeasureInput }),
    palletTiers: t.float(),
    palletLayers: t.float(),
  }),
});

builder.queryField('getShippingProfileForCurrentUser', (t) =>
  t.field({
    type: [ShippingProfileRef],
    description:
      "The user's company's shipping profiles; administrators name the company (none without one). associatedSubmissions fills the counts.",
    args: { associatedSubmissions: t.arg.boolean(), companyId: t.arg.int() },
    resolve: async (_root, args, { request, ctx }) =>
      listShippingProfiles(ctx, await requireUser(request), {
        companyId: args.companyId,
        associatedSubmissions: args.associatedSubmissions,
      }),
  }),
);

builder.queryField('getShippingProfile', (t) =>
  t.field({
    type: ShippingProfileRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) => getShippingProfile(ctx, await requireUser(request), id),
  }),
);

builder.queryField('getShippingProfileProducts', (t) =>
  t.field({
    type: [ShippingProfileProductRef],
    args: { shippingProfileId: t.arg.int({ required: true }) },
    resolve: async (_root, { shippingProfileId }, { request, ctx }) =>
      shippingProfileProducts(ctx, await requireUser(request), shippingProfileId),
  }),
);

builder.mutationField('createShippingProfile', (t) =>
  t.field({
    type: ShippingProfileRef,
    description:
      "A new profile of the user's company; administrators name the company. A duplicate name is CONFLICT (409).",
    args: { input: t.arg({ type: ShippingProfileInput, required: true }), companyId: t.arg.int() },
    resolve: async (_root, { input, companyId }, { request, ctx }) =>
      createShippingProfile(ctx, await requireUser(request), input, companyId),
  }),
);
