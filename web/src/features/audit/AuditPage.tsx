import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Button, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { AUDIT_MSG, AUDIT_PAGE_SIZE, auditSummaryLines, titleCase, type AuditSummary } from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { useSignedInUser } from '../../session/session-context.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { Page } from '../../ui/Page.tsx';
import { stackedTable } from '../../ui/stacked-table.ts';
import { EmptyTableRow, PageNavigation } from '../../ui/TableParts.tsx';
import {
  auditCsvUrl,
  auditKeys,
  fetchAuditOptions,
  fetchAuditPage,
  auditPageFrom,
  FILTER_KEYS,
  type AuditFilters,
  type AuditRow,
} from './audit-api.ts';
import { auditTargetLink } from './audit-target-link.ts';
import { useAddressParams } from '../../ui/use-address-params.ts';

export const AUDIT_HEADING = 'Audit Trail';

/**
 * /admin/audit (administrators): every staff action on someone else's data, newest first, filtered and paged on the
 * server. The filters live in the address, so a filtered view can be shared and survives a reload; the CSV export
 * takes the same filters.
 */
export function AuditPage() {
  const user = useSignedInUser();
  const [params, setParams] = useAddressParams();
  const { filters, page, query } = auditPageFrom(params);
  const datesWrong = filters.from && filters.to && filters.from > filters.to;

  const options = useQuery({ queryKey: auditKeys.options, queryFn: fetchAuditOptions, staleTime: 60_000 });
  const rows = useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => fetchAuditPage(query),
    placeholderData: keepPreviousData,
    enabled: !datesWrong,
  });

  /** A filter change starts again at page 1. */
  const setFilter = (key: keyof AuditFilters, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        next.delete('after');
        next.delete('before');
        return next;
      },
      { replace: true },
    );
  /**
   * The page next to the one shown is read from its edge (kept in the address, so a reload reads the same rows); any
   * other from the top. A trail of millions is then paged as fast as a short one.
   */
  const setPage = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('page', String(n));
      next.delete('after');
      next.delete('before');
      const items = rows.data?.items ?? [];
      if (items.length && n === page + 1) next.set('after', String(items[items.length - 1].id));
      if (items.length && n === page - 1) next.set('before', String(items[0].id));
      return next;
    });
  const anyFilter = FILTER_KEYS.some((k) => filters[k]);
  const total = rows.data?.total ?? 0;
  const more = rows.data?.more ?? false;
  // Past the rows counted, the page after the one shown is always offered while pages are full.
  const fullPage = (rows.data?.items.length ?? 0) === AUDIT_PAGE_SIZE;
  const totalPages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE), more && fullPage ? page + 1 : page);

  return (
    <Page heading={AUDIT_HEADING}>
      <Text c="dimmed" size="sm">
        What staff changed in suppliers' and partners' data: reviews, cataloguing, imports, settings, access and bulk
        edits.
      </Text>
      <form role="search" aria-label="Filter the audit trail" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          {(
            [
              { key: 'action', label: 'Action', placeholder: 'Any action', data: options.data?.actions ?? [] },
              {
                key: 'actorId',
                label: 'Staff member',
                placeholder: 'Anyone',
                data: (options.data?.actors ?? []).map((a) => ({
                  value: String(a.id),
                  label: `${a.name} (${a.email})`,
                })),
              },
              {
                key: 'companyId',
                label: 'Company',
                placeholder: 'Any company',
                data: (options.data?.companies ?? []).map((c) => ({ value: String(c.id), label: titleCase(c.name) })),
              },
            ] as const
          ).map((f) => (
            <Select
              key={f.key}
              label={f.label}
              placeholder={f.placeholder}
              clearable
              searchable
              data={[...f.data]}
              value={filters[f.key] || null}
              onChange={(v) => setFilter(f.key, v)}
            />
          ))}
          <TextInput
            label="Target id"
            description="A submission id, an EAN-13, a configuration or job number"
            defaultValue={filters.targetId}
            key={`target-${filters.targetId}`}
            onBlur={(e) => setFilter('targetId', e.currentTarget.value.trim() || null)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setFilter('targetId', e.currentTarget.value.trim() || null);
            }}
          />
          <TextInput
            type="date"
            label="From"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => setFilter('from', e.currentTarget.value || null)}
          />
          <TextInput
            type="date"
            label="To"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => setFilter('to', e.currentTarget.value || null)}
            error={datesWrong ? AUDIT_MSG.fromAfterTo : undefined}
          />
        </SimpleGrid>
        <Group mt="sm" gap="sm">
          <Button
            variant="default"
            disabled={!anyFilter}
            onClick={() => setParams(() => new URLSearchParams(), { replace: true })}
          >
            Clear filters
          </Button>
          <Button component="a" variant="light" href={auditCsvUrl(filters)} download>
            Download CSV
          </Button>
        </Group>
      </form>

      {rows.isError && <Alert color="red">The audit trail could not be loaded. Please try again.</Alert>}
      <Text size="sm" aria-live="polite" role="status">
        {rows.isPending ? 'Loading…' : countText(total, more, anyFilter)}
      </Text>
      {/* Narrow enough for a tablet (768 px) to show every column; a phone gets one card per row. */}
      <Table.ScrollContainer minWidth={720} className={stackedTable.container}>
        <Table striped withTableBorder verticalSpacing="xs" aria-busy={rows.isFetching} className={stackedTable.table}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>
            Staff actions, newest first
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {['When', 'Who', 'Action', 'Target', 'Company', 'Before', 'After'].map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data?.items.map((r) => (
              <AuditTableRow key={r.id} row={r} link={auditTargetLink(r, user)} />
            ))}
            {rows.data && !rows.data.items.length && <EmptyTableRow columns={7}>{AUDIT_MSG.empty}</EmptyTableRow>}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totalPages > 1 && (
        <PageNavigation
          label="Pages of the audit trail"
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={setPage}
        />
      )}
    </Page>
  );
}

