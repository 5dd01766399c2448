import { sql } from 'drizzle-orm';
import type { ImageRegion, ProductFacts, ProposalValues, ReviewCommentTarget, VersionFile } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';

/**
 * The proposal as the review page compares it (modules/review/compare.ts): its fields as shown, its files without
 * their bytes, the version each rejection saw (submission_versions), and the rejection a resubmission answered.
 */

type ValuesRow = Record<string, string | number | boolean | null>;

const shownNumber = (v: string | number | boolean | null | undefined) => (v == null ? null : String(Number(v)));
const shownFlag = (v: string | number | boolean | null | undefined) => (v == null ? null : v ? 'Yes' : 'No');

/** A submission's fields as the review page shows them (undefined: no such submission). */
export async function proposalValues(db: Tx, id: string): Promise<ProposalValues | undefined> {
  const [r] = await queryRows<ValuesRow>(
    db,
    sql`select s.upc, s.product_name, s.brand, s.suggested_class, s.height, s.width, s.depth, s.size, s.uom,
        s.fob_cost, s.msrp, s.edlp, s.delivered_cost, s.wholesale_cost, s.free_fill, s.in_store_demo,
        s.fair_share_merchandising_support, s.paid_ads, s.off_invoice, s.tpr, sp.name as shipping_profile,
        (select string_agg(m.name, ', ' order by m.name) from submission_market_accounts sm
          join market_accounts m on m.id = sm.market_account_id where sm.submission_id = s.id) as market_accounts,
        (select string_agg(a.name, ', ' order by a.name) from submission_attributes sa
          join attributes a on a.id = sa.attribute_id where sa.submission_id = s.id) as dietary_attributes
      from product_submissions s left join shipping_profiles sp on sp.id = s.shipping_profile_id
      where s.id = ${id}::uuid`,
  );
  if (!r) return undefined;
  const text = (v: string | number | boolean | null | undefined) => (v == null || v === '' ? null : String(v));
  return {
    upc: text(r.upc),
    productName: text(r.product_name),
    brand: text(r.brand),
    suggestedClass: text(r.suggested_class),
    currentlySellingAt: text(r.market_accounts),
    dietaryAttributes: text(r.dietary_attributes),
    shippingProfile: text(r.shipping_profile),
    itemHeight: shownNumber(r.height),
    itemWidth: shownNumber(r.width),
    itemDepth: shownNumber(r.depth),
    size: shownNumber(r.size),
    unitOfMeasure: text(r.uom),
    fob: shownNumber(r.fob_cost),
    msrp: shownNumber(r.msrp),
    edlp: shownNumber(r.edlp),
    deliveredCost: shownNumber(r.delivered_cost),
    wholesaleCost: shownNumber(r.wholesale_cost),
    freeFill: shownFlag(r.free_fill),
    inStoreDemo: shownFlag(r.in_store_demo),
    fairShareMerchandisingSupport: shownFlag(r.fair_share_merchandising_support),
    paidAds: shownFlag(r.paid_ads),
    offInvoice: shownFlag(r.off_invoice),
    tpr: shownFlag(r.tpr),
  };
}

/** A submission's files in their order, as a version keeps them. */
export async function versionFiles(db: Tx, id: string): Promise<VersionFile[]> {
  const rows = await queryRows<{
    file_name: string;
    kind: string;
    size: number;
    perceptual_hash: string | null;
    detected_upcs: string[];
  }>(
    db,
    sql`select file_name, kind, size, perceptual_hash, detected_upcs from submission_files
      where submission_id = ${id}::uuid order by position, file_name`,
  );
  return rows.map((r) => ({
    fileName: r.file_name,
    kind: r.kind,
    size: Number(r.size),
    perceptualHash: r.perceptual_hash,
    detectedUpcs: r.detected_upcs ?? [],
  }));
}

/**
 * Keeps the version a rejection saw, under its history row (the newest row of the submission: just written), with
 * the product facts it had.
 */
