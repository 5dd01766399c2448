/**
 * Who may read the API's documentation (issue 21). The REST description is public, like any product's API reference:
 * it names routes the web app already shows. The GraphQL schema follows introspection (graphql/guard.ts), opened to
 * every signed-in user and token here, since integrators are suppliers: visitors get it only with introspection on.
 */
export const apiDocsPolicy = {
  readOpenApi: () => true,
  downloadGraphqlSchema: (user: object | null, introspectionOpen: boolean) => user !== null || introspectionOpen,
};
