/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** The access form: the company, and the folder name and image source (normalised by the server too). */
export type BulkIngestionOrganizationInput = {
  companyId: number;
  folderName: string;
  imageSource: string;
};

export type CertifiedValuesInput = {
  brand: string;
  category?: string | null | undefined;
  department?: string | null | undefined;
  description: string;
  itemSize?: string | null | undefined;
  packCount?: number | null | undefined;
  subcategory?: string | null | undefined;
  unitsOfMeasure?: string | null | undefined;
};

export type DraftFileInput = {
  fileName: string;
  isMarketingImage?: boolean | null | undefined;
  productName?: string | null | undefined;
  shippingProfileId?: number | null | undefined;
  upc?: string | null | undefined;
};

export type UpdateDraftSubmissionInput = {
  files: Array<DraftFileInput>;
};

export type SearchPartnerConfigurationsQueryVariables = Exact<{
  name: string;
}>;


export type SearchPartnerConfigurationsQuery = { searchPartnerConfigurations: Array<{ id: number, companyName: string }> };

export type ActivityPageQueryVariables = Exact<{
  tab?: string | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  partnerCompanyId?: number | null | undefined;
}>;


export type ActivityPageQuery = { getProductSubmissionsByStatuses: { total: number, page: number, pageSize: number, items: Array<{ kind: string, id: string, upc: string | null, productName: string | null, itemStatus: string, updatedDate: string, fileCount: number, partnerCompanyId: number | null, canDelete: boolean }> } };

export type DeleteProductSubmissionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteProductSubmissionMutation = { deleteProductSubmission: boolean };

export type DeleteActivityDraftMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteActivityDraftMutation = { deleteDraftSubmission: boolean };

export type BulkIngestionOrganizationsQueryVariables = Exact<{ [key: string]: never; }>;


export type BulkIngestionOrganizationsQuery = { bulkIngestionOrganizations: Array<{ id: number, companyId: number, companyName: string, folderName: string, imageSource: string }> };

export type CreateBulkIngestionOrganizationMutationVariables = Exact<{
  input: BulkIngestionOrganizationInput;
}>;


export type CreateBulkIngestionOrganizationMutation = { createBulkIngestionOrganization: { id: number, companyId: number, companyName: string, folderName: string, imageSource: string } };

export type SearchCompaniesByNameQueryVariables = Exact<{
  name: string;
}>;


export type SearchCompaniesByNameQuery = { searchCompaniesByName: Array<{ id: number, name: string }> };

export type CataloguedProductFieldsFragment = { ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } };

export type CataloguedProductsQueryVariables = Exact<{
  upcPrefix?: string | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  sortBy?: string | null | undefined;
  sortDirection?: string | null | undefined;
  brand?: string | null | undefined;
  description?: string | null | undefined;
}>;


export type CataloguedProductsQuery = { getCataloguedProducts: { total: number, page: number, pageSize: number, items: Array<{ ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } }> } };

export type CataloguedProductQueryVariables = Exact<{
  ean13Upc: string;
}>;


export type CataloguedProductQuery = { getCataloguedProduct: { ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } } | null };

export type CatalogueSubmissionMutationVariables = Exact<{
  id: string | number;
  input: CertifiedValuesInput;
}>;


export type CatalogueSubmissionMutation = { catalogueSubmission: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, imageUrl: string, thumbnailUrl: string }>, history: Array<{ at: string, fromStatus: string | null, toStatus: string, reason: string | null, by: string }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean } } };

export type DelistCataloguedProductMutationVariables = Exact<{
  ean13Upc: string;
}>;


export type DelistCataloguedProductMutation = { delistCataloguedProduct: { ean13Upc: string, description: string | null, brand: string | null, department: string | null, category: string | null, subcategory: string | null, itemSize: string | null, unitsOfMeasure: string | null, packCount: number | null, updatedDate: string, shippingProfileId: number | null, imageUrls: Array<string>, thumbnailUrls: Array<string>, isDelisted: boolean, can: { addImages: boolean, setShippingProfile: boolean, delist: boolean } } };

export type DraftSubmissionQueryVariables = Exact<{
  id: string | number;
}>;


