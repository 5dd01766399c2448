import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  draftFiles,
  partnerConfigurations,
  pictureFingerprints,
  productSubmissions,
  submissionFiles,
} from '../../db/schema.ts';
import { SAME_PICTURE_BITS } from '../../media/perceptual-hash.ts';
import { bandLookups } from '../../media/picture-bands.ts';

/** The partner's low-resolution line, as its configuration sets it (undefined: no configuration). */
export async function lowResolutionLineOf(db: Tx, partnerCompanyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ line: partnerConfigurations.minImageLongSidePx })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return row?.line;
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
