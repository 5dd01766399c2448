import type { CertifiedValues } from '@portal/domain';

/** A catalogued product's certified values: a description and a brand, every other field empty unless given. */
export const certifiedValues = (over: Partial<CertifiedValues> = {}): CertifiedValues => ({
  description: 'A product',
  brand: 'Brand',
  department: null,
  category: null,
  subcategory: null,
  itemSize: null,
  unitsOfMeasure: null,
  packCount: null,
  ...over,
});
