import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { DRAFT_MSG, listSearchText } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { API_BASE, apiFetch } from '../../api/api-fetch.ts';
import type {
  CataloguedProductFieldsFragment,
  CataloguedProductsQuery,
  CataloguedProductsQueryVariables,
} from '../../api/gql/graphql.ts';
import { gql, GraphQLRequestError } from '../../api/graphql.ts';
import { uploadFiles, type UploadProgress } from '../../api/upload-files.ts';
import {
  CataloguedProductFactsQuery,
  CataloguedProductQuery,
  CataloguedProductsQuery as CataloguedProductsOperation,
} from './catalogue-operations.ts';

/** The catalogued product as getCataloguedProducts and getCataloguedProduct answer it. */
export type CataloguedProduct = CataloguedProductFieldsFragment;
export type CataloguedProductPage = CataloguedProductsQuery['getCataloguedProducts'];

export const CATALOGUE_SORT_FIELDS = [
  'ean13Upc',
  'brand',
  'description',
  'itemSize',
  'unitsOfMeasure',
  'updatedDate',
] as const;
export type CatalogueSortField = (typeof CATALOGUE_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const CATALOGUE_PAGE_SIZE = 25;

export interface CatalogueListParams {
  upcPrefix: string;
  /** The search box's search as the list's filter (?q): a name or brand, typos forgiven, or a UPC. */
  q?: string;
  page: number;
  sortBy: CatalogueSortField;
  sortDirection: SortDirection;
  /** The page is read from the end of the page before it (its endCursor)… */
  after?: string | null;
  /** …or from the start of the page after it (its startCursor): Next and Previous by keyset, not by counting. */
  before?: string | null;
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (params: CatalogueListParams) => ['catalogue', 'list', params] as const,
  product: (ean13Upc: string) => ['catalogue', 'product', ean13Upc] as const,
  facts: (ean13Upc: string) => ['catalogue', 'facts', ean13Upc] as const,
};

/** The variables of one list page: an empty prefix is no filter. */
export const listVariables = ({
  upcPrefix,
  q,
  page,
  sortBy,
  sortDirection,
  after,
  before,
}: CatalogueListParams): CataloguedProductsQueryVariables => ({
  upcPrefix: upcPrefix || null,
  q: q || null,
  page,
  pageSize: CATALOGUE_PAGE_SIZE,
  sortBy,
  sortDirection,
  ...(after ? { after } : before ? { before } : {}),
});

export const CATALOGUE_DEFAULT_SORT: CatalogueSortField = 'updatedDate';
export const CATALOGUE_DEFAULT_DIRECTION: SortDirection = 'desc';

/** The list's parameters as its address gives them (?upc, q, page, sort, dir, after or before), defaults filled in. */
export function catalogueListParams(search: URLSearchParams): CatalogueListParams {
  const page = Number(search.get('page'));
  const sortParam = search.get('sort');
  const dir = search.get('dir');
  return {
    upcPrefix: (search.get('upc') ?? '').replace(/\D/g, ''),
    q: listSearchText(search.get('q')) ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sortBy: (CATALOGUE_SORT_FIELDS as readonly string[]).includes(sortParam ?? '')
      ? (sortParam as CatalogueSortField)
      : CATALOGUE_DEFAULT_SORT,
    sortDirection: dir === 'asc' || dir === 'desc' ? dir : sortParam ? 'asc' : CATALOGUE_DEFAULT_DIRECTION,
    after: search.get('after') || null,
    before: search.get('after') ? null : search.get('before') || null,
  };
}

export const fetchCataloguePage = async (params: CatalogueListParams) =>
  (await gql(CataloguedProductsOperation, listVariables(params))).getCataloguedProducts;

export function useCataloguedProducts(params: CatalogueListParams) {
  return useQuery({
    queryKey: catalogueKeys.list(params),
    queryFn: () => fetchCataloguePage(params),
    placeholderData: keepPreviousData,
  });
}

export function useCataloguedProduct(ean13Upc: string) {
  return useQuery({
    queryKey: catalogueKeys.product(ean13Upc),
    // Unknown or not visible is answered on the page itself, not with the generic message.
    queryFn: async () => {
      const product = (await gql(CataloguedProductQuery, { ean13Upc })).getCataloguedProduct;
      // No product is answered like an unknown one.
      if (!product) throw new GraphQLRequestError([{ message: 'Not found', extensions: { code: 'NOT_FOUND' } }]);
      return product;
    },
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

/** A product's certified facts: asked apart from the product, so the lists and the product's other answers stay light. */
export function useCataloguedProductFacts(ean13Upc: string) {
  return useQuery({
    queryKey: catalogueKeys.facts(ean13Upc),
    queryFn: async () => (await gql(CataloguedProductFactsQuery, { ean13Upc })).getCataloguedProduct?.facts ?? null,
  });
}

export const isNotFound = (error: unknown) => error instanceof GraphQLRequestError && error.code === 'NOT_FOUND';

/**
 * How many pages the list offers: those counted, and past the products counted (more than the count limit) the page
 * after the one shown while pages are full.
 */
export const pageCount = (total: number, more = false, page = 1, shown = 0) =>
  Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE), more && shown === CATALOGUE_PAGE_SIZE ? page + 1 : page);

/** PUT /api/products/{ean13Upc}/shippingProfile: null removes the profile. Answers the product. */
export const putShippingProfile = (ean13Upc: string, shippingProfileId: number | null) =>
  apiFetch<CataloguedProduct>(`/products/${encodeURIComponent(ean13Upc)}/shippingProfile`, {
    method: 'PUT',
    json: { shippingProfileId },
  });

/** A changed product: its detail shows the server's answer and the list pages ask again. */
export function productChanged(queryClient: QueryClient, product: CataloguedProduct) {
  queryClient.setQueryData(catalogueKeys.product(product.ean13Upc), product);
  void queryClient.invalidateQueries({ queryKey: ['catalogue', 'list'] });
}

/** Upload failures the user can act on name the file in the server's message; the caller shows it. */
// 404: the page says which item is missing.
const UPLOAD_NOTIFY = { 400: null, 404: null, 409: null, 413: null } as const;

/** POST /api/cataloguedProducts/{ean13Upc}/images: a new submission of images for review; answers its id. */
export const uploadProductImages = (
  ean13Upc: string,
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
  /** The user was told the images' barcode is another code (409 BARCODE_DIFFERS) and sends them all the same. */
  sendDiffering = false,
  /** Other fields of the form: the product facts when the supplier changed them. */
  fields: Readonly<Record<string, string>> = {},
) =>
  uploadFiles<{ id: string }>(`/cataloguedProducts/${encodeURIComponent(ean13Upc)}/images`, files, {
    onProgress,
    signal,
    notify: UPLOAD_NOTIFY,
    fields: { ...fields, ...(sendDiffering ? { [DRAFT_MSG.sendDifferingField]: 'send' } : {}) },
  });

export const IMPORT_PATH = '/cataloguedProducts/import';
export const IMPORT_TEMPLATE_URL = `${API_BASE}${IMPORT_PATH}/template.csv`;

/** One invalid row of an import: its line in the file, its code and what is wrong with it. */
export interface ImportRowProblem {
  row: number;
  ean13Upc: string;
  errors: string[];
}

/** What the certified-values import answered: applied, refused row by row, or refused as a file. */
export type ImportOutcome =
  | { kind: 'applied'; applied: number; catalogued: number }
  | { kind: 'rows'; message: string; rows: ImportRowProblem[] }
  | { kind: 'file'; message: string };

/**
 * POST /api/cataloguedProducts/import: one CSV file in the field "file". A refused file (400, 413) is answered to the
 * caller, which shows it in its dialog; anything else gets the generic handling and rejects with ApiError.
 */
export async function importCertifiedValues(file: File): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    // 400 and 413 are answered here (rows or a file message); every other failure gets the generic handling.
    const body = await apiFetch<{ applied?: number; catalogued?: number }>(IMPORT_PATH, {
      method: 'POST',
      form,
      notify: { 400: null, 413: null },
    });
    return { kind: 'applied', applied: Number(body?.applied ?? 0), catalogued: Number(body?.catalogued ?? 0) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 && error.code === 'IMPORT_INVALID' && Array.isArray(error.body.rows)) {
      return { kind: 'rows', message: error.message, rows: error.body.rows as ImportRowProblem[] };
    }
    if (error.status === 400 || error.status === 413) return { kind: 'file', message: error.message };
    throw error;
  }
}
