import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Card,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { READ_ONLY_NO_ADD, SCOPES } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { useListReturnState } from '../../ui/list-return.ts';
import { ListSearchField } from '../search/ListSearchField.tsx';
import { useSession } from '../../session/session-context.tsx';
import { formatDate } from '../../ui/dates.ts';
import { Page } from '../../ui/Page.tsx';
import { CARD_LAYOUT_MAX_PX } from '../../ui/stacked-table.ts';
import {
  catalogueListParams,
  pageCount,
  useCataloguedProducts,
  type CatalogueSortField,
  type CataloguedProduct,
  type SortDirection,
} from './catalogue-api.ts';
import { AddNewButton } from '../drafts/AddNewButton.tsx';
import { ImportCertifiedValues } from './ImportCertifiedValues.tsx';
import { useAddressParams, type AddressChanges } from '../../ui/use-address-params.ts';

export const CATALOGUE_HEADING = 'My Products - Catalogued Items';
export const CATALOGUE_TITLE = 'Catalogued Items';
export const CATALOGUE_EMPTY =
  'Accepted submissions appear here once our cataloguing staff have added them to the library.';
export const NO_INFO_FOUND = 'No info found';
/** Why Add New is disabled for a read-only administrator. */
export const READ_ONLY_NOTE = READ_ONLY_NO_ADD;
/** Typing in the UPC filter asks the server after this pause. */
export const FILTER_DEBOUNCE_MS = 300;

