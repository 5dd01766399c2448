import { MAX_FILE_BYTES, MAX_FILES_PER_DRAFT, MAX_FILES_PER_SELECTION } from './constants.ts';

/** Upload selection rules and messages (part 1 section 5, "Upload selection"). */
export const UPLOAD_MSG = {
  notAdded: (n: number) => `We weren't able to add ${n} file(s).`,
  tooMany: 'The total number of files needs to be up to 10.',
  size: 'The file size needs to be no larger than 15MB and bigger than 0 Bytes each.',
  format: 'The file format must be PDF, JPG, PNG, GIF or TIF.',
  unique: 'All file names must be unique.',
} as const;

/** A draft's live results (server-sent events) refused: too many open at once for this user. */
export const DRAFT_EVENTS_MSG = {
  tooMany: (max: number) =>
    `You already follow ${max} drafts live (one per open Enter UPC(s) page). Close one of those pages; ` +
    'this one checks for new results every few seconds instead.',
} as const;

export const ACCEPTED_UPLOAD_TYPES = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/tiff': ['.tif', '.tiff'],
  // Phone photos (iPhones take HEIC); the server turns them into JPEG as they arrive.
  'image/heic': ['.heic', '.heif'],
  'image/heif': ['.heic', '.heif'],
} as const;
export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'gif' | 'tiff';

const EXTENSIONS: readonly string[] = Object.values(ACCEPTED_UPLOAD_TYPES).flat();
const MIME_TYPES: readonly string[] = Object.keys(ACCEPTED_UPLOAD_TYPES);

export interface CandidateFile {
  name: string;
  size: number;
  type: string;
}

/** By name or declared type, for instant feedback only; the server decides by content. */
export function hasAcceptedFormat(file: CandidateFile): boolean {
  const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  return EXTENSIONS.includes(ext) && (file.type === '' || MIME_TYPES.includes(file.type) || file.type === 'image/tif');
}

export const hasAcceptedSize = (size: number) => size > 0 && size <= MAX_FILE_BYTES;

export interface SelectionResult<F extends CandidateFile> {
  /** Every file now chosen: earlier ones and the new valid ones, at most the limit. */
  files: F[];
  rejected: number;
  /** The notification text, or null when every file was added. */
  error: string | null;
}

/** The notification text for the files that could not be added, in the spec's order of reasons. */
function rejectionMessage(rejected: number, reasons: ReadonlySet<string>): string | null {
  const order = [UPLOAD_MSG.tooMany, UPLOAD_MSG.size, UPLOAD_MSG.format, UPLOAD_MSG.unique];
  return rejected ? [UPLOAD_MSG.notAdded(rejected), ...order.filter((r) => reasons.has(r))].join(' ') : null;
}

/** Drops invalid incoming files (format, size, names unique case-insensitively, also against `current`). */
function screenIncoming<F extends CandidateFile>(current: CandidateFile[], incoming: F[]) {
  const reasons = new Set<string>();
  let rejected = 0;
  const seen = new Set(current.map((f) => f.name.toLowerCase()));
  const valid: F[] = [];
  for (const file of incoming) {
    const problem = !hasAcceptedFormat(file)
      ? UPLOAD_MSG.format
      : !hasAcceptedSize(file.size)
        ? UPLOAD_MSG.size
        : seen.has(file.name.toLowerCase())
          ? UPLOAD_MSG.unique
          : null;
    if (problem) {
      reasons.add(problem);
      rejected++;
      continue;
    }
    seen.add(file.name.toLowerCase());
    valid.push(file);
  }
  return { valid, rejected, reasons };
}

/**
 * Adds a new selection to the files already chosen. Invalid files are dropped with a reason; names must be
 * unique case-insensitively (also against files already chosen); over the limit, only the last valid files stay.
 */
export function addToSelection<F extends CandidateFile>(
  current: F[],
  incoming: F[],
  limit: number = MAX_FILES_PER_SELECTION,
): SelectionResult<F> {
  const screened = screenIncoming(current, incoming);
  let { rejected } = screened;
  let files = [...current, ...screened.valid];
  if (files.length > limit) {
    rejected += files.length - limit;
    screened.reasons.add(UPLOAD_MSG.tooMany);
    files = files.slice(files.length - limit);
  }
  return { files, rejected, error: rejectionMessage(rejected, screened.reasons) };
}

/**
 * Files to add to a saved draft: the draft's files cannot be dropped, so only the new files that fit under the
 * per-draft limit are kept (the last ones, as for a selection); the same checks and the same notification.
 * `files` holds only the new files to send.
 */
export function addToDraft<F extends CandidateFile>(
  existing: CandidateFile[],
  incoming: F[],
  limit: number = MAX_FILES_PER_DRAFT,
): SelectionResult<F> {
  const screened = screenIncoming(existing, incoming);
  let { rejected } = screened;
  let files = screened.valid;
  const room = Math.max(0, limit - existing.length);
  if (files.length > room) {
    rejected += files.length - room;
    screened.reasons.add(UPLOAD_MSG.tooMany);
    files = room ? files.slice(files.length - room) : [];
  }
  return { files, rejected, error: rejectionMessage(rejected, screened.reasons) };
}
