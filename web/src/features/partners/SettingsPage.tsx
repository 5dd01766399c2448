import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Loader, Select, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS, titleCase } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import { AppLink } from '../../partner/AppLink.tsx';
import { Page } from '../../ui/Page.tsx';
import { toast } from '../../ui/toast.ts';
import { useCreatePartnerConfiguration, usePartnerConfigurations } from './partners-api.ts';
import { SearchCompaniesQuery } from './partners-operations.ts';

export const SETTINGS_SUBTITLE = 'Manage Co-branded Item Intake Landing Pages';
export const COMPANY_SEARCH_LABEL = 'Company';

/** /settings: the partner configurations, and Add for a company found by name (part 2 section 2.5). */
export function SettingsPage() {
  const configurations = usePartnerConfigurations();
  const create = useCreatePartnerConfiguration();
  const [companyId, setCompanyId] = useState<number | null>(null);
  // A new search box after each Add, so the added company's name does not stay typed in it.
  const [searchKey, setSearchKey] = useState(0);

  // The mutation's pending state reaches the button a tick late; a double click's second click comes before it.
  const adding = useRef(false);
  const add = () => {
    if (companyId === null || adding.current) return;
    adding.current = true;
    create.mutate(companyId, {
      onSettled: () => {
        adding.current = false;
      },
      onSuccess: (created) => {
        setCompanyId(null);
        setSearchKey((k) => k + 1);
        toast.success(`${titleCase(created.companyName)} added`);
      },
      onError: (error) => toast.error(error.message || 'Unable to add the company'),
    });
  };

  return (
    <Page heading="Settings">
      <Text size="lg">{SETTINGS_SUBTITLE}</Text>
      <Group align="end" gap="sm">
        <CompanySearch key={searchKey} value={companyId} onChange={setCompanyId} />
        <Button onClick={add} disabled={companyId === null || create.isPending} loading={create.isPending}>
          Add
        </Button>
      </Group>
      {configurations.isPending ? (
        <Loader aria-label="Loading partner configurations" />
      ) : configurations.isError ? (
        <Text role="alert">The partner configurations could not be loaded.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover aria-label="Partner configurations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Entity</Table.Th>
                <Table.Th scope="col">Company Id</Table.Th>
                <Table.Th scope="col">Landing Page Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {configurations.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>No partner configurations yet.</Table.Td>
                </Table.Tr>
              )}
              {configurations.data.map((config) => (
                <Table.Tr key={config.id}>
                  <Table.Td>
                    <Anchor component={AppLink} to={`/settings/${config.id}`}>
                      {titleCase(config.companyName)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{config.companyId}</Table.Td>
                  <Table.Td>{config.landingPageEnabled ? 'On' : 'Off'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}

/** A searchable company picker: what is typed is searched 1000 ms after typing stops (part 2 section 9). */
function CompanySearch({ value, onChange }: { value: number | null; onChange: (companyId: number | null) => void }) {
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: ['settings', 'company-search', debounced],
    queryFn: async () => (await gql(SearchCompaniesQuery, { name: debounced })).searchCompaniesByName,
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  // The chosen company stays an option while its name is searched again, so its name keeps showing.
  const found = debounced ? (results.data ?? []) : [];
  const companies =
    chosen && chosen.id === value && !found.some((c) => c.id === chosen.id) ? [chosen, ...found] : found;
  const options = companies.map((c) => ({ value: String(c.id), label: titleCase(c.name) }));
  const searching = typed.trim() !== debounced || results.isFetching;

  return (
    <Select
      label={COMPANY_SEARCH_LABEL}
      placeholder="Search companies by name"
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear company', 'aria-hidden': false, tabIndex: 0 }}
      data={options}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        setChosen(companies.find((c) => c.id === id) ?? null);
        onChange(id);
      }}
      searchValue={typed}
      onSearchChange={setTyped}
      nothingFoundMessage={!typed.trim() ? 'Type a company name' : searching ? 'Searching…' : 'No companies found'}
      // The server already searched by name; Mantine must not filter its answer again.
      filter={({ options: all }) => all}
      w={360}
      maw="100%"
    />
  );
}
