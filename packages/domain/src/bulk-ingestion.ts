import { parseCsv } from './csv.ts';
import { toEan13, upcError } from './gtin.ts';
import { MAX_FILE_BYTES } from './constants.ts';
import { hasAcceptedFormat, UPLOAD_MSG, type CandidateFile } from './upload-rules.ts';
import { plural } from './wording.ts';

/** Bulk ingestion (part 2 sections 2.8, 3, 4, 5, 8, 9): access form, file statuses, job status, mapping files. */

export const INGESTION_PAGE_SIZE = 10;
export const POLL_START_MS = 1000;
export const POLL_BACKOFF = 1.3;
export const ACCESS_NAME_MIN = 3;
/** Files in one upload from the import page (ours: the spec gives none). */
export const INGESTION_MAX_UPLOAD_FILES = 1000;
/** A zip from the import page: at most this large as sent, and its files together at most this large unpacked. */
export const INGESTION_MAX_ZIP_BYTES = 2 * 1024 ** 3;

/** A zip, by its name or declared type (the server looks at its bytes). */
const isZipName = (f: CandidateFile) => /\.zip$/i.test(f.name) || /^application\/(x-)?zip/.test(f.type);

/**
 * Why the import page refuses a file before sending it, or null: the same limits as the server's (a picture up to
 * MAX_FILE_BYTES, as from a folder or in a zip; a zip up to INGESTION_MAX_ZIP_BYTES), and only pictures, PDFs and zips.
 */
export function importFileProblem(file: CandidateFile): string | null {
  if (file.size <= 0) return UPLOAD_MSG.size;
  if (isZipName(file)) return file.size > INGESTION_MAX_ZIP_BYTES ? IMPORT_MSG.zipTooLarge : null;
  if (!hasAcceptedFormat(file)) return IMPORT_MSG.format;
  return file.size > MAX_FILE_BYTES ? UPLOAD_MSG.size : null;
}

export const IMPORT_MSG = {
  format: 'The file format must be PDF, JPG, PNG, GIF, TIF, HEIC or a zip of them.',
  zipTooLarge: 'A zip can be at most 2 GB.',
  tooMany: `At most ${INGESTION_MAX_UPLOAD_FILES} files at once.`,
  /** The files left out of a selection, each with its reason. */
  notAdded: (refused: { name: string; reason: string }[]) =>
    `${plural(refused.length, 'file was', 'files were')} not added: ` +
    refused.map((r) => `${r.name} (${r.reason})`).join('; '),
} as const;

/**
 * Files added to the import page's selection: refused files (importFileProblem) never join it, a file already
 * chosen (same name and size) is not added twice, and past INGESTION_MAX_UPLOAD_FILES the rest are left out.
 */
export function addToImportSelection<F extends CandidateFile>(current: F[], incoming: F[]) {
  const files = [...current];
  const refused: { name: string; reason: string }[] = [];
  const key = (f: CandidateFile) => `${f.name}\u0000${f.size}`;
  const chosen = new Set(files.map(key));
  for (const f of incoming) {
    const reason = importFileProblem(f) ?? (files.length >= INGESTION_MAX_UPLOAD_FILES ? IMPORT_MSG.tooMany : null);
    if (reason) refused.push({ name: f.name, reason });
    else if (!chosen.has(key(f))) {
      chosen.add(key(f));
      files.push(f);
    }
  }
  return { files, error: refused.length ? IMPORT_MSG.notAdded(refused) : null };
}

export const ACCESS_MSG = {
  companyRequired: 'Please select company',
  folderRequired: 'Please provide a folder name',
  sourceRequired: 'Please provide a image source',
  tooShort: 'Must be at least 3 characters',
  noSpaces: 'Cannot contain spaces',
  /** Said under the fields, which rewrite what is typed as it is typed ("a b" becomes "a_b" / "A_B"). */
  folderHint: 'Written in lower case: spaces become underscores (_), other symbols are left out.',
  sourceHint: 'Written in upper case: spaces become underscores (_), other symbols are left out.',
  warning:
    'The folder name and image source must match an external album source exactly, or bulk ingestion will not work for this company.',
  created: 'Bulk ingestion organization created',
  failed: 'Unable to add bulk ingestion organization',
  /** The failure with the server's reason, e.g. that the company already has access. */
  failedBecause: (reason: string) => `Unable to add bulk ingestion organization. ${reason}`,
} as const;

/**
 * The image sources the worker scans: LOCAL, a folder under the ingestion root, and S3_BUCKET, a prefix in the
 * portal's bucket (an image source needs 3 characters at least, so the S3 kind cannot be named just 'S3').
 * Any other image source is scanned nowhere; its users can still upload from the import page.
 */
export const INGESTION_SOURCES = { local: 'LOCAL', s3: 'S3_BUCKET' } as const;

/** Folder names: lower case, spaces to underscores, every other non-word character removed. */
export const normaliseFolderName = (input: string) => input.toLowerCase().replace(/ /g, '_').replace(/\W/g, '');
/** Image sources: the same, in upper case. */
export const normaliseImageSource = (input: string) => input.toUpperCase().replace(/ /g, '_').replace(/\W/g, '');

