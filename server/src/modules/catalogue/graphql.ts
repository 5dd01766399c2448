import { CATALOGUE_SORT_KEYS } from '@portal/domain';
import { builder } from '../../graphql/builder.ts';
import { ProductFactsRef } from '../submissions/graphql-facts.ts';
import { requireUser } from '../users/current-user.ts';
import {
  cataloguePage,
  delistProduct,
  presentProduct,
  productImageUrls,
  visibleProduct,
  type PresentedProduct,
} from './service.ts';

const Permissions = builder.objectRef<PresentedProduct['can']>('CataloguedProductPermissions').implement({
  fields: (t) => ({
    addImages: t.exposeBoolean('addImages'),
    setShippingProfile: t.exposeBoolean('setShippingProfile'),
    delist: t.exposeBoolean('delist'),
  }),
});

export const CataloguedProductRef = builder.objectRef<PresentedProduct>('CataloguedProduct').implement({
  description: 'A product of the catalogue with its certified values (one per EAN-13).',
  fields: (t) => ({
    ean13Upc: t.exposeString('ean13Upc'),
    description: t.exposeString('description', { nullable: true }),
    brand: t.exposeString('brand', { nullable: true }),
    department: t.exposeString('department', { nullable: true }),
    category: t.exposeString('category', { nullable: true }),
    subcategory: t.exposeString('subcategory', { nullable: true }),
    itemSize: t.exposeString('itemSize', { nullable: true }),
    unitsOfMeasure: t.exposeString('unitsOfMeasure', { nullable: true }),
    packCount: t.exposeInt('packCount', { nullable: true }),
    updatedDate: t.field({ type: 'DateTime', resolve: (p) => p.updatedAt }),
    shippingProfileId: t.exposeInt('shippingProfileId', {
      nullable: true,
      description: "The user's company's shipping profile for this product",
    }),
    isDelisted: t.exposeBoolean('isDelisted', {
      description: 'Delisted products are hidden from suppliers\u2019 lists',
    }),
    imageUrls: t.exposeStringList('imageUrls'),
    thumbnailUrls: t.exposeStringList('thumbnailUrls'),
    facts: t.field({
      type: ProductFactsRef,
      nullable: true,
      description: 'The product facts certified when it was catalogued (null: none)',
      resolve: (p) => p.facts,
    }),
    can: t.field({ type: Permissions, resolve: (p) => p.can }),
  }),
});

const CataloguedProductPage = builder
  .objectRef<{
    items: PresentedProduct[];
    total: number;
    more: boolean;
    page: number;
    pageSize: number;
    startCursor: string | null;
    endCursor: string | null;
  }>('CataloguedProductPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [CataloguedProductRef], resolve: (p) => p.items }),
      total: t.exposeInt('total', { description: 'Matching products, counted up to 10,000 (see more)' }),
      more: t.exposeBoolean('more', { description: 'More products match than total counts' }),
      startCursor: t.exposeString('startCursor', {
        nullable: true,
        description: "The page's first row: give it as before to read the page before this one",
      }),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: "The page's last row: give it as after to read the page after this one",
      }),
      page: t.exposeInt('page'),
      pageSize: t.exposeInt('pageSize'),
    }),
  });

export const CertifiedValuesInput = builder.inputType('CertifiedValuesInput', {
  fields: (t) => ({
    description: t.string({ required: true }),
    brand: t.string({ required: true }),
    department: t.string({ required: false }),
    category: t.string({ required: false }),
    subcategory: t.string({ required: false }),
    itemSize: t.string({ required: false }),
    unitsOfMeasure: t.string({ required: false }),
    packCount: t.int({ required: false }),
  }),
});

/** What the catalogue list sorts by, and which way (closed sets: enums, so clients know every value). */
const CatalogueSortFieldEnum = builder.enumType('CatalogueSortField', { values: CATALOGUE_SORT_KEYS });
const SortDirectionEnum = builder.enumType('SortDirection', { values: ['asc', 'desc'] as const });

builder.queryFields((t) => ({
  getCataloguedProducts: t.field({
    type: CataloguedProductPage,
    description:
      "One page of the catalogue. upcPrefix: prefix of the EAN-13 (a UPC-A prefix also matches); brand and description: contains, case- and accent-insensitive; q: the search box's search (a name or brand with typos forgiven, or a UPC in any form).",
    args: {
      upcPrefix: t.arg.string({ required: false }),
      page: t.arg.int({ required: false }),
      pageSize: t.arg.int({ required: false }),
      sortBy: t.arg({ type: CatalogueSortFieldEnum, required: false, description: 'updatedDate by default' }),
      sortDirection: t.arg({ type: SortDirectionEnum, required: false, description: 'desc by default' }),
      brand: t.arg.string({ required: false }),
      description: t.arg.string({ required: false }),
      q: t.arg.string({
        required: false,
        description:
          "The search box's search: a name or brand (typos and missing accents forgiven) or a UPC in any form",
      }),
      after: t.arg.string({
        required: false,
        description: 'The endCursor of the page before: this page is read from there (same sort and filters)',
      }),
      before: t.arg.string({
        required: false,
        description: 'The startCursor of the page after: this page is read from there (same sort and filters)',
      }),
    },
    resolve: async (_root, args, { request, ctx }) => cataloguePage(ctx, await requireUser(request), args),
  }),
  getCataloguedProduct: t.field({
    type: CataloguedProductRef,
    nullable: true,
    args: { ean13Upc: t.arg.string({ required: true }) },
    resolve: async (_root, { ean13Upc }, { request, ctx }) => {
      const user = await requireUser(request);
      return presentProduct(ctx.db, user, await visibleProduct(ctx.db, user, ean13Upc));
    },
  }),
  getCataloguedProductImageUrls: t.stringList({
    args: { ean13Upc: t.arg.string({ required: true }) },
    resolve: async (_root, { ean13Upc }, { request, ctx }) => {
      const user = await requireUser(request);
      await visibleProduct(ctx.db, user, ean13Upc);
      return productImageUrls(ctx.db, user, ean13Upc);
    },
  }),
}));

builder.mutationFields((t) => ({
  delistCataloguedProduct: t.field({
    type: CataloguedProductRef,
    args: { ean13Upc: t.arg.string({ required: true }) },
    resolve: async (_root, { ean13Upc }, { request, ctx }) => {
      const user = await requireUser(request);
      return presentProduct(ctx.db, user, await delistProduct(ctx, user, ean13Upc));
    },
  }),
}));
