import { randomUUID } from 'node:crypto';
import {
  sourcesAfterEdit,
  type ProductFacts,
  CATALOGUE_COUNT_LIMIT,
  CATALOGUE_MSG,
  certifiedValuesSchema,
  DRAFT_MSG,
  photoCodesDiffer,
  shippingProfileChoiceSchema,
  type CertifiedValues,
  type ImportRow,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { readBarcodesOffThread } from '../../media/media-pool.ts';
import { changeStatus, createSubmissions } from '../submissions/lifecycle.ts';
import { countChangesTogether } from '../submissions/counts.ts';
import { imagePath } from '../submissions/shapes.ts';
import { staffStatusChange, toReadForFacts, visibleSubmission } from '../submissions/service.ts';
import { recordAudit } from '../audit/record.ts';
import type { ReceivedFile } from '../uploads/receive.ts';
import { storeThenRecord } from '../uploads/store-first.ts';
import { recordWithinQuota } from '../uploads/quota.ts';
import { applyProductShippingProfile, assertCompanyProfiles } from '../shipping-profiles/service.ts';
import type { UserRow } from '../users/repository.ts';
import type { SubmissionRow } from '../submissions/repository.ts';
import { cataloguePolicy } from './policy.ts';
import { refreshProductsInCompanyCatalogues } from './queries/membership.ts';
import { cataloguePageReads, type CatalogueQuery } from './queries/catalogue-list.ts';
import {
  existingProducts,
  imageFilesOf,
  lockedProduct,
  productProfilesOf,
  productSeenBy,
  productsAfter,
  submissionsWithStatus,
  updateProduct,
  upsertProductRows,
  type CataloguedProductRow,
} from './repository.ts';
import { invalidCursor } from '../../lib/keyset.ts';

/** How many EAN-13s an import's audit row lists by name. */
const AUDITED_EANS = 20;

/** Which submission statuses contribute images to a product. */
const IMAGE_STATUSES = ['ACCEPTED', 'CATALOGUED'];

export async function visibleProduct(db: Tx, user: UserRow, ean13Upc: string): Promise<CataloguedProductRow> {
  if (!/^\d{1,14}$/.test(ean13Upc)) throw notFound('Product not found.');
  const row = await productSeenBy(db, ean13Upc, cataloguePolicy.seesEveryProduct(user) ? null : user.companyId);
  if (!row) throw notFound('Product not found.');
  return row;
}

/**
 * One page of the catalogue list and how many products match, counted up to CATALOGUE_COUNT_LIMIT (`more`: there are
 * more). A page next to one shown is read from that page's edge by keyset (`after` its end cursor, `before` its start
 * cursor: the sort key and EAN-13 of its last or first row) through the index of the sort, any other by its place from
 * the top within the counted rows; so no request reads more than CATALOGUE_COUNT_LIMIT rows however large the
 * catalogue, and Next and Previous cost the same on every page.
 */
export async function cataloguePage(ctx: AppContext, user: UserRow, q: CatalogueQuery) {
  const reads = await cataloguePageReads(ctx.db, user, q);
  const [rows, [{ counted }]] = await Promise.all([reads.rows ?? [], reads.count]);
  if (reads.backwards) rows.reverse();
  const more = Number(counted) > CATALOGUE_COUNT_LIMIT;
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    items: await presentProducts(
      ctx.db,
      user,
      rows.map((r) => r.row),
    ),
    total: more ? CATALOGUE_COUNT_LIMIT : Number(counted),
    more,
    page: reads.page,
    pageSize: reads.pageSize,
    startCursor: first ? reads.cursorOf(first) : null,
    endCursor: last ? reads.cursorOf(last) : null,
  };
}

/**
 * The integration API's catalogue list: by EAN-13, a page at a time from a cursor (the primary key's index: every page
 * costs the same, however deep). A supplier sees the products its company submitted, delisted ones aside, as on the
 * catalogue page. The cursor is the last EAN-13 of the page before, opaque to clients.
 */
