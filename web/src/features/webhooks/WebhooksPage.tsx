import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Code, CopyButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { isAnyAdmin, WEBHOOK_MSG, webhookPolicy, type WebhookView } from '@portal/domain';
import { useSignedInUser } from '../../session/session-context.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { CompanySearch } from '../shipping-profiles/CompanySearch.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { deleteWebhook, pingWebhook, rotateWebhookSecret, useWebhooks, webhooksChanged } from './webhooks-api.ts';
import { useAddressParams } from '../../ui/use-address-params.ts';

export const WEBHOOKS_HEADING = 'Webhooks';
export const CHOOSE_COMPANY_FOR_WEBHOOKS = 'Choose a company to see its webhooks.';

const idParam = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /webhooks (issue 21): the company's endpoints, each with its delivery log; staff pick the company. A signing
 * secret is shown once, when the webhook is added or its secret rotated.
 */
export function WebhooksPage() {
  const user = useSignedInUser();
  const staff = isAnyAdmin(user);
  const [search, setSearch] = useAddressParams();
  const companyId = staff ? idParam(search.get('companyId')) : user.companyId;
  const selectedId = idParam(search.get('webhook'));
  const webhooks = useWebhooks(companyId);
  const mayManage = companyId !== null && webhookPolicy.manage(user, companyId);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ webhook: WebhookView | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);

  const setParam = (name: string, value: number | null) =>
    setSearch(
      { [name]: value === null ? null : String(value), ...(name === 'companyId' ? { webhook: null } : {}) },
      { replace: true },
    );

  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) toast.success(done);
      void webhooksChanged(queryClient);
    } catch {
      // told by the generic handling
    }
  };

  const rows = webhooks.data ?? [];
  const selected = rows.find((w) => w.id === selectedId) ?? null;
  const body =
    companyId === null ? (
      <Text>{CHOOSE_COMPANY_FOR_WEBHOOKS}</Text>
    ) : (
      <DataTable
        query={webhooks}
        loading="Loading webhooks…"
        failed="The webhooks could not be loaded. Please try again."
        empty={mayManage ? WEBHOOK_MSG.noWebhooks : WEBHOOK_MSG.noWebhooksToSee}
      >
        {() => (
          <Table.ScrollContainer minWidth={820}>
            <Table striped aria-label="Webhooks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Endpoint URL</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((w) => (
                  <Table.Tr key={w.id} aria-current={w.id === selectedId ? 'true' : undefined}>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{w.url}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{w.events.join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        {...(w.active ? { color: 'green', c: '#1b5e20' } : { color: 'gray', c: '#343a40' })}
                      >
                        {w.active ? 'Active' : 'Off'}
                      </Badge>
                      {w.previousSecretValidUntil && (
                        <Text size="xs" c="dimmed">
                          Previous secret signs until {formatDateTime(w.previousSecretValidUntil)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setParam('webhook', w.id)}
                          aria-label={`Deliveries to ${w.url}`}
                        >
                          Deliveries
                        </Button>
                        {mayManage && (
                          <>
                            <Button
                              size="xs"
                              variant="subtle"
                              disabled={!w.active}
                              onClick={() =>
                                act(
                                  () => pingWebhook(w.id).then(() => setParam('webhook', w.id)),
                                  WEBHOOK_MSG.pingQueued,
                                )
                              }
                              aria-label={`Send test event to ${w.url}`}
                            >
                              Send test event
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => setDialog({ webhook: w })}
                              aria-label={`Edit ${w.url}`}
                            >
                              Edit
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() =>
                                act(
                                  async () => setSecret((await rotateWebhookSecret(w.id)).secret),
                                  WEBHOOK_MSG.rotated,
                                )
                              }
                              aria-label={`Rotate secret of ${w.url}`}
                            >
                              Rotate secret
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(w)}
                              aria-label={`Delete ${w.url}`}
                            >
                              Delete
                            </Button>
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DataTable>
    );

  return (
    <Page heading={WEBHOOKS_HEADING}>
      <Text>
        We send a signed POST to each active webhook when one of its events happens (Standard Webhooks: check the{' '}
        <Code>webhook-signature</Code> header with your signing secret). A delivery that fails is tried again for 24
        hours.
      </Text>
      <Group justify="space-between" align="flex-end">
        {staff ? <CompanySearch value={companyId} onChange={(id) => setParam('companyId', id)} /> : <span />}
        {mayManage && <Button onClick={() => setDialog({ webhook: null })}>Add webhook</Button>}
      </Group>
      {body}
      {selected && <DeliveryLog webhook={selected} mayRedeliver={mayManage} />}
      {companyId !== null && (
        <WebhookDialog
          opened={dialog !== null}
          onClose={() => setDialog(null)}
          companyId={companyId}
          webhook={dialog?.webhook ?? null}
          onCreated={setSecret}
        />
      )}
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title="Signing secret"
        size={640}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Alert color="yellow">{WEBHOOK_MSG.secretOnce}</Alert>
          <Code block data-testid="webhook-secret">
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setSecret(null)}>Done</Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete webhook?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text style={{ wordBreak: 'break-all' }}>
            Nothing more will be sent to {deleting?.url}, and its delivery log is deleted with it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                const target = deleting!;
                setDeleting(null);
                if (target.id === selectedId) setParam('webhook', null);
                void act(() => deleteWebhook(target.id), 'Webhook deleted.');
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Page>
  );
}
