import { toEan13, upcError } from './gtin.ts';
import type { FactField } from './product-facts-suggestions.ts';

/**
 * What a photo of a product shows: its side (front, back, side) and the information faces retailers ask for (the
 * nutrition panel, the ingredients, the barcode). Proposed from what the photo pipeline already read (a barcode, a
 * nutrition panel, an ingredients list), changed by the supplier, required by a partner's readiness rules, and named
 * by in the GS1 image download. docs/decisions/product-facts.md, "Photo roles".
 */
export const PHOTO_ROLES = ['front', 'back', 'side', 'nutrition-panel', 'ingredients', 'barcode'] as const;
export type PhotoRole = (typeof PHOTO_ROLES)[number];

export const PHOTO_ROLE_LABELS: Record<PhotoRole, string> = {
  front: 'Front',
  back: 'Back',
  side: 'Side',
  'nutrition-panel': 'Nutrition panel',
  ingredients: 'Ingredients',
  barcode: 'Barcode face',
};

/** A photo's roles as people read them, in the order chosen ("Front, Barcode face"); unknown names are left out. */
export const photoRolesText = (roles: readonly string[]): string =>
  roles
    .filter((r): r is PhotoRole => (PHOTO_ROLES as readonly string[]).includes(r))
    .map((r) => PHOTO_ROLE_LABELS[r])
    .join(', ');

/** What the pipeline knows of one file, in the product's order. */
export interface PhotoRoleSignals {
  /** A PDF page is artwork, not a photo: it gets no role. */
  isPhoto: boolean;
  /** The supplier's primary (marketing) image: the packshot, so the front when it shows nothing else. */
  isMarketingImage: boolean;
  detectedUpcs: readonly string[];
  /** The fields read from the photo's text (the facts readings). */
  readFields: readonly FactField[];
  /** The supplier's choice; null: none made, the proposal stands. */
  chosen: readonly PhotoRole[] | null;
}

const PANEL_FIELDS: readonly FactField[] = ['calories', 'servingSize', 'servingsPerContainer', 'totalFat', 'protein'];

/** The roles the pipeline's readings imply for one photo: the information faces it was seen to show. */
function infoRoles(photo: PhotoRoleSignals): PhotoRole[] {
  const roles: PhotoRole[] = [];
  if (photo.readFields.some((f) => PANEL_FIELDS.includes(f))) roles.push('nutrition-panel');
  if (photo.readFields.includes('ingredients') || photo.readFields.includes('allergens')) roles.push('ingredients');
  if (photo.detectedUpcs.length > 0) roles.push('barcode');
  return roles;
}

/**
 * Each file's roles: the supplier's where chosen, else the proposal. A photo showing a panel, the ingredients or a
 * barcode is proposed as that face; of the photos showing none, the front is the first primary image, else the first
 * of them (suppliers lead with it), and the others are sides. No front is proposed beside a chosen one. PDF pages
 * get none.
 */
export function photoRoles(photos: readonly PhotoRoleSignals[]): PhotoRole[][] {
  const proposed = photos.map((p) => (p.isPhoto && !p.chosen ? infoRoles(p) : []));
  const plain = photos.flatMap((p, i) => (p.isPhoto && !p.chosen && proposed[i].length === 0 ? [i] : []));
  const front = photos.some((p) => p.chosen?.includes('front'))
    ? -1
    : (plain.find((i) => photos[i].isMarketingImage) ?? plain[0] ?? -1);
  return photos.map((photo, i) => {
    if (!photo.isPhoto) return [];
    if (photo.chosen) return [...photo.chosen];
    if (proposed[i].length) return proposed[i];
    return i === front ? ['front'] : ['side'];
  });
}

/** The roles a partner requires that no photo of the product has. */
export const missingPhotoRoles = (required: readonly PhotoRole[], roles: readonly (readonly PhotoRole[])[]) =>
  required.filter((r) => !roles.some((photo) => photo.includes(r)));

/**
 * GS1 Product Image Specification facing codes (file name position 17): 1 front, 2 left, 7 back; 0 not applicable,
 * for a photo known only by what it shows (a panel, the ingredients, a barcode), whose side the portal cannot tell.
 */
const FACING: Partial<Record<PhotoRole, string>> = { front: '1', side: '2', back: '7' };

export interface Gs1ImageFile {
  fileName: string;
  roles: readonly PhotoRole[];
}

/**
 * The GS1 file name of each image of a product: GTIN-14, `_`, image type (A the first image of a facing, B the
 * others; D a supporting image, facing 0), facing, angle (C: straight on, what a supplier's photo is taken as),
 * product state (1: in its packaging); the original extension, lowered (jpeg as jpg). Names the rules would repeat get
 * a sequence `_2`, `_3`. Null for a UPC that is not a valid GTIN.
 */
export function gs1ImageNames(upc: string, files: readonly Gs1ImageFile[]): string[] | null {
  const code = upcError(upc) ? null : toEan13(upc);
  if (!code) return null;
  const gtin14 = code.padStart(14, '0');
  const seenFacing = new Set<string>();
  const used = new Map<string, number>();
  return files.map((file) => {
    const facing = PHOTO_ROLES.map((r) => (file.roles.includes(r) ? FACING[r] : undefined)).find(Boolean);
    let type = 'D';
    if (facing) {
      type = seenFacing.has(facing) ? 'B' : 'A';
      seenFacing.add(facing);
    }
    const base = `${gtin14}_${type}${facing ?? '0'}C1`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    const ext = (/\.([a-z0-9]{1,5})$/i.exec(file.fileName)?.[1] ?? 'jpg').toLowerCase().replace('jpeg', 'jpg');
    return `${base}${n > 1 ? `_${n}` : ''}.${ext}`;
  });
}
