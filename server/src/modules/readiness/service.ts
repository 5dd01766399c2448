import {
  addDraftToDryRun,
  addToDryRun,
  effectiveRuleSet,
  emptyDryRun,
  draftReadiness,
  type ReadinessRule,
  submissionReadiness,
  type Readiness,
  ownRulesInputSchema,
  toEan13,
  type DraftFileFacts,
  type ProductReadiness,
  type RuleSet,
  type ReadinessDryRun,
  type ReadinessDryRunStep,
} from '@portal/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/authorize.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueReadinessRecompute } from './job-types.ts';
import {
  latestOwnRules,
  lockOwnRules,
  partnerConfigurationId,
  partnerSettingsRow,
  ruleSetOf,
  settingsOf,
  upcsAlreadySubmitted,
  writeVersion,
} from './repository.ts';
import { countOfPartner, FIRST_ID, partnerSubmissionsAfter, referencesOf } from './queries/submissions.ts';
import { openDraftsOfPartner } from './queries/drafts.ts';
import { factsOf, filesFacts } from './store.ts';
import { filesOf, type SubmissionRow } from '../submissions/repository.ts';
import { valuesOf } from './partner-statuses.ts';

/**
 * A submission judged against its partner's current rules (its files as stored, its bulk-edit values); null when it
 * goes to no partner, or to one without a configuration.
 */
export async function readinessOfSubmission(db: Tx, s: SubmissionRow): Promise<Readiness | null> {
  const ruleSet = await ruleSetOf(db, s.partnerCompanyId);
  if (!ruleSet || s.partnerCompanyId === null) return null;
  const [files, refs, duplicates] = await Promise.all([
    filesOf(db, s.id),
    referencesOf(db, [s.id]),
    ruleSet.rules.some((r) => r.kind === 'duplicate-upc')
      ? upcsAlreadySubmitted(db, s.partnerCompanyId, [s.ean13Upc], s.id)
      : new Set<string>(),
  ]);
  return submissionReadiness(
    {
      upc: s.upc,
      productName: s.productName,
      shippingProfileId: s.shippingProfileId,
      files: filesFacts(files),
      attributes: valuesOf(s, refs.get(s.id)!),
      duplicateUpc: duplicates.has(s.ean13Upc),
    },
    ruleSet,
  );
}

/** Each product of a draft judged against its partner's current rules; [] for a draft without a partner. */
export async function readinessOfDraft(
  db: Tx,
  draft: { partnerCompanyId: number | null },
  files: readonly DraftFileFacts[],
): Promise<{ ruleSet: RuleSet | null; products: ProductReadiness[] }> {
  const ruleSet = await ruleSetOf(db, draft.partnerCompanyId);
  if (!ruleSet || draft.partnerCompanyId === null) return { ruleSet, products: [] };
  const eans = files.flatMap((f) => toEan13(f.upc ?? '') ?? []);
  const duplicates = ruleSet.rules.some((r) => r.kind === 'duplicate-upc')
    ? await upcsAlreadySubmitted(db, draft.partnerCompanyId, eans)
    : new Set<string>();
  return { ruleSet, products: draftReadiness(files, ruleSet, duplicates) };
}

/** The partner company of a configuration, or "not found". */
async function partnerOf(db: Tx, partnerCompanyId: number) {
  const config = await partnerConfigurationId(db, partnerCompanyId);
  if (!config) throw notFound('This partner has no configuration.');
  return config;
}

/** The partner's current rules, its own and those its settings imply. */
export async function currentRules(ctx: AppContext, partnerCompanyId: number) {
  await partnerOf(ctx.db, partnerCompanyId);
  return (await ruleSetOf(ctx.db, partnerCompanyId))!;
}

/**
 * A partner's own rules as sent, checked by the one schema the rule editor uses too: a rule set that cannot be
 * satisfied, or a rule naming a field that does not exist, is refused with a message naming the rule (a 400).
 */
export function parseOwnRules(raw: unknown): ReadinessRule[] {
  const parsed = ownRulesInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const index = typeof first.path[0] === 'number' ? first.path[0] : null;
  const code = index !== null && Array.isArray(raw) ? (raw as { code?: unknown }[])[index]?.code : undefined;
  // A shape problem (zod's own words) is prefixed with the rule it is in; the set's own checks name it already.
  const message =
    typeof code === 'string' && !first.message.startsWith(code) ? `${code}: ${first.message}` : first.message;
  throw badRequest(message, { [`rules.${first.path.join('.')}`]: message });
}

/** Submissions read per query of a dry run. */
const DRY_RUN_BATCH = 1000;
/** How long one step of a dry run judges before it answers (it always judges one batch at least). */
export const DRY_RUN_STEP_MS = 1000;

const cursorSchema = z.uuid();

/**
 * The partner's open drafts judged at submit by the current and the proposed rules (as Submit would judge them now),
 * added to a dry run: how many the proposed rules would refuse at Submit, and per rule.
 */
