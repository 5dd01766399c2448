import { graphql } from '../../api/gql/index.ts';

export const SubmissionDetailQuery = graphql(`
  query SubmissionDetail($id: ID!) {
    getProductSubmission(id: $id) {
      ...SubmissionDetailFields
    }
  }
`);

export const ReviewCommentFields = graphql(`
  fragment ReviewCommentFields on ReviewComment {
    target
    fileName
    region {
      x
      y
      w
      h
    }
    text
    reasonCode
    reason
    by
    at
  }
`);

export const ProductFactsFields = graphql(`
  fragment ProductFactsFields on ProductFacts {
    basis
    servingSize {
      printed
      quantity
      unit
    }
    servingsPerContainer {
      printed
      value
    }
    calories
    energyKj
    nutrients {
      key
      amount
      unit
      dailyValuePercent
    }
    netContent {
      printed
      quantity
      unit
    }
    ingredients
    allergens
  }
`);

export const SubmissionDetailFields = graphql(`
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
    badgeNote
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
    rejectionReason {
      message
      isAdminRejection
    }
    files {
      fileName
      kind
      isMarketingImage
      detectedUpcs
      detectedFrom
      detectionStatus
      imageUrl
      thumbnailUrl
      barcodeRegion {
        x
        y
        w
        h
      }
      barcodeOutline {
        x
        y
      }
      qualityIssues {
        code
        message
      }
      factReadingStatus
      photoRoles
    }
    reviewComments {
      ...ReviewCommentFields
    }
    facts {
      ...ProductFactsFields
    }
    factSources {
      field
      source
      fileName
      region {
        x
        y
        width
        height
      }
    }
    history {
      at
      fromStatus
      toStatus
      reason
      by
      comments {
        ...ReviewCommentFields
      }
    }
    can {
      review
      editName
      delete
      appeal
      resubmit
      setTicket
    }
  }
`);

export const UpdateSubmissionStatusMutation = graphql(`
  mutation UpdateSubmissionStatus($id: ID!, $status: DecisionStatus!, $reason: String) {
    updateProductSubmissionStatus(id: $id, status: $status, reason: $reason) {
      ...SubmissionDetailFields
    }
  }
`);

export const RenameSubmissionMutation = graphql(`
  mutation RenameSubmission($id: ID!, $name: String!) {
    updateProductSubmissionProductName(id: $id, name: $name) {
      ...SubmissionDetailFields
    }
  }
`);

export const SetSupportTicketMutation = graphql(`
  mutation SetSupportTicket($id: ID!, $ticketId: String, $ticketUrl: String) {
    setSubmissionSupportTicket(id: $id, ticketId: $ticketId, ticketUrl: $ticketUrl) {
      ...SubmissionDetailFields
    }
  }
`);

export const RequestValidationMutation = graphql(`
  mutation RequestValidation($id: ID!) {
    requestValidation(id: $id) {
      ...SubmissionDetailFields
    }
  }
`);
