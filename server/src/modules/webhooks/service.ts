import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  type WebhookDeliveryPageQuery,
  WEBHOOK_MANUAL_SENDS_PER_MINUTE,
  WEBHOOK_MSG,
  WEBHOOK_OLD_SECRET_GRACE_MS,
  WEBHOOK_PING_EVENT,
  WEBHOOKS_PER_COMPANY_MAX,
  webhookInputSchema,
  type WebhookDeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { authorize, type Actor } from '../../lib/authorize.ts';
import { badRequest, conflict, forbidden, notFound, rateLimited } from '../../lib/errors.ts';
import { countAction } from '../../lib/rate-limit-store.ts';
import { recordIfStaffAction } from '../audit/record.ts';
import { checkTarget, RefusedTargetError } from './address-guard.ts';
import { deliverWebhookJob } from './job-types.ts';
import { webhookPolicy } from './policy.ts';
import { newMessageId, newSecret } from './signing.ts';
import type { Precondition } from '../../lib/preconditions.ts';
import {
  attemptsOf,
  deleteEndpoint,
  deliveryPageStatement,
  endpointsOf,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  lockCompanyAndCountEndpoints,
  lockEndpointVersion,
  rotateEndpointSecret,
  subscribedEndpoints,
  updateEndpoint,
  type EndpointRow,
} from './repository.ts';

const view = (e: EndpointRow, now = new Date()): WebhookView => ({
  id: e.id,
  companyId: e.companyId,
  url: e.url,
  events: e.events as WebhookEvent[],
  active: e.active,
  previousSecretValidUntil:
    e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now
      ? e.previousSecretExpiresAt.toISOString()
      : null,
  createdDate: e.createdAt.toISOString(),
  updatedDate: e.updatedAt.toISOString(),
});

/** An endpoint as the audit trail names it and summarises it (never its secret). */
const auditTarget = (e: EndpointRow) => ({ type: 'webhook', id: e.id, companyId: e.companyId, label: e.url }) as const;
const auditSummary = (e: Pick<EndpointRow, 'url' | 'events' | 'active'>) => ({
  url: e.url,
  events: e.events,
  active: e.active,
});

/** Another company's webhooks answer 404 (never revealed); otherwise a refusal is 403. */
function allow(user: Actor, companyId: number, rule: 'view' | 'manage') {
  authorize(!webhookPolicy.hideAsMissing(user, companyId), () => notFound(WEBHOOK_MSG.notFound));
  authorize(webhookPolicy.view(user, companyId), () => forbidden(WEBHOOK_MSG.scopeNeeded));
  authorize(webhookPolicy[rule](user, companyId), () => forbidden(WEBHOOK_MSG.readOnly));
}

/** The endpoint, once the user may act on its company's webhooks (404 when it is missing or another company's). */
async function endpointFor(ctx: AppContext, user: Actor, id: number, rule: 'view' | 'manage'): Promise<EndpointRow> {
  const row = await findEndpoint(ctx.db, id);
  if (!row) throw notFound(WEBHOOK_MSG.notFound);
  allow(user, row.companyId, rule);
  return row;
}

/** The URL's network rules (https, no private or reserved address), as a field error of the form. */
async function checkUrl(ctx: AppContext, url: string) {
  try {
    await checkTarget(url, ctx.config.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof RefusedTargetError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
}

export async function listWebhooks(ctx: AppContext, user: Actor, companyId: number): Promise<WebhookView[]> {
  allow(user, companyId, 'view');
  const rows = await endpointsOf(ctx.db, companyId);
  return rows.map((r) => view(r));
}

/** One endpoint (never its secret). */
export async function getWebhook(ctx: AppContext, user: Actor, id: number): Promise<WebhookView> {
  return view(await endpointFor(ctx, user, id, 'view'));
}

/** Registers an endpoint; the answer carries its signing secret, the only time it is shown. */
export async function createWebhook(
  ctx: AppContext,
  user: Actor,
  companyId: number,
  body: unknown,
): Promise<{ webhook: WebhookView; secret: string }> {
  allow(user, companyId, 'manage');
  const input = webhookInputSchema.parse(body);
  await checkUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    const n = await lockCompanyAndCountEndpoints(tx, companyId);
    if (n === null) throw notFound(WEBHOOK_MSG.notFound);
    if (n >= WEBHOOKS_PER_COMPANY_MAX) throw conflict(WEBHOOK_MSG.tooMany);
    const secret = newSecret();
    const row = await insertEndpoint(tx, {
      companyId,
      url: input.url,
      events: input.events,
      active: input.active,
      secret,
      createdByUserId: user.id,
    });
    await recordIfStaffAction(tx, user, {
      action: 'webhook.created',
      target: auditTarget(row),
      after: auditSummary(row),
    });
    return { webhook: view(row), secret };
  });
}

