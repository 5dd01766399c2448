import { describe, expect, it } from 'vitest';
import { SCOPES } from '@portal/domain';
import { cataloguePolicy as policy } from './policy.ts';

const supplier = { scopes: [] };
const viewer = { scopes: [SCOPES.readAllProductSubmissions] };
const cataloguer = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions] };

describe('catalogue policy', () => {
  it('administrators see every product; suppliers only their own (filtered by the query)', () => {
    expect(policy.seesEveryProduct(viewer)).toBe(true);
    expect(policy.seesEveryProduct(cataloguer)).toBe(true);
    expect(policy.seesEveryProduct(supplier)).toBe(false);
  });
  it('certified values are recorded, and products delisted, by staff who write all submissions only', () => {
    expect(policy.catalogue(cataloguer)).toBe(true);
    expect(policy.catalogue(viewer)).toBe(false);
    expect(policy.catalogue(supplier)).toBe(false);
  });
  it('images are added by suppliers and writing staff, not by read-only administrators', () => {
    expect(policy.addImages(supplier)).toBe(true);
    expect(policy.addImages(cataloguer)).toBe(true);
    expect(policy.addImages(viewer)).toBe(false);
  });
  it('the shipping profile is set by suppliers only', () => {
    expect(policy.setShippingProfile(supplier)).toBe(true);
    expect(policy.setShippingProfile(viewer)).toBe(false);
    expect(policy.setShippingProfile(cataloguer)).toBe(false);
  });
});