const countText = (total: number, more: boolean, filtered: boolean) => {
  if (more) {
    const count = `More than ${total.toLocaleString('en')} actions`;
    return filtered ? `${count} match these filters.` : `${count}: a date range narrows them.`;
  }
  return filtered
    ? `${total} ${total === 1 ? 'action matches' : 'actions match'} these filters.`
    : `${total} ${total === 1 ? 'action' : 'actions'}.`;
};

/** A before or after: one line per changed setting or field, wrapping anywhere so the column stays in the table. */
function SummaryCell({ summary, label }: { summary: AuditSummary | null; label: string }) {
  const lines = auditSummaryLines(summary);
  return (
    <Table.Td data-label={label} style={{ overflowWrap: 'anywhere', minWidth: 120 }}>
      {lines.length
        ? lines.map((line, i) => (
            <Text key={i} size="sm">
              {line}
            </Text>
          ))
        : '—'}
    </Table.Td>
  );
}

function AuditTableRow({ row, link }: { row: AuditRow; link: string | null }) {
  const company = row.target.companyName;
  // A target named after its company (a partner's settings, a bulk-ingestion grant) is named as the portal names it.
  const label = row.target.label && row.target.label === company ? titleCase(company) : row.target.label;
  const name = label || row.target.id;
  return (
    <Table.Tr>
      <Table.Td data-label="When">
        <time dateTime={row.at}>{formatDateTime(row.at)}</time>
      </Table.Td>
      <Table.Td data-label="Who">
        {row.actor.name}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.actor.email}
        </Text>
      </Table.Td>
      <Table.Td data-label="Action">{row.actionLabel}</Table.Td>
      <Table.Td data-label="Target">
        {link ? (
          <Anchor component={AppLink} to={link}>
            {name}
          </Anchor>
        ) : (
          name
        )}
        {label && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.target.id}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Company">{company ? titleCase(company) : '—'}</Table.Td>
      <SummaryCell summary={row.before} label="Before" />
      <SummaryCell summary={row.after} label="After" />
    </Table.Tr>
  );
}
