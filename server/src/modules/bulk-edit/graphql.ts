import { asItemStatus, ItemStatusEnum } from '../submissions/graphql-types.ts';
import { SUGGESTED_CLASSES, UOM_OPTIONS } from '@portal/domain';
import { listSuggestedClasses, listUnitsOfMeasure } from '../reference-data/repository.ts';
import { builder } from '../../graphql/builder.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../users/current-user.ts';
import { PartnerStatusRef } from '../submissions/graphql-types.ts';
import { CompanyRef } from '../users/graphql.ts';
import {
  bulkEditSettings,
  getRows,
  listAttributes,
  searchBrands,
  searchMarketAccounts,
  updateRows,
  type AttributeView,
  type BulkEditRowView,
  type BulkEditSettings,
  type MarketAccountView,
} from './service.ts';
import { bulkEditPolicy } from './policy.ts';

const MarketAccountRef = builder.objectRef<MarketAccountView>('MarketAccount').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name'), marketId: t.exposeInt('marketId') }),
});

const AttributeRef = builder.objectRef<AttributeView>('Attribute').implement({
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

const ProductSubmissionRowRef = builder.objectRef<BulkEditRowView>('ProductSubmissionRow').implement({
  description: 'A submission as a row of the bulk edit (part 2 section 3). Sizes in inches; money in dollars.',
  fields: (t) => ({
    id: t.exposeID('id'),
    upc: t.exposeString('upc', { description: 'Read-only.' }),
    ean13Upc: t.exposeString('ean13Upc'),
    itemStatus: t.field({ type: ItemStatusEnum, resolve: (s) => asItemStatus(s.itemStatus) }),
    partnerCompanyId: t.exposeInt('partnerCompanyId', { nullable: true }),
    productName: t.exposeString('productName', { nullable: true }),
    companyName: t.exposeString('companyName', { nullable: true, description: 'The brand.' }),
    suggestedClass: t.exposeString('suggestedClass', { nullable: true }),
    marketAccounts: t.field({ type: [MarketAccountRef], resolve: (r) => r.marketAccounts }),
    attributes: t.field({ type: [AttributeRef], resolve: (r) => r.attributes }),
    height: t.exposeFloat('height', { nullable: true }),
    width: t.exposeFloat('width', { nullable: true }),
    depth: t.exposeFloat('depth', { nullable: true }),
    size: t.exposeFloat('size', { nullable: true }),
    uom: t.exposeString('uom', { nullable: true }),
    fobCost: t.exposeFloat('fobCost', { nullable: true }),
    msrp: t.exposeFloat('msrp', { nullable: true }),
    edlp: t.exposeFloat('edlp', { nullable: true }),
    deliveredCost: t.exposeFloat('deliveredCost', { nullable: true }),
    wholesaleCost: t.exposeFloat('wholesaleCost', { nullable: true }),
    freeFill: t.exposeBoolean('freeFill', { nullable: true }),
    inStoreDemo: t.exposeBoolean('inStoreDemo', { nullable: true }),
    fairShareMerchandisingSupport: t.exposeBoolean('fairShareMerchandisingSupport', { nullable: true }),
    paidAds: t.exposeBoolean('paidAds', { nullable: true }),
    offInvoice: t.exposeBoolean('offInvoice', { nullable: true }),
    tpr: t.exposeBoolean('tpr', { nullable: true }),
    partnerStatuses: t.field({ type: [PartnerStatusRef], resolve: (r) => r.partnerStatuses }),
    partnerStatusLabel: t.exposeString('partnerStatusLabel', { description: 'Incomplete, Complete or N/A.' }),
    canEdit: t.exposeBoolean('canEdit'),
    fromSheet: t.exposeStringList('fromSheet', {
      description:
        "The fields (as named here) whose value the supplier's sheet gave when its draft was submitted, not edited since.",
    }),
  }),
});

const ReferenceInput = builder.inputType('ReferenceInput', {
  description: 'A market account or attribute by id; the name is ignored.',
  fields: (t) => ({ id: t.int({ required: true }), name: t.string() }),
});

const ProductSubmissionRowInput = builder.inputType('ProductSubmissionRowInput', {
  description:
    'A bulk-edit row to save. A field left out keeps its stored value; null clears it. The UPC cannot be changed.',
  fields: (t) => ({
    id: t.id({ required: true }),
    productName: t.string(),
    companyName: t.string({ description: 'The brand.' }),
    suggestedClass: t.string(),
    marketAccounts: t.field({ type: [ReferenceInput] }),
    attributes: t.field({ type: [ReferenceInput] }),
    height: t.float(),
    width: t.float(),
    depth: t.float(),
    size: t.float(),
    uom: t.string(),
    fobCost: t.float(),
    msrp: t.float(),
    edlp: t.float(),
    deliveredCost: t.float(),
    wholesaleCost: t.float(),
    freeFill: t.boolean(),
    inStoreDemo: t.boolean(),
    fairShareMerchandisingSupport: t.boolean(),
    paidAds: t.boolean(),
    offInvoice: t.boolean(),
    tpr: t.boolean(),
  }),
});

const ColumnRef = builder.objectRef<BulkEditSettings['steps'][number]['columns'][number]>('BulkEditColumn').implement({
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The ProductSubmissionRow field.' }),
    label: t.exposeString('label'),
    kind: t.exposeString('kind', {
      description: 'text, brand, suggestedClass, marketAccounts, attributes, number, uom, money or boolean',
    }),
    required: t.exposeBoolean('required'),
  }),
});
const StepRef = builder.objectRef<BulkEditSettings['steps'][number]>('BulkEditStep').implement({
  fields: (t) => ({ name: t.exposeString('name'), columns: t.field({ type: [ColumnRef], resolve: (s) => s.columns }) }),
});
const SettingsRef = builder.objectRef<BulkEditSettings>('BulkEditSettings').implement({
  description: "The bulk edit's steps (at most 4) and their columns under a partner's field rules.",
  fields: (t) => ({
    partnerCompanyId: t.exposeInt('partnerCompanyId', { nullable: true }),
    steps: t.field({ type: [StepRef], resolve: (s) => s.steps }),
  }),
});

