/**
 * Starting states for integration tests, built in the test's process on its server's database and storage through
 * the code the HTTP handlers call (the submission lifecycle, the draft, review and catalogue services), so every rule
 * and side effect of the lifecycle applies: history, counts, readiness, e-mails, events, the automated checks. What
 * they skip is the way there (uploads, media work, one request per step), which is not what a test using them is
 * about: the behaviour under test still goes over HTTP.
 *
 * The server modules these reach are imported here only, so a test file names none of them for its set-up.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  gs1CheckDigit,
  SCOPES,
  toEan13,
  type CertifiedValuesInput,
  type StoredPhotoIssue,
  type UploadKind,
} from '@portal/domain';
import { bulkIngestionOrganizations, cataloguedProducts } from '../../src/db/schema.ts';
import { createOrganization } from '../../src/modules/bulk-ingestion/service.ts';
import { hashPassword } from '../../src/modules/users/passwords.ts';
import { catalogueSubmission } from '../../src/modules/catalogue/service.ts';
import type { CataloguedProductRow } from '../../src/modules/catalogue/repository.ts';
import { createDraft, updateDraft, type DraftFileUpdate } from '../../src/modules/drafts/service.ts';
import type { DraftWithFiles } from '../../src/modules/drafts/repository.ts';
import { changeStatus, createSubmissions, type NewSubmissionFile } from '../../src/modules/submissions/lifecycle.ts';
import { findSubmission, type SubmissionRow } from '../../src/modules/submissions/repository.ts';
import { reviewSubmission } from '../../src/modules/submissions/service.ts';
import { findUserByEmail, insertUser, type UserRow } from '../../src/modules/users/repository.ts';
import type { TestServer } from '../harness.ts';

export const GREEN_VALLEY = 1001;
export const BLUE_HARBOR = 1002;
export const FRESH_MARKET = 30443;
export const NORTHSIDE = 30500;

/** The demo supplier who submits for a company (demo seed), unless a test names another. */
const SUPPLIER_OF: Record<number, string> = {
  [GREEN_VALLEY]: 'supplier@example.com',
  [BLUE_HARBOR]: 'other@example.com',
};

