import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_MSG,
  type WebhookDeliveryView,
  type WebhookInput,
  type WebhookView,
} from '@portal/domain';
import { apiFetch, SERVER_MESSAGE, type StatusMessages } from '../../api/api-fetch.ts';

/** The REST routes of server/src/modules/webhooks/routes.ts. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (companyId: number) => ['webhooks', 'list', companyId] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export const useWebhooks = (companyId: number | null) =>
  useQuery({
    queryKey: webhookKeys.list(companyId ?? 0),
    queryFn: () => apiFetch<WebhookView[]>(`/companies/${companyId}/webhooks`),
    enabled: companyId !== null,
  });

/** Where a page of the delivery log starts: the newest, or older (`after`) or newer (`before`) than a delivery shown. */
export interface DeliveryPosition {
  after?: number;
  before?: number;
}

/** A page of the log as shown, with the deliveries to page on from (null: no page that way). */
export interface DeliveryPage {
  rows: WebhookDeliveryView[];
  /** The position of the older page (after this page's last delivery), or null at the oldest. */
  older: DeliveryPosition | null;
  /** The position of the newer page (before this page's first delivery), or null at the newest. */
  newer: DeliveryPosition | null;
  /** Read backwards and found fewer than a page: the newest page is the one to show. */
  atTop: boolean;
}

/** The page shown from what the server gave for one more than a page (the extra row tells a page beyond). */
export function deliveryPage(fetched: WebhookDeliveryView[], position: DeliveryPosition): DeliveryPage {
  const size = WEBHOOK_DELIVERIES_PAGE_SIZE;
  const beyond = fetched.length > size;
  const backwards = position.before !== undefined;
  // Read backwards, the extra row is the newest (first); otherwise the oldest (last).
  const rows = beyond ? (backwards ? fetched.slice(1) : fetched.slice(0, size)) : fetched;
  const hasOlder = backwards || beyond;
  const hasNewer = backwards ? beyond : position.after !== undefined;
  return {
    rows,
    older: hasOlder && rows.length ? { after: rows[rows.length - 1].id } : null,
    newer: hasNewer && rows.length ? { before: rows[0].id } : null,
    atTop: backwards && !beyond,
  };
}

/** A page of the delivery log; polled every 2 s while a delivery on it is still pending, so attempts appear as they happen. */
export const useDeliveries = (id: number | null, position: DeliveryPosition = {}) =>
  useQuery({
    queryKey: [...webhookKeys.deliveries(id ?? 0), position],
    queryFn: async () => {
      const query = new URLSearchParams({ limit: String(WEBHOOK_DELIVERIES_PAGE_SIZE + 1) });
      if (position.after !== undefined) query.set('after', String(position.after));
      if (position.before !== undefined) query.set('before', String(position.before));
      return deliveryPage(await apiFetch<WebhookDeliveryView[]>(`/webhooks/${id}/deliveries?${query}`), position);
    },
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((d) => d.status === 'PENDING') ? 2000 : false),
  });

type WithSecret = { webhook: WebhookView; secret: string };

export const createWebhook = (companyId: number, input: WebhookInput) =>
  apiFetch<WithSecret>(`/companies/${companyId}/webhooks`, {
    method: 'POST',
    json: input,
    notify: { 400: null, 409: SERVER_MESSAGE },
  });
export const updateWebhook = (id: number, input: WebhookInput) =>
  apiFetch<WebhookView>(`/webhooks/${id}`, { method: 'PUT', json: input, notify: { 400: null } });
export const deleteWebhook = (id: number) => apiFetch<void>(`/webhooks/${id}`, { method: 'DELETE' });
export const rotateWebhookSecret = (id: number) =>
  apiFetch<WithSecret>(`/webhooks/${id}/rotate-secret`, { method: 'POST' });
/** Test events and redeliveries are limited per company: past the limit the user is told so, not 'try again'. */
// 409: the webhook is turned off, said in the server's words.
const manualSendLimit: StatusMessages = { 429: WEBHOOK_MSG.manualSendsLimited, 409: SERVER_MESSAGE };
export const pingWebhook = (id: number) =>
  apiFetch<void>(`/webhooks/${id}/ping`, { method: 'POST', notify: manualSendLimit });
export const redeliverWebhook = (deliveryId: number) =>
  apiFetch<void>(`/webhook-deliveries/${deliveryId}/redeliver`, { method: 'POST', notify: manualSendLimit });

export const webhooksChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: webhookKeys.all });