export type DraftSubmissionQuery = { getDraftSubmission: { id: string, partnerCompanyId: number | null, updatedDate: string, can: { edit: boolean, delete: boolean }, files: Array<{ fileName: string, kind: string, upc: string | null, productName: string | null, detectedUpc: string | null, detectedUpcs: Array<string>, detectionStatus: string, shippingProfileId: number | null, isMarketingImage: boolean, imageUrl: string, thumbnailUrl: string, thumbnailReady: boolean }> } };

export type UpdateDraftSubmissionMutationVariables = Exact<{
  id: string | number;
  input: UpdateDraftSubmissionInput;
}>;


export type UpdateDraftSubmissionMutation = { updateDraftSubmission: { id: string } };

export type SubmitProductsFromDraftSubmissionMutationVariables = Exact<{
  id: string | number;
}>;


export type SubmitProductsFromDraftSubmissionMutation = { submitProductsFromDraftSubmission: Array<{ id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string }> };

export type DeleteDraftSubmissionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteDraftSubmissionMutation = { deleteDraftSubmission: boolean };

export type SubmissionDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type SubmissionDetailQuery = { getProductSubmission: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, imageUrl: string, thumbnailUrl: string }>, history: Array<{ at: string, fromStatus: string | null, toStatus: string, reason: string | null, by: string }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean } } };

export type SubmissionDetailFieldsFragment = { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, imageUrl: string, thumbnailUrl: string }>, history: Array<{ at: string, fromStatus: string | null, toStatus: string, reason: string | null, by: string }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean } };

export type UpdateSubmissionStatusMutationVariables = Exact<{
  id: string | number;
  status: string;
  reason?: string | null | undefined;
}>;


export type UpdateSubmissionStatusMutation = { updateProductSubmissionStatus: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, imageUrl: string, thumbnailUrl: string }>, history: Array<{ at: string, fromStatus: string | null, toStatus: string, reason: string | null, by: string }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean } } };

export type RenameSubmissionMutationVariables = Exact<{
  id: string | number;
  name: string;
}>;


export type RenameSubmissionMutation = { updateProductSubmissionProductName: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, imageUrl: string, thumbnailUrl: string }>, history: Array<{ at: string, fromStatus: string | null, toStatus: string, reason: string | null, by: string }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean } } };

export type RequestValidationMutationVariables = Exact<{
  id: string | number;
}>;