export async function userOf(server: TestServer, email: string): Promise<UserRow> {
  const user = await findUserByEmail(server.database.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

let serial = 0;
/**
 * A valid UPC-A no other test file makes: a prefix of the caller's, the worker's pid, a serial, and its check digit.
 * `prefix` is two digits.
 */
export function aUpc(prefix = '79'): string {
  const body = `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(++serial).padStart(6, '0')}`;
  return body + gs1CheckDigit(body);
}

/** A file of a submission: stored when it has bytes; read already (codes, photo checks) either way. */
export interface FileSpec {
  name?: string;
  /** The bytes, stored as an upload's are; without them the row only (a test that never reads the file). */
  data?: Uint8Array;
  kind?: UploadKind;
  /** The codes read in it; the submission's own code when not given (so the checks leave it to staff). */
  detectedUpcs?: string[];
  issues?: StoredPhotoIssue[];
  isMarketingImage?: boolean;
}

export interface SubmissionSpec {
  /** Where it ends: SUBMITTED (the automated checks passed), or decided after them. */
  status?: 'SUBMITTED' | 'AUTO_REJECTED' | 'ACCEPTED' | 'ADMIN_REJECTED' | 'CATALOGUED';
  company?: number;
  /** The creator: the company's demo supplier unless given. */
  by?: string;
  partner?: number | null;
  upc?: string;
  name?: string | null;
  files?: FileSpec[];
  imported?: boolean;
  shippingProfileId?: number | null;
  /** The reason of a rejection. */
  reason?: string;
  /** The staff member who decides (ACCEPTED, ADMIN_REJECTED, CATALOGUED). */
  staff?: string;
  /** The certified values of a CATALOGUED one. */
  values?: Partial<CertifiedValuesInput>;
}

/** Certified values a cataloguing form accepts: the required ones. */
export const CERTIFIED: CertifiedValuesInput = { description: 'Rolled oats', brand: 'Green Valley' };

async function storedFiles(server: TestServer, upc: string, files: FileSpec[]): Promise<NewSubmissionFile[]> {
  return Promise.all(
    files.map(async (f, i) => {
      const id = randomUUID();
      const storageKey = f.data ? `submissions/factory/${id}` : `test/none-${id}`;
      if (f.data) await server.ctx.storage.put(storageKey, Readable.from([Buffer.from(f.data)]));
      return {
        id,
        fileName: f.name ?? (i ? `side-${i}.png` : 'front.png'),
        storageKey,
        kind: f.kind ?? 'png',
        size: f.data?.length ?? 100,
        isMarketingImage: f.isMarketingImage ?? false,
        detectionStatus: 'done' as const,
        detectedUpcs: f.detectedUpcs ?? [toEan13(upc)!],
        detectedFrom: 'bars' as const,
        // A stored file gets its renditions from the automated checks, as an upload's; a row-only file has none.
        thumbnailKey: f.data ? null : `test/none-${id}-thumb`,
        qualityIssues: f.issues ?? [],
      };
    }),
  );
}

/** The submission as a submit makes it (createSubmissions), its automated checks queued. */
async function submitted(server: TestServer, spec: SubmissionSpec): Promise<SubmissionRow> {
  const company = spec.company ?? GREEN_VALLEY;
  const creator = await userOf(server, spec.by ?? SUPPLIER_OF[company] ?? 'supplier@example.com');
  const upc = spec.upc ?? aUpc();
  const files = await storedFiles(server, upc, spec.files ?? [{}]);
  const [created] = await server.database.db.transaction((tx) =>
    createSubmissions(
      tx,
      [
        {
          companyId: company,
          userId: creator.id,
          partnerCompanyId: spec.partner ?? null,
          upc,
          ean13Upc: toEan13(upc)!,
          productName: spec.name === undefined ? `Product ${upc}` : spec.name,
          isImported: spec.imported ?? false,
          shippingProfileId: spec.shippingProfileId ?? null,
          files,
          from: null,
        },
      ],
      { actor: 'supplier', userId: creator.id },
    ),
  );
  return created;
}

/** Takes a submission whose automated checks left it SUBMITTED to where `spec.status` says, as staff would. */
async function decided(server: TestServer, id: string, spec: SubmissionSpec): Promise<void> {
  const status = spec.status ?? 'SUBMITTED';
  if (status === 'SUBMITTED') return;
  if (status === 'AUTO_REJECTED') {
    await server.database.db.transaction((tx) =>
      changeStatus(tx, id, 'AUTO_REJECTED', {
        actor: 'system',
        userId: null,
        reason: spec.reason ?? 'The barcode in the photo differs from the UPC entered.',
      }),
    );
    return;
  }
  const staff = await userOf(server, spec.staff ?? 'admin@example.com');
  const reason = status === 'ADMIN_REJECTED' ? (spec.reason ?? 'The photo does not show the product.') : null;
  await reviewSubmission(server.ctx, staff, id, status === 'ADMIN_REJECTED' ? 'ADMIN_REJECTED' : 'ACCEPTED', reason);
  if (status === 'CATALOGUED') await catalogueSubmission(server.ctx, staff, id, { ...CERTIFIED, ...spec.values });
}

/**
 * Submissions as the lifecycle makes them (createSubmissions, as a submit or an import does), one submit each (each
 * its own submitted time, so a queue's order is theirs), their automated checks run, then each decided as its
 * `status` says through the services staff use (review, catalogue); the jobs all that queued are run.
 */
export async function submissions(server: TestServer, specs: SubmissionSpec[]): Promise<SubmissionRow[]> {
  const created: SubmissionRow[] = [];
  for (const spec of specs) created.push(await submitted(server, spec));
  await server.ctx.jobs!.drain();
  for (const [i, spec] of specs.entries()) await decided(server, created[i].id, spec);
  if (specs.some((spec) => (spec.status ?? 'SUBMITTED') !== 'SUBMITTED')) await server.ctx.jobs!.drain();
  return Promise.all(created.map(async (c) => (await findSubmission(server.database.db, c.id))!));
}

/** One submission: see `submissions`. */
export const aSubmission = async (server: TestServer, spec: SubmissionSpec = {}) =>
  (await submissions(server, [spec]))[0];

/** A product in the catalogue: a submission accepted and catalogued with these certified values. */
export async function aCatalogueProduct(
  server: TestServer,
  spec: Omit<SubmissionSpec, 'status'> = {},
): Promise<{ submission: SubmissionRow; product: CataloguedProductRow }> {
  const submission = await aSubmission(server, { ...spec, status: 'CATALOGUED' });
  const [product] = await server.database.db
    .select()
    .from(cataloguedProducts)
    .where(eq(cataloguedProducts.ean13Upc, submission.ean13Upc));
  return { submission, product };
}

/**
 * A draft as a supplier's upload makes it (createDraft: files stored, their reading queued), with what the supplier
 * typed saved (updateDraft). Its files are read when the caller drains the jobs.
 */
export async function aDraft(
  server: TestServer,
  spec: {
    by?: string;
    partner?: number | null;
    files: { name: string; data: Uint8Array; kind?: UploadKind; upc?: string; productName?: string }[];
  },
): Promise<DraftWithFiles> {
  const user = await userOf(server, spec.by ?? 'supplier@example.com');
  const dir = await mkdtemp(path.join(tmpdir(), 'factory-draft-'));
  try {
    const received = await Promise.all(
      spec.files.map(async (f, i) => {
        const tempPath = path.join(dir, String(i));
        await writeFile(tempPath, f.data);
        return { fileName: f.name, tempPath, size: f.data.length, kind: f.kind ?? ('png' as const) };
      }),
    );
    const draft = await createDraft(server.ctx, user, spec.partner ?? null, received);
    const updates: DraftFileUpdate[] = spec.files
      .filter((f) => f.upc !== undefined || f.productName !== undefined)
      .map((f) => ({ fileName: f.name, upc: f.upc, productName: f.productName }));
    return updates.length ? await updateDraft(server.ctx, user, draft.id, updates) : draft;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A second reviewer of the staff company, with review rights only. */
export async function aReviewer(
  server: TestServer,
  email = 'reviewer2@example.com',
  password = 'Reviewer-two-1',
): Promise<UserRow> {
  const existing = await findUserByEmail(server.database.db, email);
  if (existing) return existing;
  return insertUser(server.database.db, {
    email,
    firstName: 'Rita',
    lastName: 'Reviewer',
    companyId: 1000,
    scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
    passwordHash: await hashPassword(password),
  });
}

/** Bulk-ingestion access for a company, granted by the demo administrator as the Access page does: its row. */
export async function ingestionAccess(
  server: TestServer,
  input: { companyId: number; folderName: string; imageSource: string },
) {
  const admin = (await findUserByEmail(server.database.db, 'admin@example.com'))!;
  const { id } = await createOrganization(server.ctx, admin, input);
  const [org] = await server.database.db
    .select()
    .from(bulkIngestionOrganizations)
    .where(eq(bulkIngestionOrganizations.id, id));
  return org;
}
