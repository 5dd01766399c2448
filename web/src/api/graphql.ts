import { reportFailedStatus, request, type NotifyOption } from './api-fetch.ts';

export const GRAPHQL_PATH = '/graphql';

/**
 * A query string that carries its result and variable types, as graphql-codegen's
 * client preset (documentMode 'string') generates them; a plain string works too.
 */
// eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the generated TypedDocumentString extends String; this must match it
export interface TypedQuery<TData, TVariables> extends String {
  __apiType?: (variables: TVariables) => TData;
}

export class GraphQLRequestError extends Error {
  readonly errors: ReadonlyArray<{
    message: string;
    path?: ReadonlyArray<string | number>;
    /** The server's error code and field messages, as in REST error bodies. */
    extensions?: { code?: string; status?: number; fields?: Record<string, string> };
  }>;
  constructor(errors: GraphQLRequestError['errors']) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'GraphQLRequestError';
    this.errors = errors;
  }

  get code() {
    return this.errors[0]?.extensions?.code;
  }

  get fields(): Record<string, string> {
    return Object.fromEntries(this.errors.flatMap((e) => Object.entries(e.extensions?.fields ?? {})));
  }
}

interface GraphQLResponse<TData> {
  data?: TData;
  errors?: GraphQLRequestError['errors'];
}

/** POST a query to /graphql with the REST call's generic error handling for HTTP failures. */
export async function gql<TData = unknown, TVariables = Record<string, unknown>>(
  query: TypedQuery<TData, TVariables> | string,
  variables?: TVariables,
  options: { notify?: NotifyOption; signal?: AbortSignal } = {},
): Promise<TData> {
  const result = await request<GraphQLResponse<TData>>(GRAPHQL_PATH, {
    method: 'POST',
    json: { query: String(query), variables },
    ...options,
  });
  if (result?.errors?.length) {
    // GraphQL answers 'not signed in' inside a 200 (extensions.status 401): the session is just as gone (part 1 §8).
    if (result.errors.some((e) => e.extensions?.status === 401)) reportFailedStatus(401, options.notify);
    throw new GraphQLRequestError(result.errors);
  }
  return result.data as TData;
}