export const FILE_STATUSES = [
  'RECEIVED',
  'UNIDENTIFIED',
  'NEEDS_MAPPING',
  'IDENTIFIED',
  'IGNORED',
  'SUBMITTED',
  'CATALOGUED',
] as const;
export type IngestionFileStatus = (typeof FILE_STATUSES)[number];

/** Display names: the spec gives Received and Needs mapping; the others follow the same sentence case. */
export const FILE_STATUS_LABEL: Record<IngestionFileStatus, string> = {
  RECEIVED: 'Received',
  UNIDENTIFIED: 'Unidentified',
  NEEDS_MAPPING: 'Needs mapping',
  IDENTIFIED: 'Identified',
  IGNORED: 'Ignored',
  SUBMITTED: 'Submitted',
  CATALOGUED: 'Catalogued',
};

/**
 * Why a file was set aside when the machine, not the file, was at fault: reading it ran out of time on a busy server,
 * or every attempt met an outage. Its bytes are kept, and the import page offers to retry it.
 */
export const INGESTION_RETRY_MSG = {
  notReadInTime:
    'This file could not be read this time: the server was too busy or a service was unavailable. Retry it.',
  retry: 'Retry',
  retried: (filename: string) => `${filename} is being read again.`,
  notRetryable: 'Only a file set aside because the server was busy can be retried.',
} as const;
/** A file the import page offers to retry (INGESTION_RETRY_MSG.notReadInTime). */
export const isRetryableFile = (f: { status: IngestionFileStatus; reason: string | null }) =>
  f.status === 'IGNORED' && f.reason === INGESTION_RETRY_MSG.notReadInTime;

const COMPLETE_FILE_STATUSES: ReadonlySet<IngestionFileStatus> = new Set(['IDENTIFIED', 'SUBMITTED', 'CATALOGUED']);
/** Complete files are IDENTIFIED, SUBMITTED or CATALOGUED; every other file is Incomplete. */
export const isCompleteFile = (status: IngestionFileStatus) => COMPLETE_FILE_STATUSES.has(status);

export interface JobCounts {
  identifiedCount: number;
  submittedCount: number;
  ignoredCount: number;
  totalCount: number;
}
export type JobStatus = 'Complete' | 'Error' | 'Incomplete';

/** A job as GET /api/bulkIngestion/jobs answers it (part 2 section 3), with its derived status. */
export interface IngestionJobView extends JobCounts {
  id: number;
  companyId: number;
  /** Where its files came from: the organization's folder, or an upload from the import page. */
  source: string;
  receivedCount: number;
  unidentifiedCount: number;
  needsMappingCount: number;
  cataloguedCount: number;
  createdDate: string;
  updatedDate: string;
  submittedByFirstName: string | null;
  submittedByLastName: string | null;
  submittedByEmail: string | null;
  status: JobStatus;
}

/** Submitted By of a job nobody submitted: where its files came from (the organization's folder or bucket). */
export const JOB_SOURCE_LABEL: Record<string, string> = {
  LOCAL: 'Folder drop',
  S3: 'Bucket drop (S3)',
  UPLOAD: 'Upload',
};

/** Complete when identified plus submitted equals total; Error when every file was ignored; Incomplete otherwise. */
export function jobStatus(job: JobCounts): JobStatus {
  if (job.totalCount > 0 && job.identifiedCount + job.submittedCount === job.totalCount) return 'Complete';
  if (job.totalCount > 0 && job.ignoredCount === job.totalCount) return 'Error';
  return 'Incomplete';
}

/** The job list's "Files" cell: identified plus submitted, over total. */
export const filesSummary = (job: JobCounts) => `${job.identifiedCount + job.submittedCount}/${job.totalCount}`;

/** The next polling interval: back to the start after a change, otherwise 1.3 times longer. */
export const nextPollInterval = (current: number, changed: boolean) =>
  changed ? POLL_START_MS : current * POLL_BACKOFF;

/** A GS1-style image file name starts with the product's code: `{GTIN}_...` or `{GTIN}.ext`. */
export function codeFromFileName(fileName: string): string | null {
  const match = /^(\d{8}|\d{12,14})(?=[_.\-\s])/.exec(fileName.split('/').pop() ?? '');
  if (!match || upcError(match[1])) return null;
  return toEan13(match[1]);
}

// ---- Mapping files ----

export const MAPPING_HEADERS = ['UPC', 'filename'] as const;

export const MAPPING_MSG = {
  unrecognizable: 'File is unrecognizable, corrupt, or contains invalid header rows.',
  noRows: 'File contains no readable rows.',
  duplicate: 'Duplicate row.',
  unknownFile: 'Unrecognized file name.',
  alreadyDetected: 'UPC already detected.',
  alreadyMapped: 'UPC already mapped.',
  ignored: 'Ignored file.',
  detecting: 'Barcode detection in process.',
  validating: 'File validation in process.',
  modalTitle: 'Mapping errors',
  blankRows: (n: number) =>
    `${n === 1 ? '1 blank row was' : `${n} blank rows were`} skipped; row numbers are those of the file.`,
} as const;

