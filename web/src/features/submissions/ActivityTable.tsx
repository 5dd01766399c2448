import { useEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Anchor, Card, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  activityRowPath,
  isItemStatus,
  partnerStatusShown,
  readinessCell,
  readinessCellDetail,
  statusDisplayName,
  UNNAMED,
} from '@portal/domain';
import { AppLink } from '../../partner/AppLink.tsx';
import { usePartnerPath } from '../../partner/partner-context.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { useListReturnState } from '../../ui/list-return.ts';
import { CARD_LAYOUT_MAX_PX } from '../../ui/stacked-table.ts';
import { nameText, upcText, type ActivityItem } from './activity-api.ts';
import classes from './activity.module.css';

/** How a row is named to screen readers in its checkbox and delete button: UPC, then the name when there is one. */
export function rowLabel(item: ActivityItem): string {
  const name = nameText(item);
  return name === UNNAMED ? upcText(item) : `${upcText(item)}, ${name}`;
}

/**
 * The readiness column (added after the specification's columns, which stay): the row's stored score for its own
 * partner and the top failing rule (every failing rule on hover); N/A for drafts (their live score is on Enter UPC(s)), without partner
 * rules, or when the partner drop-down names another partner.
 */
const readinessText = (item: ActivityItem, statusPartnerId: number | null) =>
  statusPartnerId !== null && item.partnerCompanyId !== statusPartnerId ? 'N/A' : readinessCell(item.readiness);
/** The column shows when the page has a submission (a page of drafts only has nothing to score). */
const showsReadiness = (items: readonly ActivityItem[]) => items.some((i) => i.kind === 'Product');

const statusText = (status: string) => (isItemStatus(status) ? statusDisplayName(status) : status);

interface ActivityTableProps {
  caption: string;
  items: ActivityItem[];
  /** Checkboxes for 'Edit to complete'. */
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  showPartnerStatus: boolean;
  /** Whose partner status the column shows (the partner drop-down); null: each row's own partner. */
  statusPartnerId: number | null;
  /** The row named by ?focus=: highlighted, scrolled to and its link focused once. */
  focusedId: string | null;
  onDelete: (item: ActivityItem) => void;
  /** The list's search parameters as shown, for the items' Back links. */
  listSearch: URLSearchParams;
}

/** One page of the activity list: a table, or on a narrow screen (as the catalogue) one card per submission. */
export function ActivityTable(props: ActivityTableProps) {
  const narrow = useMediaQuery(`(max-width: ${CARD_LAYOUT_MAX_PX}px)`, undefined, { getInitialValueInEffect: false });
  return narrow ? <ActivityCards {...props} /> : <ActivityRows {...props} />;
}

