import type { AuditAction, AuditSummary, AuditTargetType } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/authorize.ts';
import { auditPolicy } from './policy.ts';
import { insertAuditRow } from './repository.ts';

export interface AuditEntry {
  /** The member of staff who acted. */
  actor: Pick<Actor, 'id'>;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number; companyId?: number | null; label?: string | null };
  /** The fields that changed, as they were and as they are now (absent for a creation or a deletion). */
  before?: AuditSummary | null;
  after?: AuditSummary | null;
}

/**
 * Writes one audit row in the caller's transaction, so it commits, or rolls back, with the change it describes.
 * Call it after the change has been applied (so the row records what really happened) and before the transaction
 * ends; never outside a transaction that makes the change.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await insertAuditRow(tx, {
    actorUserId: entry.actor.id,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    companyId: entry.target.companyId ?? null,
    targetLabel: entry.target.label ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * For actions that staff and suppliers share (renaming, deleting, resubmitting, bulk editing): records the row only
 * when it is a staff action on someone else's data (auditPolicy.records); a supplier's change to its own data is
 * not audited.
 */
export async function recordIfStaffAction(
  tx: Tx,
  user: Pick<Actor, 'id' | 'scopes' | 'companyId'>,
  entry: Omit<AuditEntry, 'actor'>,
) {
  if (auditPolicy.records(user, entry.target.companyId ?? null)) await recordAudit(tx, { ...entry, actor: user });
}
