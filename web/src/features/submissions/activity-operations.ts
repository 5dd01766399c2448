import { graphql } from '../../api/gql/index.ts';

export const ActivityPageQuery = graphql(`
  query ActivityPage(
    $tab: ActivityTab
    $page: Int
    $pageSize: Int
    $photoIssues: Boolean
    $q: String
    $boundary: String
  ) {
    getProductSubmissionsByStatuses(
      tab: $tab
      page: $page
      pageSize: $pageSize
      photoIssues: $photoIssues
      q: $q
      boundary: $boundary
    ) {
      items {
        kind
        id
        upc
        upcs
        productName
        itemStatus
        updatedDate
        fileCount
        partnerCompanyId
        partnerStatusLabel
        readiness {
          percent
          ready
          version
          failing {
            code
            severity
            message
            fix
            fileNames
          }
        }
        canDelete
      }
      total
      page
      pageSize
      startCursor
      endCursor
    }
  }
`);

export const DeleteProductSubmissionMutation = graphql(`
  mutation DeleteProductSubmission($id: ID!) {
    deleteProductSubmission(id: $id)
  }
`);

export const DeleteActivityDraftMutation = graphql(`
  mutation DeleteActivityDraft($id: ID!) {
    deleteDraftSubmission(id: $id)
  }
`);