export async function catalogueKeysetPage(ctx: AppContext, user: UserRow, q: { limit: number; cursor?: string }) {
  const after = q.cursor ? decodeEanCursor(q.cursor) : null;
  const rows = await productsAfter(
    ctx.db,
    cataloguePolicy.seesEveryProduct(user) ? null : user.companyId,
    after,
    q.limit + 1,
  );
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: await presentProducts(ctx.db, user, page),
    next_cursor: rows.length > q.limit && last ? Buffer.from(`e:${last.ean13Upc}`).toString('base64url') : null,
  };
}

function decodeEanCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const ean = /^e:(\d{8,14})$/.exec(text)?.[1];
  if (!ean) throw invalidCursor();
  return ean;
}

/**
 * Images of products: the files of the submissions of each EAN-13 with status ACCEPTED or CATALOGUED, newest
 * submission first. A supplier sees only its own company's submissions' files (the image route would refuse the
 * others); staff see all.
 */
async function imagesOf(db: Tx, user: UserRow, eans: string[]) {
  const out = new Map<string, { imageUrls: string[]; thumbnailUrls: string[] }>();
  for (const e of eans) out.set(e, { imageUrls: [], thumbnailUrls: [] });
  if (!eans.length) return out;
  const rows = await imageFilesOf(
    db,
    eans,
    IMAGE_STATUSES,
    cataloguePolicy.seesEveryProduct(user) ? null : user.companyId,
  );
  for (const r of rows) {
    const url = imagePath(r.id, r.fileName, r.kind);
    const entry = out.get(r.ean)!;
    entry.imageUrls.push(url);
    entry.thumbnailUrls.push(`${url}?thumbnail=true`);
  }
  return out;
}

export async function productImageUrls(db: Tx, user: UserRow, ean13Upc: string) {
  return (await imagesOf(db, user, [ean13Upc])).get(ean13Upc)!.imageUrls;
}

export async function presentProducts(db: Tx, user: UserRow, rows: CataloguedProductRow[]) {
  const eans = rows.map((r) => r.ean13Upc);
  const [images, profiles] = await Promise.all([
    imagesOf(db, user, eans),
    eans.length ? productProfilesOf(db, user.companyId, eans) : Promise.resolve([]),
  ]);
  const profileOf = new Map(profiles.map((p) => [p.ean13Upc, p.shippingProfileId]));
  return rows.map((r) => ({
    ...r,
    shippingProfileId: profileOf.get(r.ean13Upc) ?? null,
    ...images.get(r.ean13Upc)!,
    can: {
      addImages: cataloguePolicy.addImages(user) && !r.isDelisted,
      setShippingProfile: cataloguePolicy.setShippingProfile(user),
      delist: cataloguePolicy.catalogue(user) && !r.isDelisted,
    },
  }));
}
export type PresentedProduct = Awaited<ReturnType<typeof presentProducts>>[number];

export const presentProduct = async (db: Tx, user: UserRow, row: CataloguedProductRow) =>
  (await presentProducts(db, user, [row]))[0];

/** Creates or updates the catalogued product of an EAN-13 (a delisted one comes back into the catalogue). */
async function upsertProducts(tx: Tx, userId: number, unordered: ImportRow[]) {
  const now = new Date();
  // In EAN-13 order, so two imports of overlapping files lock their common products in the same order.
  const rows = [...unordered].sort((a, b) => (a.ean13Upc < b.ean13Upc ? -1 : a.ean13Upc > b.ean13Upc ? 1 : 0));
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await upsertProductRows(tx, userId, now, chunk);
  }
}

/**
 * The facts of a submission being catalogued become the product's certified facts (its row is locked already by the
 * upsert before it). A submission without facts leaves those the product has.
 */
async function certifyFactsOf(tx: Tx, submission: SubmissionRow) {
  if (submission.facts) await updateProduct(tx, submission.ean13Upc, { facts: submission.facts });
}

