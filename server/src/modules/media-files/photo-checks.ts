import {
  DEFAULT_MIN_IMAGE_LONG_SIDE_PX,
  judgedAsPhoto,
  photoChecksFor,
  type PhotoIssueCode,
  type StoredPhotoIssue,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import type { FileAnalysis } from '../../media/barcodes.ts';
import { samePicture } from '../../media/perceptual-hash.ts';
import { judgePhoto } from '../../media/photo-quality.ts';
import { lowResolutionLineOf, picturesNear } from './repository.ts';

/** The file being checked: which company's files to compare it with, and where it is (to name others relative to it). */
export interface CheckedFile {
  id: string;
  companyId: number;
  draftId?: string;
  submissionId?: string;
  /** The partner the file goes to: its low-resolution line applies. */
  partnerCompanyId: number | null;
  /** The file's kind: a PDF (spec sheet, artwork) is not judged as a photo (photoChecksFor). */
  kind: string;
}

/**
 * What the photo checks keep with a file: its issues, and its perceptual hash (null for a file not judged as a
 * photo, so that no other picture is ever found to be the same as a spec sheet's page).
 */
export async function photoChecksOf(
  db: Tx,
  file: CheckedFile,
  analysis: FileAnalysis,
): Promise<{ qualityIssues: StoredPhotoIssue[]; perceptualHash: string | null }> {
  return {
    qualityIssues: await photoIssuesOf(db, file, analysis),
    perceptualHash: judgedAsPhoto(file.kind) ? analysis.photo.hash : null,
  };
}

/** The partner's low-resolution line (its setting), or the default without a partner configuration. */
export async function minImageLongSideOf(db: Tx, partnerCompanyId: number | null): Promise<number> {
  if (partnerCompanyId === null) return DEFAULT_MIN_IMAGE_LONG_SIDE_PX;
  return (await lowResolutionLineOf(db, partnerCompanyId)) ?? DEFAULT_MIN_IMAGE_LONG_SIDE_PX;
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
async function photoIssuesOf(db: Tx, file: CheckedFile, analysis: FileAnalysis): Promise<StoredPhotoIssue[]> {
  const line = await minImageLongSideOf(db, file.partnerCompanyId);
  const applies = photoChecksFor(file.kind);
  const judged = judgePhoto(analysis.photo, analysis.codes, line).filter((code) => applies.includes(code));
  // LOW_RESOLUTION names the line it was judged against.
  const stored = (code: PhotoIssueCode): StoredPhotoIssue =>
    code === 'LOW_RESOLUTION' ? { code, detail: String(line) } : { code };
  const same: SamePicture | null = applies.includes('DUPLICATE')
    ? await sameSentBefore(db, file, analysis.photo.hash, analysis.codes)
    : null;
  if (!same) return judged.map(stored);
  // A blurred, darker or smaller copy of a picture that passes those checks is not "the same picture". Its own
  // warnings stay: a blur hides the codes that would tell two packs framed alike apart, so it may be another product.
  const worseCopy = judged.some((code) => QUALITY_CHECKS.includes(code) && !same.issues.has(code));
  return [
    ...judged.map(stored),
    worseCopy ? { code: 'DUPLICATE', detail: same.name, worseCopy } : { code: 'DUPLICATE', detail: same.name },
  ];
}
