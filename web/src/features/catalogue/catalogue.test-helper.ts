import type { CataloguedProduct, CataloguedProductPage } from './catalogue-api.ts';

export function buildProduct(over: Partial<CataloguedProduct> = {}): CataloguedProduct {
  return {
    ean13Upc: '0036000291452',
    description: 'Tomato Soup',
    brand: 'Green Valley',
    department: 'Grocery',
    category: 'Soups',
    subcategory: 'Canned soups',
    itemSize: '10.75',
    unitsOfMeasure: 'oz',
    packCount: null,
    updatedDate: '2025-03-07T16:05:00',
    shippingProfileId: null,
    imageUrls: [],
    thumbnailUrls: [],
    isDelisted: false,
    can: { addImages: true, setShippingProfile: true, delist: false },
    ...over,
  };
}

export const listPage = (
  items: CataloguedProduct[],
  total = items.length,
  page = 1,
): { data: { getCataloguedProducts: CataloguedProductPage } } => ({
  data: {
    getCataloguedProducts: {
      items,
      total,
      more: false,
      page,
      pageSize: 25,
      startCursor: items.length ? `start-${page}` : null,
      endCursor: items.length ? `end-${page}` : null,
    },
  },
});
