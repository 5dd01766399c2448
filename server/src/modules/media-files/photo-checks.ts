import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_MIN_IMAGE_LONG_SIDE_PX, type PhotoIssueCode, type StoredPhotoIssue } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import {
  draftFiles,
  partnerConfigurations,
  pictureFingerprints,
  productSubmissions,
  submissionFiles,
} from '../../db/schema.ts';
import type { FileAnalysis } from '../../media/barcodes.ts';
import { SAME_PICTURE_BITS, samePicture } from '../../media/perceptual-hash.ts';
import { bandLookups } from '../../media/picture-bands.ts';
import { judgePhoto } from '../../media/photo-quality.ts';

/** The file being checked: which company's files to compare it with, and where it is (to name others relative to it). */
export interface CheckedFile {
  id: string;
  companyId: number;
  draftId?: string;
  submissionId?: string;
  /** The partner the file goes to: its low-resolution line applies. */
  partnerCompanyId: number | null;
}

/** The partner's low-resolution line (its setting), or the default without a partner configuration. */
export async function minImageLongSideOf(db: Tx, partnerCompanyId: number | null): Promise<number> {
  if (partnerCompanyId === null) return DEFAULT_MIN_IMAGE_LONG_SIDE_PX;
  const [row] = await db
    .select({ line: partnerConfigurations.minImageLongSidePx })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return row?.line ?? DEFAULT_MIN_IMAGE_LONG_SIDE_PX;
}

/** A 64-bit hash (16 hex digits) as PostgreSQL's signed bigint reads the same bits. */
const signed64 = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();

/** A Postgres integer array of VALUES, for `= ANY(...)` (one parameter however many values). */
const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;

/**
 * The company's files whose fingerprint shares a band value near HASH's (media/picture-bands.ts): every file within
 * SAME_PICTURE_BITS is among them, with few others; read by index, not by the company's every hash.
 */
export function picturesNear(db: Tx, companyId: number, hash: string, exceptFileId: string) {
  const look = bandLookups(hash);
  const f = pictureFingerprints;
  const [whole, centre = whole] = hash.split('-');
  const w = sql`${signed64(whole)}::bigint`;
  const c = sql`${signed64(centre)}::bigint`;
  const apart = (a: AnyPgColumn, b: SQL) => sql`bit_count((${a} # ${b})::bit(64))`;
  // pictureDistance in SQL, on the hashes each band's index carries: a band value met by chance is dropped inside
  // the index, so the rows read are the pictures within SAME_PICTURE_BITS, whatever the company's size.
  const close = sql`least(${apart(f.wholeBits, w)}, ${apart(f.centreBits, w)}, ${apart(f.wholeBits, c)}) <= ${SAME_PICTURE_BITS}`;
  // One index lookup per band value (a join on the values, which the planner costs as few rows), not `= ANY(...)`
  // over six columns, which it estimates as a fair share of the table and answers by reading all of it.
  const near = (column: AnyPgColumn, values: number[]) =>
    sql`select ${f.id} from unnest(${intArray(values)}) as v(value) join ${f} on ${f.companyId} = ${companyId} and ${column} = v.value and ${close}`;
  const ids = sql.join(
    [
      ...[f.whole0, f.whole1, f.whole2].map((column, i) => near(column, look.whole[i])),
      ...[f.centre0, f.centre1, f.centre2].map((column, i) => near(column, look.centre[i])),
    ],
    sql` union `,
  );
  return db
    .select({
      hash: f.hash,
      draftId: draftFiles.draftId,
      draftFileName: draftFiles.fileName,
      draftCodes: draftFiles.detectedUpcs,
      draftIssues: draftFiles.qualityIssues,
      submissionId: submissionFiles.submissionId,
      submissionFileName: submissionFiles.fileName,
      submissionCodes: submissionFiles.detectedUpcs,
      submissionIssues: submissionFiles.qualityIssues,
      upc: productSubmissions.upc,
    })
    .from(f)
    .leftJoin(draftFiles, eq(draftFiles.id, f.draftFileId))
    .leftJoin(submissionFiles, eq(submissionFiles.id, f.submissionFileId))
    .leftJoin(productSubmissions, eq(productSubmissions.id, submissionFiles.submissionId))
    .where(
      and(
        // The candidates' ids first (an InitPlan), then their rows by primary key.
        sql`${f.id} = any(array(${ids}))`,
        sql`${f.draftFileId} IS DISTINCT FROM ${exceptFileId}::uuid`,
        sql`${f.submissionFileId} IS DISTINCT FROM ${exceptFileId}::uuid`,
      ),
    );
}

