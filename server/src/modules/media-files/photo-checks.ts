import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { StoredPhotoIssue } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { draftFiles, draftSubmissions, productSubmissions, submissionFiles } from '../../db/schema.ts';
import type { FileAnalysis } from '../../media/barcodes.ts';
import { samePicture } from '../../media/perceptual-hash.ts';
import { judgePhoto } from '../../media/photo-quality.ts';

/** The file being checked: which company's files to compare it with, and where it is (to name others relative to it). */
export interface CheckedFile {
  id: string;
  companyId: number;
  draftId?: string;
  submissionId?: string;
}

/**
 * The same picture among the company's other files (drafts and submissions), named for the supplier, or null.
 * Every hash of the company is compared: a company has thousands of files at most, and 64-bit comparisons are cheap.
 */
async function sameSentBefore(
  db: Tx,
  file: CheckedFile,
  hash: string,
  codes: readonly string[],
): Promise<string | null> {
  const [drafts, submitted] = await Promise.all([
    db
      .select({
        fileName: draftFiles.fileName,
        hash: draftFiles.perceptualHash,
        codes: draftFiles.detectedUpcs,
        draftId: draftFiles.draftId,
      })
      .from(draftFiles)
      .innerJoin(draftSubmissions, eq(draftSubmissions.id, draftFiles.draftId))
      .where(
        and(
          eq(draftSubmissions.companyId, file.companyId),
          ne(draftFiles.id, file.id),
          isNotNull(draftFiles.perceptualHash),
        ),
      ),
    db
      .select({
        fileName: submissionFiles.fileName,
        hash: submissionFiles.perceptualHash,
        codes: submissionFiles.detectedUpcs,
        submissionId: submissionFiles.submissionId,
        upc: productSubmissions.upc,
      })
      .from(submissionFiles)
      .innerJoin(productSubmissions, eq(productSubmissions.id, submissionFiles.submissionId))
      .where(
        and(
          eq(productSubmissions.companyId, file.companyId),
          ne(submissionFiles.id, file.id),
          isNotNull(submissionFiles.perceptualHash),
        ),
      ),
  ]);
  let best: { bits: number; name: string } | null = null;
  const consider = (other: { hash: string | null; codes: string[] }, name: () => string) => {
    const bits = other.hash ? samePicture({ hash, codes }, { hash: other.hash, codes: other.codes }) : null;
    if (bits !== null && (!best || bits < best.bits)) best = { bits, name: name() };
  };
  for (const d of drafts)
    consider(d, () => `${d.fileName} in ${d.draftId === file.draftId ? 'this draft' : 'another draft'}`);
  for (const s of submitted) {
    consider(
      s,
      () =>
        `${s.fileName} in ${s.submissionId === file.submissionId ? 'this submission' : `the submission of UPC ${s.upc}`}`,
    );
  }
  return (best as { name: string } | null)?.name ?? null;
}

/** Every photo issue of a file, from its analysis in a media process and, for duplicates, the company's other files. */
export async function photoIssuesOf(db: Tx, file: CheckedFile, analysis: FileAnalysis): Promise<StoredPhotoIssue[]> {
  const issues: StoredPhotoIssue[] = judgePhoto(analysis.photo, analysis.codes).map((code) => ({ code }));
  const same = await sameSentBefore(db, file, analysis.photo.hash, analysis.codes);
  if (same) issues.push({ code: 'DUPLICATE', detail: same });
  return issues;
}