async function addOpenDrafts(
  db: Tx,
  partnerCompanyId: number,
  run: ReadinessDryRun,
  current: RuleSet,
  proposed: RuleSet,
) {
  const drafts = await openDraftsOfPartner(db, partnerCompanyId);
  const eans = drafts.flatMap((files) => files.flatMap((f) => toEan13(f.upc ?? '') ?? []));
  const duplicates = [...current.rules, ...proposed.rules].some((r) => r.kind === 'duplicate-upc')
    ? await upcsAlreadySubmitted(db, partnerCompanyId, eans)
    : new Set<string>();
  for (const files of drafts)
    addDraftToDryRun(run, draftReadiness(files, current, duplicates), draftReadiness(files, proposed, duplicates));
}

/**
 * What saving these own rules would change: the current submissions to the partner judged by its rules as they are
 * and as they would be (the same facts, judged twice), counted per rule: the submissions failing it, those it makes
 * not ready or ready again; and, in the first step, the open drafts the proposed rules would refuse at Submit.
 * Nothing is written. Refused as saving would be.
 *
 * In steps: one call judges submissions in id order from `after` for about DRY_RUN_STEP_MS and answers the counts of
 * those with the cursor of the next step (null after the last) and how many there are in all; the editor adds the
 * steps up and shows the progress (a partner with 100,000 submissions takes several seconds in all, no request more
 * than about one).
 */
export async function dryRunOwnRules(
  ctx: AppContext,
  partnerCompanyId: number,
  raw: unknown,
  { after = null, stepMs = DRY_RUN_STEP_MS, batch = DRY_RUN_BATCH }: DryRunStepOptions = {},
): Promise<ReadinessDryRunStep> {
  const own = parseOwnRules(raw);
  if (after !== null && !cursorSchema.safeParse(after).success)
    throw badRequest('The dry run cannot go on from there: start it again.', { after: 'Not a dry run cursor.' });
  await partnerOf(ctx.db, partnerCompanyId);
  const config = await partnerSettingsRow(ctx.db, partnerCompanyId);
  const current = (await ruleSetOf(ctx.db, partnerCompanyId))!;
  const proposed = effectiveRuleSet(settingsOf(config), own, current.version + 1);
  // The facts are read once; duplicates are looked up if either rule set asks for them.
  const ownProposed: RuleSet = { version: proposed.version, rules: own };
  const both = new Map([[partnerCompanyId, { version: 0, rules: [...current.rules, ...proposed.rules] }]]);
  const total = await countOfPartner(ctx.db, partnerCompanyId);
  const run = emptyDryRun();
  if (after === null) await addOpenDrafts(ctx.db, partnerCompanyId, run, current, proposed);
  const started = Date.now();
  let cursor = after ?? FIRST_ID;
  let next: string | null = null;
  for (;;) {
    const rows = await partnerSubmissionsAfter(ctx.db, partnerCompanyId, cursor, batch);
    if (!rows.length) break;
    const facts = await factsOf(ctx.db, rows, both);
    for (const row of rows) {
      const f = facts.get(row.id)!;
      addToDryRun(
        run,
        submissionReadiness(f, current),
        submissionReadiness(f, proposed),
        // Staff's rules after submit: the partner's own only (the bulk-edit fields its settings require are the
        // partner statuses' business, unchanged by its own rules).
        submissionReadiness(f, ownProposed, 'after-submit'),
      );
    }
    cursor = rows[rows.length - 1].id;
    if (rows.length < batch) break;
    if (Date.now() - started >= stepMs) {
      next = cursor;
      break;
    }
  }
  run.rules.sort((a, b) => a.code.localeCompare(b.code));
  return { ...run, total, next };
}

export interface DryRunStepOptions {
  /** Where this step starts: the `next` of the step before; null for the first. */
  after?: string | null;
  stepMs?: number;
  batch?: number;
}

/**
 * Saves the partner's own rules as a new version (the old ones stay). A rule set that cannot be satisfied, or names a
 * field that does not exist, is refused with the rule's code; nothing is written then. The recompute of every
 * submission to the partner is enqueued in the same transaction.
 */
export async function saveOwnRules(ctx: AppContext, user: Pick<Actor, 'id'>, partnerCompanyId: number, raw: unknown) {
  const rules = parseOwnRules(raw);
  const config = await partnerOf(ctx.db, partnerCompanyId);
  // The answer is read in the transaction: read after it, it could be a version saved just after this one.
  return ctx.db.transaction(async (tx) => {
    await lockOwnRules(tx, partnerCompanyId);
    const before = await latestOwnRules(tx, partnerCompanyId);
    const version = await writeVersion(tx, partnerCompanyId, rules, user.id);
    // Its submissions' partner statuses follow its attribute rules (in the background: there may be many).
    await enqueueReadinessRecompute(tx, partnerCompanyId);
    await recordAudit(tx, {
      actor: user,
      action: 'partner_configuration.rules_saved',
      target: { type: 'partner_configuration', id: config.id, companyId: partnerCompanyId, label: null },
      before: { version: before.version, rules: before.rules.map((r) => r.code).join(', ') || '(none)' },
      after: { version, rules: rules.map((r) => r.code).join(', ') || '(none)' },
    });
    return (await ruleSetOf(tx, partnerCompanyId))!;
  });
}
