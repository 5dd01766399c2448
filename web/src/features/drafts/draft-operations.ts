import { graphql } from '../../api/gql/index.ts';

export const DraftSubmissionQuery = graphql(`
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
        qualityIssues {
          code
          message
        }
        longSidePx
        factReadingStatus
        photoRoles
        photoRolesChosen
      }
    }
  }
`);

/** The partner's readiness rules, judged on the page as the user types (the server judges with the same code). */
export const ReadinessRulesQuery = graphql(`
  query ReadinessRules($partnerCompanyId: Int!) {
    getReadinessRules(partnerCompanyId: $partnerCompanyId) {
      version
      rules {
        code
        kind
        message
        fix
        severity
        weight
        field
        min
        check
        minLongSidePx
        prefixes
        max
        pattern
        fileType
        roles
        appliesAt
      }
    }
  }
`);

export const UpdateDraftSubmissionMutation = graphql(`
  mutation UpdateDraftSubmission($id: ID!, $input: UpdateDraftSubmissionInput!) {
    updateDraftSubmission(id: $id, input: $input) {
      id
    }
  }
`);

export const SubmitDraftMutation = graphql(`
  mutation SubmitProductsFromDraftSubmission($id: ID!) {
    submitProductsFromDraftSubmission(id: $id) {
      id
      upc
      ean13Upc
      productName
      itemStatus
    }
  }
`);

export const DeleteDraftMutation = graphql(`
  mutation DeleteDraftSubmission($id: ID!) {
    deleteDraftSubmission(id: $id)
  }
`);

export const RemoveDraftFileMutation = graphql(`
  mutation RemoveDraftFile($id: ID!, $fileName: String!) {
    removeDraftFile(id: $id, fileName: $fileName) {
      id
    }
  }
`);
