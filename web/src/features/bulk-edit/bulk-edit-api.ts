import { useQuery } from '@tanstack/react-query';
import type { BulkEditField, BulkEditValues } from '@portal/domain';
import { gql } from '../../api/graphql.ts';
import type { BulkEditRowFieldsFragment, ProductSubmissionRowInput } from '../../api/gql/graphql.ts';
import {
  BulkEditAttributesQuery,
  BulkEditRowsQuery,
  SearchBrandsQuery,
  SearchMarketAccountsQuery,
  UpdateBulkEditRowsMutation,
} from './bulk-edit-operations.ts';

export type BulkEditRowData = BulkEditRowFieldsFragment;
export interface Reference {
  id: number;
  name: string;
}
/** A row as edited on screen: the saved fields, references with their names for display. */
export type EditedRow = Omit<BulkEditValues, 'marketAccounts' | 'attributes'> & {
  marketAccounts: Reference[];
  attributes: Reference[];
};

/** The query string's ids: productSubmissionIds=a,b,c (as the activity page writes it), blanks and repeats dropped. */
export function readProductSubmissionIds(search: URLSearchParams): string[] {
  const raw = search.get('productSubmissionIds') ?? '';
  return [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export const bulkEditKeys = {
  rows: (ids: readonly string[]) => ['bulk-edit', 'rows', ...ids] as const,
  attributes: ['bulk-edit', 'attributes'] as const,
  markets: (name: string) => ['bulk-edit', 'markets', name] as const,
  brands: (name: string) => ['bulk-edit', 'brands', name] as const,
};

export function useBulkEditRows(ids: readonly string[]) {
  return useQuery({
    queryKey: bulkEditKeys.rows(ids),
    queryFn: async () => (ids.length ? (await gql(BulkEditRowsQuery, { ids: [...ids] })).getProductSubmissions : []),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useAttributes() {
  return useQuery({
    queryKey: bulkEditKeys.attributes,
    queryFn: async () => (await gql(BulkEditAttributesQuery)).attributes,
    staleTime: 5 * 60_000,
  });
}

export function useMarketSearch(name: string) {
  return useQuery({
    queryKey: bulkEditKeys.markets(name),
    queryFn: async () => (await gql(SearchMarketAccountsQuery, { name })).searchMarketAccountsByName,
    enabled: name.trim() !== '',
  });
}

export function useBrandSearch(name: string) {
  return useQuery({
    queryKey: bulkEditKeys.brands(name),
    queryFn: async () => (await gql(SearchBrandsQuery, { name })).searchBrandsByName,
    enabled: name.trim() !== '',
  });
}

const FIELDS: BulkEditField[] = [
  'productName',
  'companyName',
  'suggestedClass',
  'marketAccounts',
  'attributes',
  'height',
  'width',
  'depth',
  'size',
  'uom',
  'fobCost',
  'msrp',
  'edlp',
  'deliveredCost',
  'wholesaleCost',
  'freeFill',
  'inStoreDemo',
  'fairShareMerchandisingSupport',
  'paidAds',
  'offInvoice',
  'tpr',
];

/** The screen's copy of a loaded row. */
export function toEditedRow(row: BulkEditRowData): EditedRow {
  const out = {} as Record<string, unknown>;
  for (const f of FIELDS) out[f] = row[f] ?? null;
  out.marketAccounts = row.marketAccounts.map(({ id, name }) => ({ id, name }));
  out.attributes = row.attributes.map(({ id, name }) => ({ id, name }));
  return out as EditedRow;
}

/** A row as updateProductSubmissions takes it: every field (null clears), references by id. */
export function toRowInput(id: string, row: EditedRow): ProductSubmissionRowInput {
  return {
    ...(row as Omit<EditedRow, 'suggestedClass' | 'uom'>),
    suggestedClass: row.suggestedClass,
    uom: row.uom,
    id,
    marketAccounts: row.marketAccounts.map(({ id: refId }) => ({ id: refId })),
    attributes: row.attributes.map(({ id: refId }) => ({ id: refId })),
  };
}

export const saveRows = async (rows: ProductSubmissionRowInput[]) =>
  (await gql(UpdateBulkEditRowsMutation, { rows })).updateProductSubmissions;
