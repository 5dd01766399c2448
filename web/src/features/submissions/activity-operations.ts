import { graphql } from '../../api/gql/index.ts';

export const ActivityPageQuery = graphql(`
  query ActivityPage($tab: String, $page: Int, $pageSize: Int, $photoIssues: Boolean) {
    getProductSubmissionsByStatuses(tab: $tab, page: $page, pageSize: $pageSize, photoIssues: $photoIssues) {
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
        canDelete
      }
      total
      page
      pageSize
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
