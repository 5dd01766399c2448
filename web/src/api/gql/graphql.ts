/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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