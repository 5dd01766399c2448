import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  mergeSheetFacts,
  mergeSheetName,
  sameFactValue,
  sheetFacts,
  sheetProductSchema,
  type FactSources,
  type ProductFacts,
  type SheetProduct,
} from '@portal/domain';
import type { Tx } from '../../../db/client.ts';
import { draftFiles, draftSubmissions } from '../../../db/schema.ts';
import { touchDraft } from '../repository.ts';

/**
 * Drafts made from a sheet's rows ("Create drafts" after the dry run, modules/sheet-import): one draft per product, or
 * the company's existing draft of the same UPC brought to what the row says, with the photos already uploaded whose
 * file names the row gives, or whose detected code is the row's UPC, moved into it. The files of the product get the
 * row's name and product facts, except where the supplier changed them in the portal since the last import. The row's
 * content is hashed: a row imported again with nothing new changes nothing (docs/decisions/intake.md).
 */

/** Raised when what a row carries into its draft changes: drafts made before are brought to it by the next import. */
const SHEET_CARRY_VERSION = 2;

/** The forms a stored UPC of this EAN-13 may take: as typed (12 digits of a UPC-A, 13) or as a GTIN-14. */
export const upcForms = (ean13: string) => [ean13, '0' + ean13, ...(ean13.startsWith('0') ? [ean13.slice(1)] : [])];

export const sheetContentHash = (product: SheetProduct, partnerCompanyId: number | null) => {
  const { row: _row, ...content } = product;
  return createHash('sha256')
    .update(JSON.stringify({ carry: SHEET_CARRY_VERSION, partnerCompanyId, ...content }))
    .digest('hex');
};

/** The photos a company has uploaded to its drafts: their names (lowered) and their names by detected code. */
export async function uploadedPhotosOf(db: Tx, companyId: number) {
  const rows = await db
    .select({ fileName: draftFiles.fileName, detectedUpcs: draftFiles.detectedUpcs })
    .from(draftFiles)
    .innerJoin(draftSubmissions, eq(draftSubmissions.id, draftFiles.draftId))
    .where(eq(draftSubmissions.companyId, companyId));
  const names = new Set<string>();
  const byCode = new Map<string, string[]>();
  for (const r of rows) {
    names.add(r.fileName.toLowerCase());
    for (const code of r.detectedUpcs) {
      const ean = code.length === 12 ? '0' + code : code.length === 14 ? code.slice(1) : code;
      byCode.set(ean, [...(byCode.get(ean) ?? []), r.fileName]);
    }
  }
  return { names, byCode };
}

export interface SheetDraftsOwner {
  companyId: number;
  userId: number;
  partnerCompanyId: number | null;
}
export interface SheetDraftsOutcome {
  created: number;
  updated: number;
  unchanged: number;
  photosAttached: number;
  /** Updated drafts that kept a value the supplier changed in the portal since the last import. */
  kept: number;
}

type Candidate = {
  id: string;
  draftId: string;
  fileName: string;
  detectedUpcs: string[];
  sheetUpc: string | null;
  facts: ProductFacts | null;
  factSources: FactSources;
};
type Existing = { id: string; hash: string | null; previous: SheetProduct | null };

