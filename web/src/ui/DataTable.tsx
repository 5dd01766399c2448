import type { ReactNode } from 'react';
import { Alert, Group, Loader, Text } from '@mantine/core';

/** What the shell needs of a query (TanStack Query's result has it). */
export interface QueryState {
  isPending: boolean;
  isError: boolean;
}

/** A query whose data is the list itself. */
export interface ListQuery<T> extends QueryState {
  data: T[] | undefined;
}

/**
 * The states every table page shares, in one place: "Loading …" said to screen readers while the rows come, the
 * failure in red, the page's own words when there is nothing to list, and the table once there is.
 */
export function DataTable<T>({
  query,
  rows,
  loading,
  failed,
  empty,
  children,
}: (
  | { query: ListQuery<T>; rows?: T[] }
  /** The rows to show, when they are not the query's data itself (filtered on the page, or a page's rows). */
  | { query: QueryState; rows: T[] }
) & {
  /** "Loading webhooks…" */
  loading: string;
  /** "The webhooks could not be loaded. Please try again." */
  failed: string;
  /** What an empty list says. */
  empty: ReactNode;
  /** The table of the rows (never called with none). */
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Group role="status" gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{loading}</Text>
      </Group>
    );
  if (query.isError) return <Alert color="red">{failed}</Alert>;
  const shown = rows ?? ('data' in query ? query.data : undefined) ?? [];
  if (!shown.length) return <Text>{empty}</Text>;
  return <>{children(shown)}</>;
}
