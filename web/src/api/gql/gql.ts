/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query DraftSubmission($id: ID!) {\n    getDraftSubmission(id: $id) {\n      id\n      partnerCompanyId\n      updatedDate\n      can { edit delete }\n      files {\n        fileName\n        kind\n        upc\n        productName\n        detectedUpc\n        detectedUpcs\n        detectionStatus\n        shippingProfileId\n        isMarketingImage\n        imageUrl\n        thumbnailUrl\n        thumbnailReady\n      }\n    }\n  }\n": typeof types.DraftSubmissionDocument,
    "\n  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {\n    updateDraftSubmission(id: $id, input: $input) { id }\n  }\n": typeof types.UpdateDraftSubmissionDocument,
    "\n  mutation SubmitProductsFromDraftSubmission($id: ID!) {\n    submitProductsFromDraftSubmission(id: $id) { id upc ean13Upc productName itemStatus }\n  }\n": typeof types.SubmitProductsFromDraftSubmissionDocument,
    "\n  mutation DeleteDraftSubmission($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n": typeof types.DeleteDraftSubmissionDocument,
};
const documents: Documents = {
    "\n  query DraftSubmission($id: ID!) {\n    getDraftSubmission(id: $id) {\n      id\n      partnerCompanyId\n      updatedDate\n      can { edit delete }\n      files {\n        fileName\n        kind\n        upc\n        productName\n        detectedUpc\n        detectedUpcs\n        detectionStatus\n        shippingProfileId\n        isMarketingImage\n        imageUrl\n        thumbnailUrl\n        thumbnailReady\n      }\n    }\n  }\n": types.DraftSubmissionDocument,
    "\n  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {\n    updateDraftSubmission(id: $id, input: $input) { id }\n  }\n": types.UpdateDraftSubmissionDocument,
    "\n  mutation SubmitProductsFromDraftSubmission($id: ID!) {\n    submitProductsFromDraftSubmission(id: $id) { id upc ean13Upc productName itemStatus }\n  }\n": types.SubmitProductsFromDraftSubmissionDocument,
    "\n  mutation DeleteDraftSubmission($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n": types.DeleteDraftSubmissionDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DraftSubmission($id: ID!) {\n    getDraftSubmission(id: $id) {\n      id\n      partnerCompanyId\n      updatedDate\n      can { edit delete }\n      files {\n        fileName\n        kind\n        upc\n        productName\n        detectedUpc\n        detectedUpcs\n        detectionStatus\n        shippingProfileId\n        isMarketingImage\n        imageUrl\n        thumbnailUrl\n        thumbnailReady\n      }\n    }\n  }\n"): typeof import('./graphql').DraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {\n    updateDraftSubmission(id: $id, input: $input) { id }\n  }\n"): typeof import('./graphql').UpdateDraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitProductsFromDraftSubmission($id: ID!) {\n    submitProductsFromDraftSubmission(id: $id) { id upc ean13Upc productName itemStatus }\n  }\n"): typeof import('./graphql').SubmitProductsFromDraftSubmissionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDraftSubmission($id: ID!) {\n    deleteDraftSubmission(id: $id)\n  }\n"): typeof import('./graphql').DeleteDraftSubmissionDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
