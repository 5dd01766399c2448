import type { ShippingProfile, ShippingProfileProduct } from './shipping-api.ts';

export function buildProfile(over: Partial<ShippingProfile> = {}): ShippingProfile {
  return {
    id: 4,
    name: 'Ambient case',
    companyId: 100,
    caseCount: 12,
    grossWeight: { value: 20.5, unit: 'lbs' },
    netWeight: null,
    caseLength: { value: 12, unit: 'in' },
    caseWidth: null,
    caseHeight: null,
    palletTiers: 10,
    palletLayers: 5,
    updatedDate: '2025-03-07T16:05:00',
    updatedByFirstName: 'Sam',
    updatedByLastName: 'Supplier',
    updatedByEmail: 'supplier@example.com',
    associatedSubmissions: [{ type: 'SUBMITTED', count: 2 }],
    can: { edit: true },
    ...over,
  };
}

export const buildProducts = (n: number, associated: (i: number) => boolean = () => false): ShippingProfileProduct[] =>
  Array.from({ length: n }, (_, i) => ({
    upc: `00000000000${String(i).padStart(2, '0')}`,
    name: `Product ${String(i + 1).padStart(2, '0')}`,
    status: 'SUBMITTED',
    associated: associated(i),
    otherProfileName: null,
  }));