/** Narrow screens: each card carries what a row does (UPC link, name, status, files, date, partner status, actions). */
function ActivityCards({
  caption,
  items,
  selectable,
  selected,
  onSelect,
  showPartnerStatus,
  statusPartnerId,
  focusedId,
  onDelete,
  listSearch,
}: ActivityTableProps) {
  const listReturn = useListReturnState(listSearch);
  return (
    <Stack component="ul" gap="sm" aria-label={caption} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const label = rowLabel(item);
        return (
          <Card
            component="li"
            key={`${item.kind}-${item.id}`}
            withBorder
            padding="sm"
            className={classes.card}
            data-focused={item.id === focusedId || undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
                {selectable && (
                  <Checkbox
                    mt={4}
                    aria-label={`Select ${label}`}
                    checked={selected.has(item.id)}
                    onChange={(event) => onSelect([item.id], event.currentTarget.checked)}
                  />
                )}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    component={AppLink}
                    to={activityRowPath(item)}
                    state={listReturn}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {upcText(item)}
                  </Anchor>
                  <Text c={item.productName?.trim() ? undefined : 'dimmed'}>{nameText(item)}</Text>
                  <Text size="sm">{statusText(item.itemStatus)}</Text>
                  <Text size="sm" c="dimmed">
                    Files: {item.fileCount}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Modified: {formatDateTime(item.updatedDate)}
                  </Text>
                  {showPartnerStatus && (
                    <Text size="sm" c="dimmed">
                      Partner status: {partnerStatusShown(item, statusPartnerId)}
                    </Text>
                  )}
                  {item.kind === 'Product' && (
                    <Text size="sm" c="dimmed">
                      Readiness: {readinessText(item, statusPartnerId)}
                    </Text>
                  )}
                </Stack>
              </Group>
              <DeleteButton item={item} label={label} onDelete={onDelete} />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

function DeleteButton({
  item,
  label,
  onDelete,
}: {
  item: ActivityItem;
  label: string;
  onDelete: (item: ActivityItem) => void;
}) {
  return (
    <Tooltip label={item.canDelete ? 'Delete' : 'You cannot delete this submission'} withArrow>
      <ActionIcon
        variant="subtle"
        color="red.8"
        aria-label={`Delete ${label}`}
        disabled={!item.canDelete}
        onClick={() => onDelete(item)}
      >
        <TrashIcon />
      </ActionIcon>
    </Tooltip>
  );
}

/** Each row's UPC is its link; a click anywhere else on the row follows it too. */
function ActivityRows({
  caption,
  items,
  selectable,
  selected,
  onSelect,
  showPartnerStatus,
  statusPartnerId,
  focusedId,
  onDelete,
  listSearch,
}: ActivityTableProps) {
  const navigate = useNavigate();
  const partnerPath = usePartnerPath();
  const listReturn = useListReturnState(listSearch);
  const focusedLink = useRef<HTMLAnchorElement>(null);
  const focusedOnce = useRef<string | null>(null);
  const onPage = items.some((i) => i.id === focusedId);

  useEffect(() => {
    if (!focusedId || !onPage || focusedOnce.current === focusedId || !focusedLink.current) return;
    focusedOnce.current = focusedId;
    focusedLink.current.scrollIntoView({ block: 'center' });
    focusedLink.current.focus();
  }, [focusedId, onPage]);

  const readinessColumn = showsReadiness(items);
  const allSelected = items.length > 0 && items.every((i) => selected.has(i.id));
  const someSelected = items.some((i) => selected.has(i.id));

  const followRow = (event: MouseEvent<HTMLTableRowElement>, item: ActivityItem) => {
    // Clicks on the row's own controls (link, checkbox, delete) do their own thing.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    void navigate(partnerPath(activityRowPath(item)), { state: listReturn });
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" className={classes.table}>
        <caption className="visually-hidden">{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th scope="col" w={44}>
                <Checkbox
                  aria-label="Select all submissions on this page"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={(event) =>
                    onSelect(
                      items.map((i) => i.id),
                      event.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            )}
            <Table.Th scope="col">UPC</Table.Th>
            <Table.Th scope="col">Product name</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Files</Table.Th>
            <Table.Th scope="col">Date modified</Table.Th>
            {showPartnerStatus && <Table.Th scope="col">Partner status</Table.Th>}
            {readinessColumn && <Table.Th scope="col">Readiness</Table.Th>}
            <Table.Th scope="col">
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const focused = item.id === focusedId;
            const label = rowLabel(item);
            return (
              <Table.Tr
                key={`${item.kind}-${item.id}`}
                className={classes.row}
                data-focused={focused || undefined}
                aria-current={focused || undefined}
                onClick={(event) => followRow(event, item)}
              >
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${label}`}
                      checked={selected.has(item.id)}
                      onChange={(event) => onSelect([item.id], event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor
                    component={AppLink}
                    to={activityRowPath(item)}
                    state={listReturn}
                    ref={focused ? focusedLink : undefined}
                    fw={600}
                  >
                    {upcText(item)}
                  </Anchor>
                </Table.Td>
                <Table.Td c={item.productName?.trim() ? undefined : 'dimmed'}>{nameText(item)}</Table.Td>
                <Table.Td>{statusText(item.itemStatus)}</Table.Td>
                <Table.Td>{item.fileCount}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.updatedDate)}</Table.Td>
                {showPartnerStatus && <Table.Td>{partnerStatusShown(item, statusPartnerId)}</Table.Td>}
                {readinessColumn && (
                  <Table.Td
                    title={
                      readinessText(item, statusPartnerId) === 'N/A'
                        ? undefined
                        : readinessCellDetail(item.readiness) || undefined
                    }
                  >
                    {readinessText(item, statusPartnerId)}
                  </Table.Td>
                )}
                <Table.Td>
                  <DeleteButton item={item} label={label} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 7h16M10 11v6m4-6v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
