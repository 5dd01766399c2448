import { and, arrayContains, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { WebhookDeliveryPageQuery } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import { companies, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { AttemptOutcome } from './send.ts';

/** The queries of webhooks: endpoints, deliveries and their attempts. */

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Claims the delivery for one attempt, for `seconds`: only when no attempt holds it (or its claim ran out) and, unless
 * `anyStatus`, while it is PENDING. True when this call got it.
 */
export async function claimDelivery(db: Tx, id: number, seconds: number, anyStatus: boolean): Promise<boolean> {
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ attemptClaimedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        or(isNull(webhookDeliveries.attemptClaimedUntil), sql`${webhookDeliveries.attemptClaimedUntil} < now()`),
        anyStatus ? undefined : eq(webhookDeliveries.status, 'PENDING'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return Boolean(claimed);
}

export async function releaseDelivery(db: Tx, id: number) {
  await db.update(webhookDeliveries).set({ attemptClaimedUntil: null }).where(eq(webhookDeliveries.id, id));
}

export async function findDelivery(db: Tx, id: number): Promise<WebhookDeliveryRow | undefined> {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return delivery;
}

export async function deliveryWithEndpoint(db: Tx, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** Logs the attempt as the next of the delivery's; returns its number. */
export async function recordAttempt(tx: Tx, deliveryId: number, startedAt: Date, outcome: AttemptOutcome) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId));
  const attempt = n + 1;
  await tx.insert(webhookAttempts).values({ deliveryId, attempt, startedAt, ...outcome });
  return attempt;
}

export async function markDelivered(tx: Tx, id: number, at: Date) {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'SUCCEEDED', nextAttemptAt: null, attemptClaimedUntil: null, updatedAt: at })
    .where(eq(webhookDeliveries.id, id));
}

/**
 * After a failed attempt: PENDING until `next`, or FAILED (no next), unless it was delivered meanwhile. True when the
 * delivery was changed.
 */
export async function rescheduleDelivery(tx: Tx, id: number, next: Date | null, at: Date): Promise<boolean> {
  const [rescheduled] = await tx
    .update(webhookDeliveries)
    .set({ status: next ? 'PENDING' : 'FAILED', nextAttemptAt: next, attemptClaimedUntil: null, updatedAt: at })
    .where(and(eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'SUCCEEDED'`))
    .returning({ id: webhookDeliveries.id });
  return Boolean(rescheduled);
}

// ---- Endpoints ----

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export async function findEndpoint(db: Tx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export const endpointsOf = (db: Tx, companyId: number) =>
  db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId)).orderBy(webhookEndpoints.id);

/** Locks the company's row (its endpoints are added one at a time) and counts its endpoints; null: no such company. */
export async function lockCompanyAndCountEndpoints(tx: Tx, companyId: number): Promise<number | null> {
  const [company] = await forUpdate(
    tx,
    LOCK.company,
    tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)),
    [companyId],
  );
  if (!company) return null;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return n;
}

export async function insertEndpoint(tx: Tx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row;
}

/** The endpoint's version (updated_at), its row locked for the rest of the transaction. */
export async function lockEndpointVersion(tx: Tx, id: number): Promise<Date | undefined> {
  const [locked] = await forUpdate(
    tx,
    LOCK.webhookEndpoint,
    tx.select({ updatedAt: webhookEndpoints.updatedAt }).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)),
    [id],
  );
  return locked?.updatedAt;
}

export async function updateEndpoint(
  tx: Tx,
  id: number,
  values: Pick<EndpointRow, 'url' | 'events' | 'active' | 'updatedAt'>,
): Promise<EndpointRow | undefined> {
  const [row] = await tx.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

export async function deleteEndpoint(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
  return deleted.length > 0;
}

/**
 * Sets a new secret; the one the row holds at that moment becomes the previous one, valid until `previousUntil`. One
 * UPDATE: of two rotations at once, the second keeps the first one's new secret as its previous.
 */
export async function rotateEndpointSecret(
  tx: Tx,
  id: number,
  secret: string,
  previousUntil: Date,
  at: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: previousUntil,
      updatedAt: at,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** The active endpoints of these companies that subscribe to the event type. */
export const subscribedEndpoints = (tx: Tx, companyIds: number[], type: string) =>
  tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(
      and(
        companyIds.length === 1
          ? eq(webhookEndpoints.companyId, companyIds[0])
          : inArray(webhookEndpoints.companyId, companyIds),
        eq(webhookEndpoints.active, true),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );

// ---- Deliveries ----

export async function insertDelivery(tx: Tx, values: typeof webhookDeliveries.$inferInsert): Promise<number> {
  const [delivery] = await tx.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  return delivery.id;
}

/** The rows of a delivery log page, in the order read (oldest first when reading `before`: newer rows). */
export function deliveryPageStatement(db: Tx, endpointId: number, q: WebhookDeliveryPageQuery) {
  const anchor = q.after ?? q.before;
  const position = sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id})`;
  // The delivery's own position, looked up by its id within this endpoint (none, when it is gone: then no rows). As two
  // values, not one row, so that the comparison is the index's range condition, not a filter.
  const of = (column: string) =>
    sql.raw(
      `(select d.${column} from webhook_deliveries d where d.id = ${Number(anchor ?? 0)} and d.endpoint_id = ${Number(endpointId)})`,
    );
  const anchorPosition = sql`(${of('created_at')}, ${of('id')})`;
  const newer = q.before !== undefined;
  const order = newer ? asc : desc;
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        anchor === undefined
          ? undefined
          : newer
            ? sql`${position} > ${anchorPosition}`
            : sql`${position} < ${anchorPosition}`,
      ),
    )
    .orderBy(order(webhookDeliveries.createdAt), order(webhookDeliveries.id))
    .limit(q.limit);
}

/** The attempts of these deliveries, in attempt order. */
export const attemptsOf = (db: Tx, deliveryIds: number[]) =>
  db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.attempt);

/** Deliveries still to be sent, per endpoint and its company (the metrics' backlog), and the oldest one's age. */
export async function pendingDeliveries(
  db: Tx,
): Promise<{ endpointId: number; companyId: number; count: number; oldestSeconds: number }[]> {
  const rows = await db
    .select({
      endpointId: webhookDeliveries.endpointId,
      companyId: webhookDeliveries.companyId,
      count: count(),
      oldestSeconds: sql<number>`extract(epoch from (now() - min(${webhookDeliveries.createdAt})))::float8`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'PENDING'))
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.companyId);
  return rows.map((r) => ({ ...r, count: Number(r.count), oldestSeconds: Math.max(0, Number(r.oldestSeconds)) }));
}
