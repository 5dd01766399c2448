import { graphql } from '../../api/gql/index.ts';

export const SearchQuery = graphql(`
  query Search($q: String!, $limit: Int) {
    search(q: $q, limit: $limit) {
      query
      products {
        ...SearchHitFields
      }
      submissions {
        ...SearchHitFields
      }
      companies {
        ...SearchHitFields
      }
      submitters {
        ...SearchHitFields
      }
    }
  }
  fragment SearchHitFields on SearchHit {
    kind
    id
    title
    detail
    upc
    status
    partner {
      id
      name
    }
    company {
      id
      name
    }
  }
`);