/**
 * The same picture among the company's other files (drafts and submissions), named for the supplier, or null: the
 * candidates picturesNear finds, compared in full.
 */
async function sameSentBefore(
  db: Tx,
  file: CheckedFile,
  hash: string,
  codes: readonly string[],
): Promise<SamePicture | null> {
  const candidates = await picturesNear(db, file.companyId, hash, file.id);
  const drafts = candidates.flatMap((c) =>
    c.draftId !== null && c.draftFileName !== null
      ? [
          {
            hash: c.hash,
            codes: c.draftCodes ?? [],
            qualityIssues: c.draftIssues,
            draftId: c.draftId,
            fileName: c.draftFileName,
          },
        ]
      : [],
  );
  const submitted = candidates.flatMap((c) =>
    c.submissionId !== null && c.submissionFileName !== null
      ? [
          {
            hash: c.hash,
            codes: c.submissionCodes ?? [],
            qualityIssues: c.submissionIssues,
            submissionId: c.submissionId,
            fileName: c.submissionFileName,
            upc: c.upc,
          },
        ]
      : [],
  );
  // The closest picture, one in the same draft or submission first: two copies in one upload name each other.
  let best: SamePicture | null = null;
  const consider = (
    other: { hash: string | null; codes: string[]; qualityIssues: unknown },
    near: boolean,
    name: () => string,
  ) => {
    const bits = other.hash ? samePicture({ hash, codes }, { hash: other.hash, codes: other.codes }) : null;
    if (bits === null) return;
    if (best && (best.near !== near ? best.near : bits >= best.bits)) return;
    best = { bits, near, name: name(), issues: issueCodes(other.qualityIssues) };
  };
  for (const d of drafts) {
    const near = d.draftId === file.draftId;
    consider(d, near, () => `${d.fileName} in ${near ? 'this draft' : 'another draft'}`);
  }
  for (const s of submitted) {
    const near = s.submissionId === file.submissionId;
    consider(s, near, () => `${s.fileName} in ${near ? 'this submission' : `the submission of UPC ${s.upc}`}`);
  }
  return best;
}

interface SamePicture {
  bits: number;
  /** In the same draft or submission. */
  near: boolean;
  name: string;
  issues: Set<string>;
}

const issueCodes = (stored: unknown) =>
  new Set(Array.isArray(stored) ? stored.map((i: { code?: unknown }) => String(i?.code)) : []);

/** Checks that say a picture is worse than another of the same thing: a copy failing one of them is the worse copy. */
const QUALITY_CHECKS: readonly PhotoIssueCode[] = ['LOW_RESOLUTION', 'BLURRY', 'TOO_DARK', 'OVEREXPOSED'];

/** Every photo issue of a file, from its analysis in a media process and, for duplicates, the company's other files. */
export async function photoIssuesOf(db: Tx, file: CheckedFile, analysis: FileAnalysis): Promise<StoredPhotoIssue[]> {
  const line = await minImageLongSideOf(db, file.partnerCompanyId);
  const judged = judgePhoto(analysis.photo, analysis.codes, line);
  // LOW_RESOLUTION names the line it was judged against.
  const stored = (code: PhotoIssueCode): StoredPhotoIssue =>
    code === 'LOW_RESOLUTION' ? { code, detail: String(line) } : { code };
  const same: SamePicture | null = await sameSentBefore(db, file, analysis.photo.hash, analysis.codes);
  if (!same) return judged.map(stored);
  // A blurred, darker or smaller copy of a picture that passes those checks is not "the same picture". Its own
  // warnings stay: a blur hides the codes that would tell two packs framed alike apart, so it may be another product.
  const worseCopy = judged.some((code) => QUALITY_CHECKS.includes(code) && !same.issues.has(code));
  return [
    ...judged.map(stored),
    worseCopy ? { code: 'DUPLICATE', detail: same.name, worseCopy } : { code: 'DUPLICATE', detail: same.name },
  ];
}
