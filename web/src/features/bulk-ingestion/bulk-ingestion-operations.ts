import { graphql } from '../../api/gql/index.ts';

export const BulkIngestionOrganizationsQuery = graphql(`
  query BulkIngestionOrganizations {
    bulkIngestionOrganizations {
      id
      companyId
      companyName
      folderName
      imageSource
    }
  }
`);

export const CreateBulkIngestionOrganizationMutation = graphql(`
  mutation CreateBulkIngestionOrganization($input: BulkIngestionOrganizationInput!) {
    createBulkIngestionOrganization(input: $input) {
      id
      companyId
      companyName
      folderName
      imageSource
    }
  }
`);

export const SearchCompaniesByNameQuery = graphql(`
  query SearchCompaniesByName($name: String!) {
    searchCompaniesByName(name: $name) {
      id
      name
    }
  }
`);