builder.queryFields((t) => ({
  getProductSubmissions: t.field({
    type: [ProductSubmissionRowRef],
    description:
      'The bulk-edit rows of these submissions (at most 100), in the order given. Any id the user may not see answers NOT_FOUND.',
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, { ids }, { request, ctx }) => getRows(ctx, await requireUser(request), ids.map(String)),
  }),
  bulkEditSettings: t.field({
    type: SettingsRef,
    description:
      "Steps and columns for a partner's field rules; without a partner every flag takes its default (true).",
    args: { partnerCompanyId: t.arg.int({ required: false }) },
    resolve: async (_root, { partnerCompanyId }, { request, ctx }) => {
      authorize(bulkEditPolicy.readOptions(await requireUser(request)));
      return bulkEditSettings(ctx, partnerCompanyId ?? null);
    },
  }),
  searchMarketAccountsByName: t.field({
    type: [MarketAccountRef],
    description: 'Market accounts whose name contains the text (case-insensitive), at most 20.',
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, { request, ctx }) => {
      authorize(bulkEditPolicy.readOptions(await requireUser(request)));
      return searchMarketAccounts(ctx, name);
    },
  }),
  attributes: t.field({
    type: [AttributeRef],
    description: 'Every product attribute, by name.',
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(bulkEditPolicy.readOptions(await requireUser(request)));
      return listAttributes(ctx);
    },
  }),
  suggestedClasses: t.field({
    type: ['String'],
    description: `The suggested class options (${SUGGESTED_CLASSES.length}).`,
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(bulkEditPolicy.readOptions(await requireUser(request)));
      return listSuggestedClasses(ctx.db);
    },
  }),
  unitsOfMeasure: t.field({
    type: ['String'],
    description: `The UOM options (${UOM_OPTIONS.join(', ')}).`,
    resolve: async (_root, _args, { request, ctx }) => {
      authorize(bulkEditPolicy.readOptions(await requireUser(request)));
      return listUnitsOfMeasure(ctx.db);
    },
  }),
  searchBrandsByName: t.field({
    type: [CompanyRef],
    description:
      "Brands for the bulk edit's brand select: a supplier's own company; staff, any supplier company. At most 20.",
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, { name }, { request, ctx }) => searchBrands(ctx, await requireUser(request), name),
  }),
}));

builder.mutationFields((t) => ({
  updateProductSubmissions: t.field({
    type: [ProductSubmissionRowRef],
    description:
      'Saves bulk-edit rows (at most 100) in one transaction: all or nothing. Field errors come back in extensions.fields as "{rowId}.{field}"; an id the user may not edit answers NOT_FOUND. Partner statuses are recomputed.',
    args: { rows: t.arg({ type: [ProductSubmissionRowInput], required: true }) },
    resolve: async (_root, { rows }, { request, ctx }) =>
      updateRows(
        ctx,
        await requireUser(request),
        rows.map((r) => ({ ...r, id: String(r.id) })),
      ),
  }),
}));
