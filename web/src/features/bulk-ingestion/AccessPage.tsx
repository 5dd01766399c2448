import { useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ACCESS_MSG,
  normaliseFolderName,
  normaliseImageSource,
  SEARCH_DEBOUNCE_MS,
  type AccessFormInput,
} from '@portal/domain';
import { Page } from '../../ui/Page.tsx';
import { stackedTable } from '../../ui/stacked-table.ts';
import { StaffApiTokens } from '../api-tokens/StaffApiTokens.tsx';
import { fieldError } from '../../ui/field-error.tsx';
import { toast } from '../../ui/toast.ts';
import type { FormSchema } from '../../ui/use-schema-form.ts';
import { GraphQLRequestError } from '../../api/graphql.ts';
import { createOrganization, fetchOrganizations, ingestionKeys, searchCompanies } from './bulk-ingestion-api.ts';

export const ACCESS_HEADING = 'Product Hub Access';

type Field = 'companyId' | 'folderName' | 'imageSource';

/** Answers that refuse this grant for a reason the administrator can act on. */
const REFUSALS = new Set(['CONFLICT', 'BAD_REQUEST', 'VALIDATION_FAILED', 'NOT_FOUND']);

const loadAccessSchema = (): Promise<FormSchema<AccessFormInput>> =>
  import('./access-form-schema.ts').then((m) => m.accessForm);

/**
 * The form's schema (and zod with it, a tenth of what the page loads) is fetched when the administrator first goes to
 * a field, not with the page, as on the sign-in forms (ui/use-schema-form.ts): until it is there nothing is valid and
 * no message is shown. A failed fetch is tried again at the next focus.
 */
function useAccessSchema() {
  const [schema, setSchema] = useState<FormSchema<AccessFormInput> | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const startLoading = () => {
    loading.current ??= loadAccessSchema().then(
      (loaded) => setSchema(() => loaded),
      () => {
        loading.current = null;
      },
    );
  };
  return [schema, startLoading] as const;
}

/** /access (full administrators): grant a company bulk ingestion, and the list of companies that have it. */
export function AccessPage() {
  const queryClient = useQueryClient();
  const organizations = useQuery({ queryKey: ingestionKeys.organizations, queryFn: fetchOrganizations });
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [companyName, setCompanyName] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [folderName, setFolderName] = useState('');
  const [imageSource, setImageSource] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    companyId: false,
    folderName: false,
    imageSource: false,
  });
  const [saving, setSaving] = useState(false);
  const [schema, loadSchema] = useAccessSchema();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);

  const companies = useQuery({
    queryKey: ['company-search', debounced],
    queryFn: () => searchCompanies(debounced),
    enabled: debounced.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const list = (companies.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
    if (companyId !== null && companyName && !list.some((o) => o.value === String(companyId)))
      list.unshift({ value: String(companyId), label: companyName });
    return list;
  }, [companies.data, companyId, companyName]);

  const check = schema?.safeParse({ companyId: companyId ?? undefined, folderName, imageSource });
  const errors: Partial<Record<Field, string>> = {};
  if (check && !check.success) for (const issue of check.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  const shown = (field: Field) => fieldError(touched[field] ? errors[field] : undefined);
  const untouched = !touched.companyId && !touched.folderName && !touched.imageSource;
  const touch = (field: Field) => {
    loadSchema(); // a browser's autofill changes a field without focusing it
    setTouched((t) => ({ ...t, [field]: true }));
  };

  const submit = async () => {
    if (!check?.success) return;
    setSaving(true);
    try {
      await createOrganization(check.data);
      toast.success(ACCESS_MSG.created);
      setCompanyId(null);
      setCompanyName(null);
      setTyped('');
      setFolderName('');
      setImageSource('');
      setTouched({ companyId: false, folderName: false, imageSource: false });
      void queryClient.invalidateQueries({ queryKey: ingestionKeys.organizations });
    } catch (err) {
      // A refusal (already has access, folder taken, bad input) says why; anything else only that it failed.
      const refused = err instanceof GraphQLRequestError && REFUSALS.has(err.code ?? '');
      toast.error(refused ? ACCESS_MSG.failedBecause(err.message) : ACCESS_MSG.failed);
    }
    setSaving(false);
  };

  return (
    <Page heading={ACCESS_HEADING}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm" maw={520}>
          <Alert color="yellow">
            <Text span fw={700}>
              Warning:{' '}
            </Text>
            <Text span>{ACCESS_MSG.warning}</Text>
          </Alert>
          <Select
            label="Company"
            placeholder="Search companies by name"
            required
            searchable
            data={options}
            value={companyId === null ? null : String(companyId)}
            searchValue={typed}
            onSearchChange={setTyped}
            onChange={(value, option) => {
              setCompanyId(value === null ? null : Number(value));
              setCompanyName(option?.label ?? null);
              touch('companyId');
            }}
            onFocus={loadSchema}
            onBlur={() => touch('companyId')}
            filter={({ options: all }) => all}
            nothingFoundMessage={
              typed.trim() === ''
                ? 'Type a company name'
                : companies.isFetching || typed !== debounced
                  ? 'Searching…'
                  : 'No companies found'
            }
            error={shown('companyId')}
          />
          <TextInput
            label="Folder name"
            description={ACCESS_MSG.folderHint}
            required
            value={folderName}
            onChange={(event) => {
              setFolderName(normaliseFolderName(event.currentTarget.value));
              touch('folderName');
            }}
            onFocus={loadSchema}
            onBlur={() => touch('folderName')}
            error={shown('folderName')}
          />
          <TextInput
            label="Image source"
            description={ACCESS_MSG.sourceHint}
            required
            value={imageSource}
            onChange={(event) => {
              setImageSource(normaliseImageSource(event.currentTarget.value));
              touch('imageSource');
            }}
            onFocus={loadSchema}
            onBlur={() => touch('imageSource')}
            error={shown('imageSource')}
          />
          <Group>
            <Button type="submit" disabled={untouched || !check?.success || saving} loading={saving}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>

      <Title order={2} size="h3">
        Companies with access
      </Title>
      {organizations.isPending ? (
        <Text>Loading…</Text>
      ) : organizations.isError ? (
        <Text role="alert">The list could not be loaded.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480} className={stackedTable.container}>
          <Table striped withTableBorder className={stackedTable.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Company</Table.Th>
                <Table.Th scope="col">Company Id</Table.Th>
                <Table.Th scope="col">Folder name</Table.Th>
                <Table.Th scope="col">Image source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {organizations.data.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td data-label="Company">{o.companyName}</Table.Td>
                  <Table.Td data-label="Company Id">{o.companyId}</Table.Td>
                  <Table.Td data-label="Folder name">{o.folderName}</Table.Td>
                  <Table.Td data-label="Image source">{o.imageSource}</Table.Td>
                </Table.Tr>
              ))}
              {!organizations.data.length && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed" size="sm">
                      No company has access yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Box mt={48}>
        <StaffApiTokens />
      </Box>
    </Page>
  );
}
