import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { API_TOKEN_SCOPE_LABELS, apiTokenStatus, type ApiToken } from '@portal/domain';
import { formatDate, formatDateTime } from '../../ui/dates.ts';

const STATUS_COLOR = { Active: 'green', Expired: 'gray', Revoked: 'red' } as const;

/** A list of tokens (the account's own, or, for staff, anyone's with its owner), with Revoke behind a confirmation. */
export function TokenTable({
  tokens,
  onRevoke,
  showOwner = false,
  caption,
}: {
  tokens: ApiToken[];
  onRevoke: (token: ApiToken) => Promise<unknown>;
  showOwner?: boolean;
  caption: string;
}) {
  const [toRevoke, setToRevoke] = useState<ApiToken | null>(null);
  const [revoking, setRevoking] = useState(false);

  const confirm = async () => {
    if (!toRevoke) return;
    setRevoking(true);
    try {
      await onRevoke(toRevoke);
      setToRevoke(null);
    } catch {
      // The generic message is shown; the dialog stays open to try again.
    } finally {
      setRevoking(false);
    }
  };

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table striped>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              {showOwner && <Table.Th>Owner</Table.Th>}
              <Table.Th>Scopes</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => {
              const status = apiTokenStatus(token);
              return (
                <Table.Tr key={token.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{token.name}</Table.Td>
                  {showOwner && (
                    <Table.Td>
                      {token.user?.email}
                      <Text size="xs" c="dimmed">
                        {token.user?.companyName}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Stack gap={2}>
                      {token.scopes.map((s) => (
                        <Text key={s} size="sm" title={API_TOKEN_SCOPE_LABELS[s]}>
                          <code>{s}</code>
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{formatDate(token.createdAt)}</Table.Td>
                  <Table.Td>{formatDate(token.expiresAt)}</Table.Td>
                  <Table.Td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[status]} variant="light" c="dark.9">
                      {status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {status === 'Active' && (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        onClick={() => setToRevoke(token)}
                        aria-label={`Revoke ${token.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={toRevoke !== null}
        onClose={() => !revoking && setToRevoke(null)}
        title="Revoke this API token?"
        centered
      >
        <Stack gap="md">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {toRevoke?.name}
          </Text>
          <Text>Programs that use it stop working at once. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToRevoke(null)} disabled={revoking}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={revoking}>
              Revoke token
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