export async function updateWebhook(
  ctx: AppContext,
  user: Actor,
  id: number,
  body: unknown,
  /** If-Match, checked against the endpoint's version under its lock. */
  precondition?: Precondition,
): Promise<WebhookView> {
  const before = await endpointFor(ctx, user, id, 'manage');
  const input = webhookInputSchema.parse(body);
  await checkUrl(ctx, input.url);
  return ctx.db.transaction(async (tx) => {
    if (precondition) {
      const version = await lockEndpointVersion(tx, id);
      if (!version) throw notFound(WEBHOOK_MSG.notFound);
      precondition(version);
    }
    const row = await updateEndpoint(tx, id, {
      url: input.url,
      events: input.events,
      active: input.active,
      updatedAt: new Date(),
    });
    if (!row) throw notFound(WEBHOOK_MSG.notFound);
    await recordIfStaffAction(tx, user, {
      action: 'webhook.updated',
      target: auditTarget(row),
      before: auditSummary(before),
      after: auditSummary(row),
    });
    return view(row);
  });
}

/** Deletes the endpoint with its deliveries and their log (cascade); queued deliveries then find nothing to send. */
export async function deleteWebhook(ctx: AppContext, user: Actor, id: number): Promise<void> {
  const endpoint = await endpointFor(ctx, user, id, 'manage');
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteEndpoint(tx, id))) return;
    await recordIfStaffAction(tx, user, {
      action: 'webhook.deleted',
      target: auditTarget(endpoint),
      before: auditSummary(endpoint),
    });
  });
}

/**
 * A new secret, shown once; the current one keeps signing alongside it for 24 hours so receivers can switch over.
 * One UPDATE moves the secret the row holds at that moment to `previous_secret`: of two rotations at once, the
 * second keeps the first one's new secret as its previous (read first and written after, it kept the older one and
 * the secret the first rotation showed never signed anything).
 */
export async function rotateSecret(
  ctx: AppContext,
  user: Actor,
  id: number,
): Promise<{ webhook: WebhookView; secret: string }> {
  await endpointFor(ctx, user, id, 'manage');
  const secret = newSecret();
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const row = await rotateEndpointSecret(tx, id, secret, new Date(now.getTime() + WEBHOOK_OLD_SECRET_GRACE_MS), now);
    if (!row) throw notFound(WEBHOOK_MSG.notFound);
    await recordIfStaffAction(tx, user, { action: 'webhook.secret_rotated', target: auditTarget(row) });
    return { webhook: view(row, now), secret };
  });
}

/**
 * One page of an endpoint's delivery log with every attempt (the log of the Webhooks page), newest first: the first
 * page, or the page older (`after`) or newer (`before`) than a delivery shown, read by keyset from that delivery's
 * (created, id) through the index on (endpoint, created, id), so every page costs the same however long the log.
 * `limit` rows at most: the web asks one more than it shows to know whether there is a page beyond.
 */
export async function listDeliveries(
  ctx: AppContext,
  user: Actor,
  id: number,
  q: WebhookDeliveryPageQuery = { limit: WEBHOOK_DELIVERIES_PAGE_SIZE },
): Promise<WebhookDeliveryView[]> {
  await endpointFor(ctx, user, id, 'view');
  const deliveries = await deliveryPageStatement(ctx.db, id, q);
  if (q.before !== undefined) deliveries.reverse();
  const attempts = deliveries.length
    ? await attemptsOf(
        ctx.db,
        deliveries.map((d) => d.id),
      )
    : [];
  return deliveries.map((d) => ({
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status,
    createdDate: d.createdAt.toISOString(),
    nextAttemptDate: d.status === 'PENDING' && d.nextAttemptAt ? d.nextAttemptAt.toISOString() : null,
    payload: d.body,
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempt: a.attempt,
        startedDate: a.startedAt.toISOString(),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        error: a.error,
        responseExcerpt: a.responseExcerpt,
      })),
  }));
}

