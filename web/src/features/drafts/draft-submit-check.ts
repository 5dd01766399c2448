import {
  checkDraft,
  draftPhotoMismatches,
  draftReadiness,
  effectiveUpc,
  readinessRefusal,
  type DraftFileValues,
  type IntakeRules,
  type RuleSet,
  type UpcPhotoMismatch,
} from '@portal/domain';
import type { DraftRowValues } from './DraftFileRow.tsx';
import { blockingKeyOf, readinessFacts } from './draft-form-values.ts';
import type { DraftFile } from './drafts-api.ts';

/** What stops a submit before anything is sent, and what the page says about it. */
export type SubmitStop =
  /** A row's field is wrong: its message shows on the row. */
  | { kind: 'fields' }
  /** The products break a field rule across rows: toasts. */
  | { kind: 'products'; messages: string[] }
  /** A blocking photo check fails: a banner, as the server's refusal always showed, naming the file and the fix. */
  | { kind: 'photo-checks'; message: string }
  /** The partner's blocking readiness rules fail: toasts, gone once those rules change (blockingKey). */
  | { kind: 'readiness'; messages: string[]; blockingKey: string }
  /** A UPC that none of its photos' barcodes match is rejected automatically: asked once. */
  | { kind: 'mismatches'; mismatches: UpcPhotoMismatch[] };

// Submit checks in this order: the field rules, then the partner's readiness rules as they are now (read afresh;
// the server refuses the same in the same words), then the UPCs against the photos. Each check is null when nothing
// stops the submit. The first is synchronous so that what it says shows as the button is pressed.

/** The field rules: a row's field, or a rule across the rows. */
export function draftRuleStop(current: DraftFileValues[], rules: IntakeRules): SubmitStop | null {
  const result = checkDraft(current, rules);
  if (Object.keys(result.fields).length) return { kind: 'fields' };
  if (result.products.length) return { kind: 'products', messages: result.products };
  return null;
}

/** The partner's readiness rules (none: null) over the rows as typed. */
export function readinessStop(
  rows: readonly DraftRowValues[],
  files: readonly DraftFile[],
  rulesNow: RuleSet | null,
): SubmitStop | null {
  if (!rulesNow) return null;
  const judged = draftReadiness(readinessFacts(rows, files), rulesNow);
  const refusal = readinessRefusal(judged, files, rulesNow);
  if (refusal?.code === 'PHOTO_CHECKS_BLOCK') return { kind: 'photo-checks', message: refusal.messages[0] };
  if (refusal) return { kind: 'readiness', messages: refusal.messages, blockingKey: blockingKeyOf(judged) };
  return null;
}

/** A UPC that none of its photos' barcodes match. */
export function mismatchStop(current: readonly DraftFileValues[], files: readonly DraftFile[]): SubmitStop | null {
  const mismatches = draftPhotoMismatches(
    current.map((f) => ({
      fileName: f.fileName,
      upc: effectiveUpc(f),
      detectedUpcs: files.find((d) => d.fileName === f.fileName)?.detectedUpcs ?? [],
    })),
  );
  return mismatches.length ? { kind: 'mismatches', mismatches } : null;
}
