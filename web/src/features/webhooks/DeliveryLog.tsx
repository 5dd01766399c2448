import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  WEBHOOK_DELIVERY_STATUS_LABEL,
  WEBHOOK_MSG,
  type WebhookAttemptView,
  type WebhookDeliveryStatus,
  type WebhookView,
} from '@portal/domain';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { toast } from '../../ui/toast.ts';
import { redeliverWebhook, useDeliveries, webhookKeys, type DeliveryPosition } from './webhooks-api.ts';

/** Light badges with darkened text, so the label keeps 4.5:1 on its tint. */
const STATUS_COLOURS: Record<WebhookDeliveryStatus, { color: string; c: string }> = {
  PENDING: { color: 'orange', c: '#7a3a00' },
  SUCCEEDED: { color: 'green', c: '#1b5e20' },
  FAILED: { color: 'red', c: '#8a1c1c' },
};

/** One attempt: number, answer (or error), time taken, and the start of the answer's body on demand. */
function Attempt({ a }: { a: WebhookAttemptView }) {
  return (
    <div>
      <Text size="sm">
        Attempt {a.attempt}: {a.statusCode ?? 'no answer'}
        {a.error && a.statusCode === null ? ` (${a.error})` : ''} · {a.durationMs} ms · {formatDateTime(a.startedDate)}
      </Text>
      {a.responseExcerpt && (
        <details>
          <summary>
            <Text span size="sm">
              Response
            </Text>
          </summary>
          <Code block style={{ maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {a.responseExcerpt}
          </Code>
        </details>
      )}
    </div>
  );
}

/** The delivery log of one webhook: newest first, every attempt, and Redeliver; a page at a time, newer and older. */
export function DeliveryLog({ webhook, mayRedeliver }: { webhook: WebhookView; mayRedeliver: boolean }) {
  const [position, setPosition] = useState<DeliveryPosition>({});
  // Another webhook's log starts at its newest.
  useEffect(() => setPosition({}), [webhook.id]);
  const deliveries = useDeliveries(webhook.id, position);
  const page = deliveries.data;
  // Paging back up found less than a page: the newest page is shown instead (and kept fresh from there).
  useEffect(() => {
    if (page?.atTop && !deliveries.isPlaceholderData) setPosition({});
  }, [page, deliveries.isPlaceholderData]);
  const queryClient = useQueryClient();
  const redeliver = async (id: number) => {
    try {
      await redeliverWebhook(id);
      toast.success(WEBHOOK_MSG.redeliverQueued);
      // Polls until the attempt shows: the redelivered row is briefly awaited like a pending one.
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhook.id) }), 1500);
    } catch {
      // told by the generic handling
    }
  };

  const rows = page?.rows ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="delivery-log-heading">
      <Title order={2} id="delivery-log-heading" size="h3" style={{ wordBreak: 'break-all' }}>
        Deliveries to {webhook.url}
      </Title>
      <DataTable
        query={deliveries}
        rows={rows}
        loading="Loading deliveries…"
        failed="The deliveries could not be loaded. Please try again."
        empty={WEBHOOK_MSG.noDeliveries}
      >
        {() => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped aria-label="Deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {d.eventType}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {d.messageId} · {formatDateTime(d.createdDate)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" {...STATUS_COLOURS[d.status]}>
                        {WEBHOOK_DELIVERY_STATUS_LABEL[d.status]}
                      </Badge>
                      {d.nextAttemptDate && (
                        <Text size="xs" c="dimmed">
                          Next try {formatDateTime(d.nextAttemptDate)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={4}>
                        {d.attempts.length ? (
                          d.attempts.map((a) => <Attempt key={a.attempt} a={a} />)
                        ) : (
                          <Text size="sm">Not sent yet</Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {mayRedeliver && webhook.active && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => void redeliver(d.id)}
                          aria-label={`Redeliver ${d.eventType} ${d.messageId}`}
                        >
                          Redeliver
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DataTable>
      {page && (page.newer || page.older) && (
        <Group justify="center" component="nav" aria-label="Pages of the delivery log">
          <Button
            variant="default"
            size="xs"
            disabled={!page.newer}
            onClick={() => page.newer && setPosition(page.newer)}
          >
            Newer deliveries
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={!page.older}
            onClick={() => page.older && setPosition(page.older)}
          >
            Older deliveries
          </Button>
        </Group>
      )}
    </Stack>
  );
}
