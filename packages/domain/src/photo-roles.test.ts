import { describe, expect, it } from 'vitest';
import { rolesKeptAtSubmit, rolesOfDraftFiles, type StoredPhotoSignals } from './readiness.ts';
import { gs1ImageNames, missingPhotoRoles, photoRoles, photoRolesText, type PhotoRoleSignals } from './photo-roles.ts';
import { photoRolesSchema } from './photo-roles-schema.ts';

const photo = (over: Partial<PhotoRoleSignals> = {}): PhotoRoleSignals => ({
  isPhoto: true,
  isMarketingImage: false,
  detectedUpcs: [],
  readFields: [],
  chosen: null,
  ...over,
});

describe('photo roles proposed from what the pipeline read', () => {
  it('names the information faces: a panel, the ingredients, the barcode', () => {
    const roles = photoRoles([
      photo({ readFields: ['calories', 'totalFat'] }),
      photo({ readFields: ['ingredients', 'allergens'], detectedUpcs: ['036000291452'] }),
      photo({ readFields: ['netContent'] }),
    ]);
    expect(roles).toEqual([['nutrition-panel'], ['ingredients', 'barcode'], ['front']]);
  });

  it('makes the first photo showing none of them the front and the others sides; a PDF page gets none', () => {
    const roles = photoRoles([photo({ isPhoto: false }), photo(), photo(), photo({ detectedUpcs: ['1'] })]);
    expect(roles).toEqual([[], ['front'], ['side'], ['barcode']]);
  });

  it('proposes the primary (marketing) image as the front when it shows nothing else', () => {
    const roles = photoRoles([photo(), photo({ isMarketingImage: true }), photo({ isMarketingImage: true })]);
    expect(roles).toEqual([['side'], ['front'], ['side']]);
  });

  it("keeps the supplier's choice, even none, and proposes no second front beside a chosen one", () => {
    const roles = photoRoles([photo(), photo({ chosen: ['front', 'back'] }), photo({ chosen: [] })]);
    expect(roles).toEqual([['side'], ['front', 'back'], []]);
  });

  it('accepts a choice of known roles given once', () => {
    expect(photoRolesSchema.safeParse(['front', 'barcode']).success).toBe(true);
    expect(photoRolesSchema.safeParse(['front', 'front']).success).toBe(false);
    expect(photoRolesSchema.safeParse(['top']).success).toBe(false);
  });

  it('lists the required roles no photo has', () => {
    expect(missingPhotoRoles(['front', 'nutrition-panel'], [['front'], ['barcode']])).toEqual(['nutrition-panel']);
    expect(missingPhotoRoles(['front'], [['side', 'front']])).toEqual([]);
  });
});

describe('GS1 image file names', () => {
  it('names each image by GTIN-14, image type, facing, angle and state', () => {
    const names = gs1ImageNames('036000291452', [
      { fileName: 'Front.JPEG', roles: ['front'] },
      { fileName: 'back.png', roles: ['back', 'nutrition-panel'] },
      { fileName: 'left.jpg', roles: ['side'] },
      { fileName: 'right.jpg', roles: ['side'] },
      { fileName: 'panel.jpg', roles: ['nutrition-panel'] },
      { fileName: 'code.jpg', roles: ['barcode'] },
      { fileName: 'more-side.jpg', roles: ['side'] },
    ]);
    expect(names).toEqual([
      '00036000291452_A1C1.jpg',
      '00036000291452_A7C1.png',
      '00036000291452_A2C1.jpg',
      '00036000291452_B2C1.jpg',
      '00036000291452_D0C1.jpg',
      '00036000291452_D0C1_2.jpg',
      '00036000291452_B2C1_2.jpg',
    ]);
  });

  it('pads an EAN-13 and an EAN-8 to 14 digits, and gives nothing for an invalid code', () => {
    expect(gs1ImageNames('4006381333931', [{ fileName: 'a.jpg', roles: ['front'] }])).toEqual([
      '04006381333931_A1C1.jpg',
    ]);
    expect(gs1ImageNames('96385074', [{ fileName: 'a.jpg', roles: [] }])).toEqual(['00000096385074_D0C1.jpg']);
    expect(gs1ImageNames('036000291453', [{ fileName: 'a.jpg', roles: [] }])).toBeNull();
  });
});

describe('the roles of stored files, grouped into products as Submit groups them', () => {
  const stored = (fileName: string, upc: string | null, over: Partial<StoredPhotoSignals> = {}) => ({
    fileName,
    upc,
    kind: 'jpeg',
    isMarketingImage: false,
    detectedUpcs: [],
    factReadings: [],
    photoRoles: null,
    ...over,
  });
  it("proposes a front per product, leaves artwork out and keeps a supplier's choice", () => {
    const roles = rolesOfDraftFiles([
      stored('a1.jpg', '036000291452'),
      stored('b1.jpg', null, { detectedUpcs: ['4006381333931'] }),
      stored('a2.jpg', '036000291452', { factReadings: [{ field: 'calories' }] }),
      stored('b2.jpg', '4006381333931'),
      stored('art.pdf', '036000291452', { kind: 'pdf' }),
      stored('a3.jpg', '036000291452', { photoRoles: ['back'] }),
    ]);
    expect(Object.fromEntries(roles)).toEqual({
      'a1.jpg': ['front'],
      'a2.jpg': ['nutrition-panel'],
      'art.pdf': [],
      'a3.jpg': ['back'],
      'b1.jpg': ['barcode'],
      'b2.jpg': ['front'],
    });
  });

  it('keeps at Submit a choice, or a proposal once the photo is read; not a proposal made while it is read', () => {
    const at = (over: Partial<StoredPhotoSignals>, detectionStatus = 'done', factReadingStatus = 'done') => ({
      ...stored('x.jpg', '036000291452', over),
      detectionStatus,
      factReadingStatus,
    });
    const kept = rolesKeptAtSubmit([
      { ...at({}), fileName: 'read.jpg' },
      { ...at({}, 'pending'), fileName: 'reading-code.jpg' },
      { ...at({}, 'done', 'pending'), fileName: 'reading-text.jpg' },
      { ...at({ photoRoles: ['back'] }, 'pending'), fileName: 'chosen.jpg' },
    ]);
    expect(Object.fromEntries(kept)).toEqual({
      'read.jpg': ['front'],
      'reading-code.jpg': null,
      'reading-text.jpg': null,
      'chosen.jpg': ['back'],
    });
  });
});

describe('photo roles as people read them', () => {
  it('names each role in the order given, and leaves out a name it does not know', () => {
    expect(photoRolesText(['front', 'barcode'])).toBe('Front, Barcode face');
    expect(photoRolesText(['nutrition-panel', 'not-a-role'])).toBe('Nutrition panel');
    expect(photoRolesText([])).toBe('');
    expect(photoRolesText(['toString'])).toBe('');
  });
});
