import { sql } from 'drizzle-orm';
import type { ReasonCodeReportQuery, ReasonCodeReportRow } from '@portal/domain';
import { queryRows, type Tx } from '../../../db/client.ts';
import { UNDONE_REASON } from '../../submissions/lifecycle.ts';

/**
 * Counts per reason code per partner over days (UTC): the rejections whose history row carries a code, and the
 * comments that carry one (dated by their rejection). A rejection undone within its window never reached the
 * supplier and is not counted (the history row right after it is the undo).
 */
export async function reasonCodeCounts(db: Tx, q: ReasonCodeReportQuery): Promise<ReasonCodeReportRow[]> {
  const partner =
    q.partner === undefined
      ? sql`true`
      : q.partner === 0
        ? sql`s.partner_company_id is null`
        : sql`s.partner_company_id = ${q.partner}`;
  const rows = await queryRows<{
    partner_company_id: number | null;
    partner_name: string | null;
    code: string;
    decisions: number;
    comments: number;
  }>(
    db,
    sql`with decided as (
        select h.id, h.submission_id, h.reason_code from submission_history h
        where h.at >= ${q.from}::date and h.at < ${q.to}::date + 1 and h.to_status = 'ADMIN_REJECTED'
          and not exists (select 1 from submission_history u where u.submission_id = h.submission_id
            and u.id = (select min(n.id) from submission_history n where n.submission_id = h.submission_id
              and n.id > h.id)
            and u.reason = ${UNDONE_REASON})
      ), coded as (
        select d.submission_id, d.reason_code as code, 1 as decisions, 0 as comments from decided d
        where d.reason_code is not null
        union all
        select d.submission_id, c.reason_code, 0, 1 from decided d
        join submission_comments c on c.history_id = d.id where c.reason_code is not null
      )
      select s.partner_company_id, pa.name as partner_name, coded.code,
        sum(coded.decisions)::int as decisions, sum(coded.comments)::int as comments
      from coded join product_submissions s on s.id = coded.submission_id
      left join companies pa on pa.id = s.partner_company_id
      where ${partner}
      group by s.partner_company_id, pa.name, coded.code
      order by pa.name nulls last, s.partner_company_id, sum(coded.decisions) + sum(coded.comments) desc, coded.code`,
  );
  return rows.map((r) => ({
    partnerCompanyId: r.partner_company_id == null ? null : Number(r.partner_company_id),
    partnerName: r.partner_name ?? null,
    code: r.code,
    decisions: Number(r.decisions),
    comments: Number(r.comments),
  }));
}