export interface MappingRow {
  upc: string;
  filename: string;
  /** The row's place in the file (the header is row 1), counting the blank rows skipped; from parseMappingCsv. */
  row?: number;
}

/** What a mapping row is checked against: the job's file of that name. */
export interface MappingTarget {
  filename: string;
  status: IngestionFileStatus;
  upc: string | null;
  detectedEan13Upc: string | null;
  /** The UPC the file has, however it came (detected, named in its file name, mapped). */
  ean13Upc: string | null;
}

export interface MappingRowResult {
  /** The row's line in the file (the header's line + 1 for the first data row), blank lines counted. */
  row: number;
  upc: string;
  filename: string;
  /** Every reason, joined with a space; empty when the row is good. */
  reason: string;
}

export type MappingParse =
  | { ok: true; rows: MappingRow[]; /** Blank rows left out. */ blankRows: number }
  | { ok: false; message: string };

/** Reads a mapping CSV: exactly the two headers UPC and filename; empty lines skipped; at least one data row. */
export function parseMappingCsv(text: string): MappingParse {
  let table: string[][];
  try {
    table = parseCsv(text, { keepBlank: true });
  } catch {
    return { ok: false, message: MAPPING_MSG.unrecognizable };
  }
  // Blank lines kept, so each row is numbered as in the file; any before the header are skipped.
  const start = Math.max(
    0,
    table.findIndex((cells) => cells.some((c) => c.trim() !== '')),
  );
  const [header, ...data] = table.slice(start);
  const names = (header ?? []).map((h) => h.trim());
  if (names.length !== 2 || names[0] !== MAPPING_HEADERS[0] || names[1] !== MAPPING_HEADERS[1]) {
    return { ok: false, message: MAPPING_MSG.unrecognizable };
  }
  const rows = data
    .map((cells, index) => ({ cells, row: start + index + 2 }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''))
    .map(({ cells, row }) => ({
      upc: (cells[0] ?? '').trim(),
      filename: fromCsvCell((cells[1] ?? '').trim()),
      row,
    }));
  if (!rows.length) return { ok: false, message: MAPPING_MSG.noRows };
  return { ok: true, rows, blankRows: data.length - rows.length };
}

const STATUS_REASON: Partial<Record<IngestionFileStatus, string>> = {
  IGNORED: MAPPING_MSG.ignored,
  UNIDENTIFIED: MAPPING_MSG.detecting,
  RECEIVED: MAPPING_MSG.validating,
};

/** Checks every row against the job's files (part 2 section 5); the same function runs in the browser and on the server. */
export function checkMappingRows(rows: MappingRow[], files: MappingTarget[]): MappingRowResult[] {
  const byName = new Map(files.map((f) => [f.filename, f]));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.filename, (counts.get(r.filename) ?? 0) + 1);
  return rows.map((r, index) => {
    const reasons: string[] = [];
    if ((counts.get(r.filename) ?? 0) > 1) reasons.push(MAPPING_MSG.duplicate);
    const upcProblem = upcError(r.upc);
    if (upcProblem) reasons.push(upcProblem);
    const file = byName.get(r.filename);
    if (!file) reasons.push(MAPPING_MSG.unknownFile);
    else {
      if (file.detectedEan13Upc) reasons.push(MAPPING_MSG.alreadyDetected);
      // A detected code is the file's UPC too: such a row gets both reasons (part 2 section 5, 'already has a UPC').
      if (file.upc || file.ean13Upc) reasons.push(MAPPING_MSG.alreadyMapped);
      const byStatus = STATUS_REASON[file.status];
      if (byStatus) reasons.push(byStatus);
    }
    return { row: r.row ?? index + 2, upc: r.upc, filename: r.filename, reason: reasons.join(' ') };
  });
}

/** The template offered for download: one row per file that needs mapping, with an empty UPC. */
export function mappingTemplate(files: Pick<MappingTarget, 'filename' | 'status'>[]): string {
  return toCsv([
    [...MAPPING_HEADERS],
    ...files.filter((f) => f.status === 'NEEDS_MAPPING').map((f) => ['', f.filename]),
  ]);
}

/** The error log the user can export from the modal. */
export function mappingErrorLog(results: MappingRowResult[]): string {
  return toCsv([
    ['Row', 'UPC', 'filename', 'Reason'],
    ...results.filter((r) => r.reason).map((r) => [String(r.row), r.upc, r.filename, r.reason]),
  ]);
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as toCsv wrote it, read back: the apostrophe that kept it from being a formula is not part of the value. */
export const fromCsvCell = (value: string) =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/**
 * CSV for spreadsheets: quoted where needed, and a cell that a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) is prefixed with an apostrophe, so a file name cannot become a formula.
 */
export function toCsv(rows: string[][]): string {
  const cell = (value: string) => {
    const safe = FORMULA_START.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