export type RequestValidationMutation = { requestValidation: { id: string, upc: string, ean13Upc: string, productName: string | null, itemStatus: string, statusDisplayName: string, isImported: boolean, companyName: string, creatorEmail: string, creatorFirstName: string, creatorLastName: string, detectedUpcs: Array<string>, partnerCompanyId: number | null, zendeskTicketId: string | null, zendeskTicketUrl: string | null, updatedDate: string, badge: string | null, rejectionReason: { message: string, isAdminRejection: boolean } | null, files: Array<{ fileName: string, kind: string, isMarketingImage: boolean, detectedUpcs: Array<string>, imageUrl: string, thumbnailUrl: string }>, history: Array<{ at: string, fromStatus: string | null, toStatus: string, reason: string | null, by: string }>, can: { review: boolean, editName: boolean, delete: boolean, appeal: boolean, resubmit: boolean } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const CataloguedProductFieldsFragmentDoc = new TypedDocumentString(`
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}
    `, {"fragmentName":"CataloguedProductFields"}) as unknown as TypedDocumentString<CataloguedProductFieldsFragment, unknown>;
export const SubmissionDetailFieldsFragmentDoc = new TypedDocumentString(`
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    imageUrl
    thumbnailUrl
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
  }
}
    `, {"fragmentName":"SubmissionDetailFields"}) as unknown as TypedDocumentString<SubmissionDetailFieldsFragment, unknown>;
export const SearchPartnerConfigurationsDocument = new TypedDocumentString(`
    query SearchPartnerConfigurations($name: String!) {
  searchPartnerConfigurations(name: $name) {
    id
    companyName
  }
}
    `) as unknown as TypedDocumentString<SearchPartnerConfigurationsQuery, SearchPartnerConfigurationsQueryVariables>;
export const ActivityPageDocument = new TypedDocumentString(`
    query ActivityPage($tab: String, $page: Int, $pageSize: Int, $partnerCompanyId: Int) {
  getProductSubmissionsByStatuses(
    tab: $tab
    page: $page
    pageSize: $pageSize
    partnerCompanyId: $partnerCompanyId
  ) {
    items {
      kind
      id
      upc
      productName
      itemStatus
      updatedDate
      fileCount
      partnerCompanyId
      canDelete
    }
    total
    page
    pageSize
  }
}
    `) as unknown as TypedDocumentString<ActivityPageQuery, ActivityPageQueryVariables>;
export const DeleteProductSubmissionDocument = new TypedDocumentString(`
    mutation DeleteProductSubmission($id: ID!) {
  deleteProductSubmission(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteProductSubmissionMutation, DeleteProductSubmissionMutationVariables>;
export const DeleteActivityDraftDocument = new TypedDocumentString(`
    mutation DeleteActivityDraft($id: ID!) {
  deleteDraftSubmission(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteActivityDraftMutation, DeleteActivityDraftMutationVariables>;
export const BulkIngestionOrganizationsDocument = new TypedDocumentString(`
    query BulkIngestionOrganizations {
  bulkIngestionOrganizations {
    id
    companyId
    companyName
    folderName
    imageSource
  }
}
    `) as unknown as TypedDocumentString<BulkIngestionOrganizationsQuery, BulkIngestionOrganizationsQueryVariables>;
export const CreateBulkIngestionOrganizationDocument = new TypedDocumentString(`
    mutation CreateBulkIngestionOrganization($input: BulkIngestionOrganizationInput!) {
  createBulkIngestionOrganization(input: $input) {
    id
    companyId
    companyName
    folderName
    imageSource
  }
}
    `) as unknown as TypedDocumentString<CreateBulkIngestionOrganizationMutation, CreateBulkIngestionOrganizationMutationVariables>;
export const SearchCompaniesByNameDocument = new TypedDocumentString(`
    query SearchCompaniesByName($name: String!) {
  searchCompaniesByName(name: $name) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SearchCompaniesByNameQuery, SearchCompaniesByNameQueryVariables>;
export const CataloguedProductsDocument = new TypedDocumentString(`
    query CataloguedProducts($upcPrefix: String, $page: Int, $pageSize: Int, $sortBy: String, $sortDirection: String, $brand: String, $description: String) {
  getCataloguedProducts(
    upcPrefix: $upcPrefix
    page: $page
    pageSize: $pageSize
    sortBy: $sortBy
    sortDirection: $sortDirection
    brand: $brand
    description: $description
  ) {
    items {
      ...CataloguedProductFields
    }
    total
    page
    pageSize
  }
}
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}`) as unknown as TypedDocumentString<CataloguedProductsQuery, CataloguedProductsQueryVariables>;
export const CataloguedProductDocument = new TypedDocumentString(`
    query CataloguedProduct($ean13Upc: String!) {
  getCataloguedProduct(ean13Upc: $ean13Upc) {
    ...CataloguedProductFields
  }
}
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}`) as unknown as TypedDocumentString<CataloguedProductQuery, CataloguedProductQueryVariables>;
export const CatalogueSubmissionDocument = new TypedDocumentString(`
    mutation CatalogueSubmission($id: ID!, $input: CertifiedValuesInput!) {
  catalogueSubmission(id: $id, input: $input) {
    ...SubmissionDetailFields
  }
}
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    imageUrl
    thumbnailUrl
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
  }
}`) as unknown as TypedDocumentString<CatalogueSubmissionMutation, CatalogueSubmissionMutationVariables>;
export const DelistCataloguedProductDocument = new TypedDocumentString(`
    mutation DelistCataloguedProduct($ean13Upc: String!) {
  delistCataloguedProduct(ean13Upc: $ean13Upc) {
    ...CataloguedProductFields
  }
}
    fragment CataloguedProductFields on CataloguedProduct {
  ean13Upc
  description
  brand
  department
  category
  subcategory
  itemSize
  unitsOfMeasure
  packCount
  updatedDate
  shippingProfileId
  imageUrls
  thumbnailUrls
  isDelisted
  can {
    addImages
    setShippingProfile
    delist
  }
}`) as unknown as TypedDocumentString<DelistCataloguedProductMutation, DelistCataloguedProductMutationVariables>;
export const DraftSubmissionDocument = new TypedDocumentString(`
    query DraftSubmission($id: ID!) {
  getDraftSubmission(id: $id) {
    id
    partnerCompanyId
    updatedDate
    can {
      edit
      delete
    }
    files {
      fileName
      kind
      upc
      productName
      detectedUpc
      detectedUpcs
      detectionStatus
      shippingProfileId
      isMarketingImage
      imageUrl
      thumbnailUrl
      thumbnailReady
    }
  }
}
    `) as unknown as TypedDocumentString<DraftSubmissionQuery, DraftSubmissionQueryVariables>;
export const UpdateDraftSubmissionDocument = new TypedDocumentString(`
    mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {
  updateDraftSubmission(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateDraftSubmissionMutation, UpdateDraftSubmissionMutationVariables>;
export const SubmitProductsFromDraftSubmissionDocument = new TypedDocumentString(`
    mutation SubmitProductsFromDraftSubmission($id: ID!) {
  submitProductsFromDraftSubmission(id: $id) {
    id
    upc
    ean13Upc
    productName
    itemStatus
  }
}
    `) as unknown as TypedDocumentString<SubmitProductsFromDraftSubmissionMutation, SubmitProductsFromDraftSubmissionMutationVariables>;
export const DeleteDraftSubmissionDocument = new TypedDocumentString(`
    mutation DeleteDraftSubmission($id: ID!) {
  deleteDraftSubmission(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteDraftSubmissionMutation, DeleteDraftSubmissionMutationVariables>;
export const SubmissionDetailDocument = new TypedDocumentString(`
    query SubmissionDetail($id: ID!) {
  getProductSubmission(id: $id) {
    ...SubmissionDetailFields
  }
}
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    imageUrl
    thumbnailUrl
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
  }
}`) as unknown as TypedDocumentString<SubmissionDetailQuery, SubmissionDetailQueryVariables>;
export const UpdateSubmissionStatusDocument = new TypedDocumentString(`
    mutation UpdateSubmissionStatus($id: ID!, $status: String!, $reason: String) {
  updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) {
    ...SubmissionDetailFields
  }
}
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    imageUrl
    thumbnailUrl
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
  }
}`) as unknown as TypedDocumentString<UpdateSubmissionStatusMutation, UpdateSubmissionStatusMutationVariables>;
export const RenameSubmissionDocument = new TypedDocumentString(`
    mutation RenameSubmission($id: ID!, $name: String!) {
  updateProductSubmissionProductName(id: $id, name: $name) {
    ...SubmissionDetailFields
  }
}
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    imageUrl
    thumbnailUrl
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
  }
}`) as unknown as TypedDocumentString<RenameSubmissionMutation, RenameSubmissionMutationVariables>;
export const RequestValidationDocument = new TypedDocumentString(`
    mutation RequestValidation($id: ID!) {
  requestValidation(id: $id) {
    ...SubmissionDetailFields
  }
}
    fragment SubmissionDetailFields on SubmissionDetail {
  id
  upc
  ean13Upc
  productName
  itemStatus
  statusDisplayName
  isImported
  companyName
  creatorEmail
  creatorFirstName
  creatorLastName
  detectedUpcs
  partnerCompanyId
  zendeskTicketId
  zendeskTicketUrl
  updatedDate
  badge
  rejectionReason {
    message
    isAdminRejection
  }
  files {
    fileName
    kind
    isMarketingImage
    detectedUpcs
    imageUrl
    thumbnailUrl
  }
  history {
    at
    fromStatus
    toStatus
    reason
    by
  }
  can {
    review
    editName
    delete
    appeal
    resubmit
  }
}`) as unknown as TypedDocumentString<RequestValidationMutation, RequestValidationMutationVariables>;