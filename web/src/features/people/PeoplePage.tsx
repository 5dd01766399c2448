import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { COMPANY_SCOPES, PEOPLE_MSG, SEARCH_DEBOUNCE_MS, STAFF_SCOPE_LABELS } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { InvitePersonForm } from './InvitePersonForm.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { addCompany, fetchCompanies, fetchStaff, inviteStaff, peopleKeys } from './people-api.ts';

/** /people (administrators): staff users and their scopes, supplier companies, and invitations for both. */
export function PeoplePage() {
  const queryClient = useQueryClient();
  const me = useSignedInUser();
  const staff = useQuery({ queryKey: peopleKeys.staff, queryFn: fetchStaff });
  // Only scopes the administrator holds can be granted (the server says so too).
  const grantable = Object.entries(STAFF_SCOPE_LABELS)
    .filter(([scope]) => me.scopes.includes(scope) && !(COMPANY_SCOPES as readonly string[]).includes(scope))
    .map(([value, label]) => ({ value, label }));

  return (
    <Page heading="People">
      <Title order={2} size="h3">
        Staff
      </Title>
      {staff.isPending ? (
        <Text>Loading…</Text>
      ) : staff.isError ? (
        <Text role="alert">The list could not be loaded.</Text>
      ) : (
        <PeopleTable people={staff.data} caption="Staff users" />
      )}
      <Title order={3} size="h4">
        Invite a member of staff
      </Title>
      <InvitePersonForm
        kind="staff"
        scopes={grantable}
        submitLabel="Invite staff user"
        onInvite={async (input) => {
          await inviteStaff(input);
          void queryClient.invalidateQueries({ queryKey: peopleKeys.staff });
        }}
      />
      <CompaniesSection />
    </Page>
  );
}

function CompaniesSection() {
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const companies = useQuery({ queryKey: peopleKeys.companies(debounced), queryFn: () => fetchCompanies(debounced) });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const add = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const created = await addCompany(name);
      toast.success(PEOPLE_MSG.companyAdded(created.name));
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['people', 'companies'] });
    } catch (err) {
      if (err instanceof ApiError && [400, 409].includes(err.status)) setError(err.fields?.name ?? err.message);
    }
    setSaving(false);
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Supplier companies
      </Title>
      <form
        noValidate
        aria-label="Add a supplier company"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="New company name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError(error)}
            miw={220}
          />
          <Button type="submit" loading={saving} disabled={!name.trim()}>
            Add company
          </Button>
        </Group>
      </form>
      <TextInput
        label="Find a company"
        placeholder="Start of the name"
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={320}
      />
      {companies.isPending ? (
        <Text>Loading…</Text>
      ) : companies.isError ? (
        <Text role="alert">The list could not be loaded.</Text>
      ) : companies.data.length === 0 ? (
        <Text>No companies found.</Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Company</Table.Th>
              <Table.Th scope="col">Company Id</Table.Th>
              <Table.Th scope="col">Users</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {companies.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={AppLink} to={`/people/companies/${c.id}`}>
                    {c.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{c.id}</Table.Td>
                <Table.Td>{c.users}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