/** What the last import of the draft gave (null: none, or stored in a shape no longer read). */
const previousProduct = (stored: unknown) => {
  const parsed = sheetProductSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/** Makes or updates the drafts of a batch of products (each UPC once), in the caller's transaction. */
export async function upsertSheetDrafts(
  tx: Tx,
  owner: SheetDraftsOwner,
  products: readonly SheetProduct[],
): Promise<SheetDraftsOutcome> {
  const outcome: SheetDraftsOutcome = { created: 0, updated: 0, unchanged: 0, photosAttached: 0, kept: 0 };
  const rows = products.filter((p): p is SheetProduct & { upc: string } => p.upc !== null);
  if (!rows.length) return outcome;
  const forms = rows.flatMap((p) => upcForms(p.upc));
  const formToEan = new Map(rows.flatMap((p) => upcForms(p.upc).map((f) => [f, p.upc] as const)));
  const ofCompany = eq(draftSubmissions.companyId, owner.companyId);

  // The company's drafts of these UPCs: made from a sheet before, or holding a file with the UPC typed.
  const existing = new Map<string, Existing>();
  const sheetDrafts = await tx
    .select({
      id: draftSubmissions.id,
      upc: draftSubmissions.sheetUpc,
      hash: draftSubmissions.sheetContentHash,
      product: draftSubmissions.sheetProduct,
    })
    .from(draftSubmissions)
    .where(and(ofCompany, inArray(draftSubmissions.sheetUpc, forms)));
  for (const d of sheetDrafts) existing.set(d.upc!, { id: d.id, hash: d.hash, previous: previousProduct(d.product) });
  const typedDrafts = await tx
    .select({
      id: draftSubmissions.id,
      upc: draftFiles.upc,
      hash: draftSubmissions.sheetContentHash,
      product: draftSubmissions.sheetProduct,
    })
    .from(draftFiles)
    .innerJoin(draftSubmissions, eq(draftSubmissions.id, draftFiles.draftId))
    .where(and(ofCompany, inArray(draftFiles.upc, forms)));
  for (const d of typedDrafts) {
    const ean = formToEan.get(d.upc!)!;
    if (!existing.has(ean)) existing.set(ean, { id: d.id, hash: d.hash, previous: previousProduct(d.product) });
  }

  // Uploaded photos the rows name, or whose detected code is a row's UPC; a photo already in another product's sheet
  // draft stays there.
  const names = [...new Set(rows.flatMap((p) => p.imageFiles.map((n) => n.toLowerCase())))];
  const candidates: Candidate[] = await tx
    .select({
      id: draftFiles.id,
      draftId: draftFiles.draftId,
      fileName: draftFiles.fileName,
      detectedUpcs: draftFiles.detectedUpcs,
      sheetUpc: draftSubmissions.sheetUpc,
      facts: draftFiles.facts,
      factSources: draftFiles.factSources,
    })
    .from(draftFiles)
    .innerJoin(draftSubmissions, eq(draftSubmissions.id, draftFiles.draftId))
    .where(
      and(
        ofCompany,
        or(
          names.length ? inArray(sql`lower(${draftFiles.fileName})`, names) : sql`false`,
          sql`${draftFiles.detectedUpcs} && ${sql.raw(`ARRAY[${forms.map((f) => `'${f.replace(/\D/g, '')}'`).join(',')}]::text[]`)}`,
        ),
      ),
    );

  const emptied = new Set<string>();
  // New drafts are written in one statement after the loop; the photos move once their drafts exist.
  const inserts: (typeof draftSubmissions.$inferInsert)[] = [];
  const moves: { draftId: string; product: SheetProduct; photos: Candidate[] }[] = [];
  for (const product of rows) {
    const hash = sheetContentHash(product, owner.partnerCompanyId);
    const mine = new Set(upcForms(product.upc));
    const wanted = product.imageFiles.map((n) => n.toLowerCase());
    const photos = candidates
      .filter((c) => c.sheetUpc === null || c.sheetUpc === product.upc)
      .filter((c) => wanted.includes(c.fileName.toLowerCase()) || c.detectedUpcs.some((u) => mine.has(u)))
      .sort((a, b) => rank(a, wanted) - rank(b, wanted));
    let target = existing.get(product.upc);
    const toMove = photos.filter((c) => c.draftId !== target?.id);
    if (target && target.hash === hash && !toMove.length) {
      outcome.unchanged++;
      continue;
    }
    const sheetValues = {
      sheetUpc: product.upc,
      sheetProductName: product.productName,
      sheetProduct: { ...product } as Record<string, unknown>,
      sheetContentHash: hash,
    };
    if (target) {
      await tx.update(draftSubmissions).set(sheetValues).where(eq(draftSubmissions.id, target.id));
      if (await carryIntoFiles(tx, target, product, mine)) outcome.kept++;
      await touchDraft(tx, target.id);
      outcome.updated++;
    } else {
      target = { id: randomUUID(), hash, previous: null };
      inserts.push({
        id: target.id,
        companyId: owner.companyId,
        userId: owner.userId,
        partnerCompanyId: owner.partnerCompanyId,
        ...sheetValues,
      });
      existing.set(product.upc, target);
      outcome.created++;
    }
    // Copies: the candidates below are marked as moved for the rows after this one; a move needs where they were.
    if (toMove.length) moves.push({ draftId: target.id, product, photos: toMove.map((c) => ({ ...c })) });
    for (const c of toMove) {
      c.draftId = target.id;
      c.sheetUpc = product.upc;
    }
  }
  if (inserts.length) await tx.insert(draftSubmissions).values(inserts);
  for (const m of moves) outcome.photosAttached += await movePhotos(tx, m.draftId, m.product, m.photos, emptied);
  // A draft the photos left empty, that was not a sheet's product, is gone: it held only those photos.
  if (emptied.size)
    await tx
      .delete(draftSubmissions)
      .where(
        and(
          inArray(draftSubmissions.id, [...emptied]),
          isNull(draftSubmissions.sheetUpc),
          sql`not exists (select 1 from draft_files f where f.draft_id = ${draftSubmissions.id})`,
        ),
      );
  return outcome;
}

/** The photos the row names first, in its order; then those found by their code. */
const rank = (c: Candidate, wanted: string[]) => {
  const at = wanted.indexOf(c.fileName.toLowerCase());
  return at < 0 ? wanted.length : at;
};

/** Moves the photos into the draft after its own files (a name it already holds is left where it is). */
async function movePhotos(tx: Tx, draftId: string, product: SheetProduct, photos: Candidate[], emptied: Set<string>) {
  if (!photos.length) return 0;
  const held = await tx
    .select({ fileName: draftFiles.fileName, position: draftFiles.position, marketing: draftFiles.isMarketingImage })
    .from(draftFiles)
    .where(eq(draftFiles.draftId, draftId));
  const names = new Set(held.map((f) => f.fileName.toLowerCase()));
  let position = Math.max(-1, ...held.map((f) => f.position)) + 1;
  let marketing = held.some((f) => f.marketing);
  let moved = 0;
  const { facts } = sheetFacts(product);
  for (const photo of photos) {
    if (names.has(photo.fileName.toLowerCase())) continue;
    names.add(photo.fileName.toLowerCase());
    // A photo new to the product: the sheet's facts fill what it has none of, and never replace what it holds.
    const merged = mergeSheetFacts(photo.facts, photo.factSources, null, facts);
    await tx
      .update(draftFiles)
      .set({
        draftId,
        position: position++,
        upc: product.upc,
        productName: product.productName,
        isMarketingImage: !marketing,
        facts: merged.facts,
        factSources: merged.sources,
      })
      .where(eq(draftFiles.id, photo.id));
    marketing = true;
    await touchDraft(tx, photo.draftId);
    emptied.add(photo.draftId);
    moved++;
  }
  return moved;
}

/**
 * The row's name and facts into the draft's files of its UPC: where a file holds nothing, or still what the last import
 * gave; a value the supplier changed in the portal since is kept (docs/decisions/intake.md). True when one was.
 */
async function carryIntoFiles(tx: Tx, target: Existing, product: SheetProduct, mine: Set<string>) {
  const files = await tx
    .select({
      id: draftFiles.id,
      productName: draftFiles.productName,
      facts: draftFiles.facts,
      factSources: draftFiles.factSources,
    })
    .from(draftFiles)
    .where(and(eq(draftFiles.draftId, target.id), inArray(draftFiles.upc, [...mine])));
  const previousFacts = target.previous ? sheetFacts(target.previous).facts : null;
  const { facts } = sheetFacts(product);
  let kept = false;
  for (const f of files) {
    const productName = mergeSheetName(f.productName, target.previous?.productName ?? null, product.productName);
    const merged = mergeSheetFacts(f.facts, f.factSources, previousFacts, facts);
    if (merged.kept.length || (product.productName !== null && productName !== product.productName)) kept = true;
    if (productName === f.productName && sameFactValue(merged.facts, f.facts)) continue;
    await tx
      .update(draftFiles)
      .set({ productName, facts: merged.facts, factSources: merged.sources })
      .where(eq(draftFiles.id, f.id));
  }
  return kept;
}