/** Sends a delivery once more, now (same webhook-id, so a receiver that already has it can ignore it). */
export async function redeliver(ctx: AppContext, user: Actor, deliveryId: number): Promise<void> {
  const delivery = await findDelivery(ctx.db, deliveryId);
  if (!delivery) throw notFound(WEBHOOK_MSG.notFound);
  const endpoint = await endpointFor(ctx, user, delivery.endpointId, 'manage');
  if (!endpoint.active) throw conflict(WEBHOOK_MSG.inactive);
  await countManualSend(ctx, endpoint.companyId);
  await ctx.db.transaction((tx) =>
    enqueue(tx, deliverWebhookJob, { deliveryId, manual: true }, { companyId: endpoint.companyId }),
  );
}

/**
 * Ping and Redeliver count per company (every user, token and instance of it together, in the shared counters): a
 * company that clicks faster than WEBHOOK_MANUAL_SENDS_PER_MINUTE gets 429 with the seconds to wait.
 */
async function countManualSend(ctx: AppContext, companyId: number): Promise<void> {
  const { count, resetInMs } = await countAction(ctx.db, `webhook-manual-send:${companyId}`, 60_000);
  if (count > WEBHOOK_MANUAL_SENDS_PER_MINUTE) throw rateLimited(WEBHOOK_MSG.manualSendsLimited, resetInMs / 1000);
}

/** 'Send test event': a webhook.ping to this endpoint alone, whatever it subscribes to. */
export async function sendPing(ctx: AppContext, user: Actor, id: number): Promise<void> {
  const endpoint = await endpointFor(ctx, user, id, 'manage');
  if (!endpoint.active) throw conflict(WEBHOOK_MSG.inactive);
  await countManualSend(ctx, endpoint.companyId);
  await ctx.db.transaction((tx) =>
    createDelivery(tx, endpoint, WEBHOOK_PING_EVENT, { webhookId: endpoint.id, companyId: endpoint.companyId }),
  );
}

/** What a delivery carries of its event: the id sent as `webhook-id` and the time in its envelope. */
interface DeliveredEvent {
  id: string;
  createdAt: Date;
}

/**
 * One delivery and its job. An event of the change feed is delivered under the feed event's id and time, so a
 * receiver reading both the webhooks and GET /api/v1/events can tell the same change apart from a new one; a test
 * event, in no feed, gets an id of its own.
 */
async function createDelivery(
  tx: Tx,
  endpoint: Pick<EndpointRow, 'id' | 'companyId'>,
  type: string,
  data: object,
  event: DeliveredEvent = { id: newMessageId(), createdAt: new Date() },
) {
  const now = new Date();
  // The Standard Webhooks envelope: type, timestamp, data.
  const body = JSON.stringify({ type, timestamp: event.createdAt.toISOString(), data });
  const deliveryId = await insertDelivery(tx, {
    endpointId: endpoint.id,
    companyId: endpoint.companyId,
    messageId: event.id,
    eventType: type,
    body,
    nextAttemptAt: now,
    createdAt: event.createdAt,
    updatedAt: now,
  });
  await enqueue(tx, deliverWebhookJob, { deliveryId }, { companyId: endpoint.companyId });
}

/**
 * One delivery (and its job) per active endpoint of the company that subscribes to the event, in the caller's
 * transaction: the deliveries exist exactly when the change does.
 */
export async function enqueueEvent(
  tx: Tx,
  companyId: number,
  type: WebhookEvent,
  data: object,
  event: DeliveredEvent,
): Promise<void> {
  const endpoints = await subscribedEndpoints(tx, [companyId], type);
  for (const endpoint of endpoints) await createDelivery(tx, endpoint, type, data, event);
}

/**
 * Many events of one type (a rule change moving thousands of submissions): the subscribed endpoints of all their
 * companies read in one query, then one delivery per event and endpoint, as enqueueEvent makes them.
 */
export async function enqueueEvents(
  tx: Tx,
  type: WebhookEvent,
  events: readonly { companyId: number; data: object; event: DeliveredEvent }[],
): Promise<void> {
  if (!events.length) return;
  const endpoints = await subscribedEndpoints(tx, [...new Set(events.map((e) => e.companyId))], type);
  if (!endpoints.length) return;
  for (const event of events)
    for (const endpoint of endpoints)
      if (endpoint.companyId === event.companyId) await createDelivery(tx, endpoint, type, event.data, event.event);
}
