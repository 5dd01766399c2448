import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import { MSG } from '@portal/domain';
import { MAX_QUERY_COST, queryCost } from './cost.ts';

export const GRAPHQL_PATH = '/graphql';

declare module 'fastify' {
  interface FastifyRequest {
    /** Staff, or GRAPHQL_INTROSPECTION=on: may read the schema (introspection, "Did you mean" hints). */
    graphqlSchemaOpen?: boolean;
  }
}

/** A GraphQL request refused as a whole, before it runs: its status and code reach the answer (see errors.ts). */
export class QueryRefused extends Error {
  constructor(
    public statusCode: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

const asksForSchema = (document: DocumentNode) => {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  return found;
};

/** graphql-js appends hints naming fields, types and enum values close to a mistyped one. */
export const withoutSuggestions = (message: string) => message.replace(/\s*Did you mean [^?]*\?/g, '');

/**
 * What /graphql checks before a query runs: a per-user rate limit (per address when signed out), the schema closed
 * to everyone but staff, and a cost budget. Registered before mercurius; the query checks are mercurius hooks, as
 * mercurius caches validation by query text and these depend on the user and the variables. Who is staff is the
 * app's to say (it knows the signed-in user): the infrastructure knows no module.
 */
export function registerGraphqlGuards(
  app: FastifyInstance,
  opts: { perUserPerMinute: number; introspection: boolean; isStaff: (request: FastifyRequest) => Promise<boolean> },
) {
  const limit = app.rateLimit({
    max: opts.perUserPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) =>
      request.session?.userId ? `graphql:user:${request.session.userId}` : `graphql:ip:${request.ip}`,
    errorResponseBuilder: () => new QueryRefused(429, 'RATE_LIMITED', MSG.tooManyRequests),
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.url !== GRAPHQL_PATH) return;
    await limit.call(app, request, reply);
    const staff = await opts.isStaff(request);
    request.graphqlSchemaOpen = opts.introspection || staff;
  });
}

/**
 * What the checks learn from a document alone, kept per document: mercurius hands the same parsed document for the
 * same query text (its cache), so a client's repeated query is walked once. The cost is kept when no variable
 * entered it (read through a proxy that notes each one read); otherwise it is computed at every request.
 */
const documentFacts = new WeakMap<DocumentNode, { asksForSchema: boolean; cost: number | null }>();

function factsOf(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined) {
  let facts = documentFacts.get(document);
  if (!facts) {
    let readVariable = false;
    const noting = new Proxy(variables ?? {}, {
      get(target, name) {
        readVariable = true;
        return Reflect.get(target, name) as unknown;
      },
    });
    const cost = queryCost(schema, document, noting);
    facts = { asksForSchema: asksForSchema(document), cost: readVariable ? null : cost };
    documentFacts.set(document, facts);
    return { asksForSchema: facts.asksForSchema, cost };
  }
  return { asksForSchema: facts.asksForSchema, cost: facts.cost ?? queryCost(schema, document, variables) };
}

/** After mercurius is registered: refuses introspection to non-staff and a query over the cost budget. */
export function registerGraphqlQueryChecks(app: FastifyInstance) {
  app.graphql.addHook('preExecution', async (schema, document, context, variables) => {
    const facts = factsOf(schema, document, variables as Record<string, unknown> | undefined);
    if (!context.reply.request.graphqlSchemaOpen && facts.asksForSchema)
      throw new QueryRefused(400, 'INTROSPECTION_DISABLED', MSG.introspectionDisabled);
    const cost = facts.cost;
    if (cost > MAX_QUERY_COST) {
      throw new QueryRefused(
        400,
        'QUERY_TOO_COSTLY',
        MSG.queryTooCostly.replace('{cost}', String(cost)).replace('{budget}', String(MAX_QUERY_COST)),
      );
    }
    return undefined;
  });
}