export async function keepRejectedVersion(
  tx: Tx,
  id: string,
  values: ProposalValues,
  files: VersionFile[],
  facts: ProductFacts | null,
) {
  await queryRows(
    tx,
    sql`insert into submission_versions (submission_id, history_id, field_values, files, facts, facts_kept)
      select ${id}::uuid, h.id, ${JSON.stringify(values)}::jsonb, ${JSON.stringify(files)}::jsonb,
        ${facts === null ? null : JSON.stringify(facts)}::jsonb, true
      from submission_history h where h.submission_id = ${id}::uuid order by h.id desc limit 1
      on conflict (history_id) do nothing`,
  );
}

export interface RejectionAnswered {
  historyId: number;
  at: string;
  toStatus: string;
  reason: string | null;
  by: string;
  values: ProposalValues | null;
  files: VersionFile[] | null;
  /** The facts the rejected version had; undefined when it was kept before facts were. */
  facts: ProductFacts | null | undefined;
}

/**
 * For a resubmitted item: the rejection its latest resubmission answered (the last rejection before it) with the
 * version that rejection saw (null values: rejected before versions were kept). Undefined: never resubmitted.
 */
export async function rejectionAnswered(db: Tx, id: string): Promise<RejectionAnswered | undefined> {
  const [r] = await queryRows<{
    id: number;
    at: string | Date;
    to_status: string;
    reason: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    field_values: ProposalValues | null;
    files: VersionFile[] | null;
    facts: ProductFacts | string | null;
    facts_kept: boolean | null;
  }>(
    db,
    sql`with resubmitted as (
        select h.id from submission_history h where h.submission_id = ${id}::uuid and h.to_status = 'SUBMITTED'
          and h.from_status in ('AUTO_REJECTED', 'ADMIN_REJECTED') and h.reason = 'Resubmitted'
        order by h.id desc limit 1)
      select rj.id, rj.at, rj.to_status, rj.reason, u.first_name, u.last_name, u.email, v.field_values, v.files,
        v.facts, v.facts_kept
      from resubmitted r
      join lateral (select * from submission_history h where h.submission_id = ${id}::uuid and h.id < r.id
        and h.to_status in ('AUTO_REJECTED', 'ADMIN_REJECTED') order by h.id desc limit 1) rj on true
      left join users u on u.id = rj.user_id
      left join submission_versions v on v.history_id = rj.id`,
  );
  if (!r) return undefined;
  return {
    historyId: Number(r.id),
    at: new Date(r.at).toISOString(),
    toStatus: r.to_status,
    reason: r.reason,
    by: r.email ? [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email : 'Automated checks',
    values: r.field_values,
    files: r.files,
    facts: r.facts_kept ? (typeof r.facts === 'string' ? (JSON.parse(r.facts) as ProductFacts) : r.facts) : undefined,
  };
}

/** The comments of one history row (a rejection), in the order they were written, with who wrote them. */
export async function commentsOfRejection(db: Tx, id: string, historyId: number) {
  const rows = await queryRows<{
    target: ReviewCommentTarget;
    file_name: string | null;
    region: ImageRegion | null;
    text: string;
    at: string | Date;
    first_name: string | null;
    last_name: string | null;
    email: string | null;
  }>(
    db,
    sql`select c.target, c.file_name, c.region, c.text, c.at, u.first_name, u.last_name, u.email
      from submission_comments c left join users u on u.id = c.user_id
      where c.submission_id = ${id}::uuid and c.history_id = ${historyId} order by c.id`,
  );
  return rows.map((c) => ({
    target: c.target,
    fileName: c.file_name,
    region: c.region,
    text: c.text,
    by: c.email ? [c.first_name, c.last_name].filter(Boolean).join(' ') || c.email : 'A reviewer',
    at: new Date(c.at).toISOString(),
  }));
}