/** Cataloguing staff record the certified values of an accepted submission: ACCEPTED to CATALOGUED, in one transaction. */
export async function catalogueSubmission(ctx: AppContext, user: UserRow, id: string, input: unknown) {
  const { ean13Upc } = await visibleSubmission(ctx, user, id);
  if (!cataloguePolicy.catalogue(user)) throw forbidden();
  const values: CertifiedValues = certifiedValuesSchema.parse(input);
  return ctx.db.transaction(async (tx) => {
    // The product row first, then the submission and its counts (db/lock-order.ts): the order of the import and the
    // delisting, so none of them holds what another waits for while it waits in turn. A submission that is not ACCEPTED (checked under
    // its row lock) rolls the product's values back with the rest.
    await upsertProducts(tx, user.id, [{ ean13Upc, values }]);
    const updated = await staffStatusChange(tx, user, id, 'CATALOGUED', 'submission.catalogued');
    // Its EAN-13 changes only with a resubmission, which an ACCEPTED submission has had since it was read.
    if (updated.ean13Upc !== ean13Upc) throw conflict(CATALOGUE_MSG.submissionChanged);
    await certifyFactsOf(tx, updated);
    // Last: the company catalogues' locks follow the counts' (db/lock-order.ts).
    await refreshProductsInCompanyCatalogues(tx, [updated.ean13Upc]);
    return updated;
  });
}

/** The certified-values import: every row applied, and matching ACCEPTED submissions catalogued, in one transaction. */
export async function importCertifiedValues(ctx: AppContext, user: UserRow, rows: ImportRow[]) {
  if (!cataloguePolicy.catalogue(user)) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    let catalogued = 0;
    const eans = rows.map((r) => r.ean13Upc);
    const existing = new Set<string>();
    for (let i = 0; i < eans.length; i += 1000) {
      const found = await existingProducts(tx, eans.slice(i, i + 1000));
      found.forEach((f) => existing.add(f.e));
    }
    await upsertProducts(tx, user.id, rows);
    // Their count changes applied together at the end: the count rows locked in the one order (submissions/counts.ts).
    await countChangesTogether(tx, async () => {
      for (let i = 0; i < eans.length; i += 1000) {
        const accepted = await submissionsWithStatus(tx, eans.slice(i, i + 1000), 'ACCEPTED');
        for (const s of accepted) {
          const updated = await changeStatus(tx, s.id, 'CATALOGUED', {
            actor: 'staff',
            userId: user.id,
            reason: 'Certified values imported',
          });
          await certifyFactsOf(tx, updated);
          catalogued++;
        }
      }
    });
    // The products' rows in the company catalogues, after the counts (the order of membership.ts).
    await refreshProductsInCompanyCatalogues(tx, eans);
    // One row for the import (it is one act; a file may hold thousands of products): counts and the first EAN-13s.
    await recordAudit(tx, {
      actor: user,
      action: 'certified_values.imported',
      target: { type: 'certified_values_import', id: randomUUID(), label: `${rows.length} rows` },
      after: {
        rows: rows.length,
        productsCreated: rows.length - existing.size,
        productsUpdated: existing.size,
        submissionsCatalogued: catalogued,
        ean13Upcs:
          eans.length > AUDITED_EANS
            ? [...eans.slice(0, AUDITED_EANS), `and ${eans.length - AUDITED_EANS} more`]
            : eans,
      },
    });
    return { applied: rows.length, catalogued };
  });
}

/** A product leaves the catalogue: every CATALOGUED submission of it goes to DELISTED. */
export async function delistProduct(ctx: AppContext, user: UserRow, ean13Upc: string) {
  await visibleProduct(ctx.db, user, ean13Upc);
  if (!cataloguePolicy.catalogue(user)) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockedProduct(tx, ean13Upc);
    if (!locked) throw notFound('Product not found.');
    if (locked.isDelisted) throw new HttpError(409, 'INVALID_TRANSITION', 'This product is already delisted.');
    const catalogued = await submissionsWithStatus(tx, [ean13Upc], 'CATALOGUED');
    await countChangesTogether(tx, async () => {
      for (const s of catalogued) await changeStatus(tx, s.id, 'DELISTED', { actor: 'staff', userId: user.id });
    });
    const now = new Date();
    const row = await updateProduct(tx, ean13Upc, {
      isDelisted: true,
      delistedAt: now,
      updatedAt: now,
      updatedBy: user.id,
    });
    await refreshProductsInCompanyCatalogues(tx, [ean13Upc]);
    await recordAudit(tx, {
      actor: user,
      action: 'product.delisted',
      target: { type: 'product', id: ean13Upc, label: locked.description },
      before: { delisted: false },
      after: { delisted: true, submissionsDelisted: catalogued.length },
    });
    return row;
  });
}