const COLUMNS: { field: CatalogueSortField; label: string }[] = [
  { field: 'ean13Upc', label: 'UPC' },
  { field: 'brand', label: 'Brand' },
  { field: 'description', label: 'Description' },
  { field: 'itemSize', label: 'Size' },
  { field: 'unitsOfMeasure', label: 'U of M' },
  { field: 'updatedDate', label: 'Date Modified' },
];

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** /cataloguedProducts: the company's catalogued items, filtered by UPC prefix, sorted and paged on the server. */
export function CataloguedListPage() {
  const { user } = useSession();
  const [search, setSearch] = useAddressParams();
  const narrow = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_PX}px)`, undefined, { getInitialValueInEffect: false });

  const { upcPrefix, q, page, sortBy, sortDirection, after, before } = catalogueListParams(search);

  const setParams = (changes: AddressChanges, replace = false) => setSearch(changes, { replace });

  // The filter box answers each key at once; the URL (and so the query) follows after a pause.
  const [filter, setFilter] = useState(upcPrefix);
  useEffect(() => setFilter(upcPrefix), [upcPrefix]);
  useEffect(() => {
    if (filter === upcPrefix) return;
    const timer = setTimeout(
      () => setParams({ upc: filter, page: null, after: null, before: null }, true),
      FILTER_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  });

  const list = useCataloguedProducts({ upcPrefix, q, page, sortBy, sortDirection, after, before });
  const data = list.data;
  const totalPages = data ? pageCount(data.total, data.more, page, data.items.length) : 1;

  // A page past the end (an old link) shows the last page instead.
  useEffect(() => {
    if (data && !list.isPlaceholderData && page > totalPages)
      setParams({ page: totalPages > 1 ? String(totalPages) : null, after: null, before: null }, true);
  });

  const sortOn = (field: CatalogueSortField) => {
    const direction: SortDirection = field === sortBy && sortDirection === 'asc' ? 'desc' : 'asc';
    setParams({ sort: field, dir: direction, page: null, after: null, before: null });
  };

  /**
   * The page next to the one shown is read from its edge (after its last row, before its first), by keyset: Next and
   * Previous cost the same on page 2 and page 2,000. Any other page is counted from the top.
   */
  const goToPage = (n: number) =>
    setParams({
      page: n > 1 ? String(n) : null,
      after: n === page + 1 && data?.endCursor ? data.endCursor : null,
      before: n === page - 1 && n > 1 && data?.startCursor ? data.startCursor : null,
    });

  const canImport = !!user && user.scopes.includes(SCOPES.writeAllProductSubmissions);
  const emptyText = upcPrefix || q ? NO_INFO_FOUND : CATALOGUE_EMPTY;

  return (
    <Page heading={CATALOGUE_HEADING} title={CATALOGUE_TITLE}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <TextInput
          label="Filter by UPC"
          description="Items whose UPC starts with these digits"
          inputMode="numeric"
          autoComplete="off"
          value={filter}
          onChange={(event) => setFilter(digitsOnly(event.currentTarget.value))}
          maw={280}
        />
        <ListSearchField
          value={q}
          onChange={(text) => setParams({ q: text ?? null, page: null, after: null, before: null }, true)}
        />
        <Group gap="sm" align="flex-start">
          {canImport && <ImportCertifiedValues />}
          <AddNewButton />
        </Group>
      </Group>

      {list.isPending ? (
        <Group role="status" gap="sm">
          <Loader size="sm" aria-hidden />
          <Text>Loading catalogued items…</Text>
        </Group>
      ) : list.isError && !data ? (
        <Alert color="red" title="Catalogued items not available">
          We couldn&apos;t load the catalogued items. Please try again later.
        </Alert>
      ) : data && data.items.length > 0 ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data.more
              ? `More than ${data.total.toLocaleString('en')} items`
              : data.total === 1
                ? '1 item'
                : `${data.total} items`}
          </Text>
          {narrow ? (
            <CatalogueCards items={data.items} listSearch={search} />
          ) : (
            <CatalogueTable
              items={data.items}
              caption={`Catalogued items, page ${Math.min(page, totalPages)} of ${totalPages}`}
              sortBy={sortBy}
              sortDirection={sortDirection}
              onSort={sortOn}
              listSearch={search}
            />
          )}
          {totalPages > 1 && (
            <Group justify="center" component="nav" aria-label="Pages of the list">
              <Pagination
                total={totalPages}
                value={Math.min(page, totalPages)}
                onChange={goToPage}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
                getControlProps={(control) => ({
                  'aria-label': {
                    first: 'First page',
                    previous: 'Previous page',
                    next: 'Next page',
                    last: 'Last page',
                  }[control],
                })}
              />
            </Group>
          )}
        </>
      ) : (
        <Text py="lg" role="status">
          {emptyText}
        </Text>
      )}
    </Page>
  );
}

const productPath = (item: CataloguedProduct) => `/cataloguedProducts/${encodeURIComponent(item.ean13Upc)}`;

function CatalogueTable({
  items,
  caption,
  sortBy,
  sortDirection,
  onSort,
  listSearch,
}: {
  items: CataloguedProduct[];
  caption: string;
  sortBy: CatalogueSortField;
  sortDirection: SortDirection;
  onSort: (field: CatalogueSortField) => void;
  listSearch: URLSearchParams;
}) {
  const listReturn = useListReturnState(listSearch);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Caption className="visually-hidden">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ field, label }) => {
              const active = field === sortBy;
              return (
                <Table.Th
                  key={field}
                  scope="col"
                  aria-sort={active ? (sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm">
                    {label}
                    <span aria-hidden="true">{active ? (sortDirection === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.ean13Upc}>
              <Table.Th scope="row" fw={400}>
                <Anchor component={AppLink} to={productPath(item)} state={listReturn}>
                  {item.ean13Upc}
                </Anchor>
              </Table.Th>
              <Table.Td>{item.brand ?? ''}</Table.Td>
              <Table.Td>{item.description ?? ''}</Table.Td>
              <Table.Td>{item.itemSize ?? ''}</Table.Td>
              <Table.Td>{item.unitsOfMeasure ?? ''}</Table.Td>
              <Table.Td>{formatDate(item.updatedDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Narrow screens: one card per item with UPC (its link), description and date modified. */
function CatalogueCards({ items, listSearch }: { items: CataloguedProduct[]; listSearch: URLSearchParams }) {
  const listReturn = useListReturnState(listSearch);
  return (
    <Stack component="ul" gap="sm" aria-label="Catalogued items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <Card component="li" key={item.ean13Upc} withBorder padding="sm">
          <Stack gap={2}>
            <Anchor component={AppLink} to={productPath(item)} state={listReturn} fw={600}>
              {item.ean13Upc}
            </Anchor>
            <Text>{item.description ?? ''}</Text>
            <Text size="sm" c="dimmed">
              Date Modified: {formatDate(item.updatedDate)}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
