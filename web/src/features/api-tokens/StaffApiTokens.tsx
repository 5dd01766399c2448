import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { API_TOKEN_MSG } from '@portal/domain';
import { DataTable } from '../../ui/DataTable.tsx';
import { toast } from '../../ui/toast.ts';
import { apiTokenKeys, fetchAllTokens, revokeAnyToken } from './api-tokens-api.ts';
import { TokenTable } from './TokenTable.tsx';

/** On the Access page (full administrators): every company's API tokens, to find one and revoke it. */
export function StaffApiTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokenKeys.all(null), queryFn: () => fetchAllTokens(null) });
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = (tokens.data ?? []).filter(
    (t) => !needle || [t.name, t.user?.email, t.user?.companyName].some((v) => v?.toLowerCase().includes(needle)),
  );

  const revoke = async (id: number) => {
    await revokeAnyToken(id);
    toast.success(API_TOKEN_MSG.revoked);
    await queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-tokens-heading">
      <Title order={2} size="h3" id="staff-tokens-heading">
        API tokens
      </Title>
      <Text>Tokens of every company. Revoking one stops the programs that use it at once.</Text>
      <TextInput
        label="Filter by company, owner or name"
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        maw={420}
      />
      <DataTable
        query={tokens}
        rows={shown}
        loading="Loading the tokens…"
        failed="The tokens could not be loaded. Please try again."
        empty={needle ? 'No token matches.' : 'No company has API tokens.'}
      >
        {(rows) => (
          <TokenTable tokens={rows} showOwner caption="API tokens of every company" onRevoke={(t) => revoke(t.id)} />
        )}
      </DataTable>
    </Stack>
  );
}