/** The supplier's company applies one of its shipping profiles to a product (null removes it). */
export async function setShippingProfile(ctx: AppContext, user: UserRow, ean13Upc: string, body: unknown) {
  const product = await visibleProduct(ctx.db, user, ean13Upc);
  if (!cataloguePolicy.setShippingProfile(user)) throw forbidden();
  const { shippingProfileId } = shippingProfileChoiceSchema.parse(body ?? {});
  await assertCompanyProfiles(ctx.db, user.companyId, [shippingProfileId]);
  await ctx.db.transaction((tx) =>
    applyProductShippingProfile(tx, { companyId: user.companyId, ean13Upc, shippingProfileId, userId: user.id }),
  );
  return presentProduct(ctx.db, user, product);
}

/** Checked before any byte of an image upload is read. */
export async function productForNewImages(ctx: AppContext, user: UserRow, ean13Upc: string) {
  const product = await visibleProduct(ctx.db, user, ean13Upc);
  if (!cataloguePolicy.addImages(user)) throw forbidden();
  if (product.isDelisted) throw new HttpError(409, 'CONFLICT', 'This product is delisted; images cannot be added.');
  return product;
}

/**
 * Refuses images of a catalogued product whose barcodes are all another code (the automated checks would reject the
 * submission moments later): 409 BARCODE_DIFFERS naming them, until the user confirms with the field
 * DRAFT_MSG.sendDifferingField = 'send'. Read in the media processes, as the checks job reads them.
 */
export async function assertImagesShowProduct(product: CataloguedProductRow, files: ReceivedFile[]) {
  const readings = await Promise.all(
    files.map(async (f) => ({ fileName: f.fileName, codes: (await readBarcodesOffThread(f.tempPath, f.kind)).codes })),
  );
  const differing = photoCodesDiffer(
    product.ean13Upc,
    readings.flatMap((r) => r.codes),
  );
  if (!differing) return;
  const shown = readings.filter((r) => r.codes.length > 0);
  throw new HttpError(
    409,
    'BARCODE_DIFFERS',
    // The supplier typed no UPC on Add images: the product's, as its page shows it.
    DRAFT_MSG.productUpcDiffers(
      product.ean13Upc,
      differing,
      shown.map((r) => r.fileName),
    ),
    { fields: Object.fromEntries(shown.map((r) => [r.fileName, r.codes.join(', ')])) },
  );
}

/**
 * New images of a catalogued product: a product submission of the user's company for that EAN-13, SUBMITTED, with
 * the files, history, and the automated checks (the same review as the intake). Staff acceptance shows the images.
 */
export async function addProductImages(
  ctx: AppContext,
  user: UserRow,
  product: CataloguedProductRow,
  partnerCompanyId: number | null,
  files: ReceivedFile[],
  /** The product's facts as the supplier left them; absent: the product's certified facts, as they are. */
  facts?: ProductFacts | null,
) {
  if (!files.length)
    throw badRequest('Please choose at least one file.', { files: 'Please choose at least one file.' });
  const id = randomUUID();
  await storeThenRecord(
    ctx.storage,
    files,
    (fileId) => `submissions/${id}/${fileId}`,
    (stored) =>
      ctx.db.transaction((tx) =>
        recordWithinQuota(tx, ctx.config, user.companyId, () =>
          createSubmissions(
            tx,
            [
              {
                id,
                companyId: user.companyId,
                userId: user.id,
                partnerCompanyId,
                upc: product.ean13Upc,
                ean13Upc: product.ean13Upc,
                productName: product.description,
                // Read for facts as a draft's photos are: offered on the submission's page.
                files: toReadForFacts(ctx, stored),
                facts:
                  facts === undefined
                    ? { facts: product.facts, sources: {} }
                    : { facts, sources: sourcesAfterEdit(product.facts, facts, {}) },
                from: null,
                reason: 'Images for a catalogued product',
              },
            ],
            { actor: 'supplier', userId: user.id },
          ),
        ),
      ),
  );
  return { id };
}
