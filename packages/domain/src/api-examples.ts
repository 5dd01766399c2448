/**
 * Values the OpenAPI document's examples are made of (`.meta({ examples: [...] })` on the schemas): one coherent
 * story, the demo data's, so an operation's example reads as a real answer. server/test/openapi.test.ts checks every
 * example against its schema.
 */
export const EXAMPLE = {
  /** A UPC-A and its EAN-13 (check digit 2). */
  upc: '036000291452',
  ean13Upc: '0036000291452',
  companyId: 1001,
  partnerCompanyId: 30443,
  userId: 12,
  email: 'supplier@example.com',
  firstName: 'Sam',
  lastName: 'Supplier',
  submissionId: '0b8f3c2e-5d47-4a8e-9c1f-2e6a7b9d4f10',
  draftId: '7c2a9e41-3b6d-4f58-8e0a-1d9b5c7f3a26',
  at: '2026-11-26T09:30:00.000Z',
  earlier: '2026-11-25T16:05:12.000Z',
  fileName: 'front.jpg',
  productName: 'Sparkling water 1 l',
  brand: 'Clearwater',
  imageUrl: '/api/productSubmissions/0b8f3c2e-5d47-4a8e-9c1f-2e6a7b9d4f10/image/front.jpg',
  thumbnailUrl: '/api/productSubmissions/0b8f3c2e-5d47-4a8e-9c1f-2e6a7b9d4f10/image/front.jpg?thumbnail=true',
  draftImageUrl: '/draftSubmissions/7c2a9e41-3b6d-4f58-8e0a-1d9b5c7f3a26/image/front.jpg',
  draftThumbnailUrl: '/draftSubmissions/7c2a9e41-3b6d-4f58-8e0a-1d9b5c7f3a26/image/front.jpg?thumbnail=true',
  reviewer: 'Ada Admin',
  cursor: 'MjAyNi0xMS0yNlQwOTozMDowMFo',
} as const;
