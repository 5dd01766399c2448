import { useQuery, type QueryClient } from '@tanstack/react-query';
import { WEBHOOK_MSG, type WebhookDeliveryView, type WebhookInput, type WebhookView } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';

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

/** The delivery log; polled every 2 s while a delivery is still pending, so attempts appear as they happen. */
export const useDeliveries = (id: number | null) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0),
    queryFn: () => apiFetch<WebhookDeliveryView[]>(`/webhooks/${id}/deliveries`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'PENDING') ? 2000 : false),
  });

type WithSecret = { webhook: WebhookView; secret: string };

export const createWebhook = (companyId: number, input: WebhookInput) =>
  apiFetch<WithSecret>(`/companies/${companyId}/webhooks`, { method: 'POST', json: input, notify: { 400: null } });
export const updateWebhook = (id: number, input: WebhookInput) =>
  apiFetch<WebhookView>(`/webhooks/${id}`, { method: 'PUT', json: input, notify: { 400: null } });
export const deleteWebhook = (id: number) => apiFetch<void>(`/webhooks/${id}`, { method: 'DELETE' });
export const rotateWebhookSecret = (id: number) =>
  apiFetch<WithSecret>(`/webhooks/${id}/rotate-secret`, { method: 'POST' });
/** Test events and redeliveries are limited per company: past the limit the user is told so, not 'try again'. */
const manualSendLimit = { 429: WEBHOOK_MSG.manualSendsLimited };
export const pingWebhook = (id: number) =>
  apiFetch<void>(`/webhooks/${id}/ping`, { method: 'POST', notify: manualSendLimit });
export const redeliverWebhook = (deliveryId: number) =>
  apiFetch<void>(`/webhook-deliveries/${deliveryId}/redeliver`, { method: 'POST', notify: manualSendLimit });

export const webhooksChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: webhookKeys.all });
