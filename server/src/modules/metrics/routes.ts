import type { FastifyInstance } from 'fastify';
import { Kind, type DocumentNode } from 'graphql';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { metricsPolicy } from './policy.ts';

/** The label of a request no route matched (unknown addresses, and the web app's client-side routes). */
const UNMATCHED = '(unmatched)';

/**
 * `GET /metrics` in the Prometheus text format, for a scraper holding METRICS_TOKEN (issue 19). Without the
 * setting the address does not exist (404, as any unknown API address, and no web page either).
 */
export async function metricsRoutes(app: FastifyInstance) {
  const { config, metrics } = app.ctx;
  // Its Authorization header is the scraper's METRICS_TOKEN, not an API token (api-tokens/authenticate.ts leaves it).
  app.get('/metrics', { config: { ownAuthorization: true } }, async (request, reply) => {
    if (!metricsPolicy.enabled(config.metricsToken)) throw notFound(`No route for GET /metrics`);
    if (!metricsPolicy.scrape(config.metricsToken, request.headers.authorization)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required.', 'metrics token');
    }
    const text = await metrics.scrape();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}

/**
 * Every answer counted and timed by its route pattern (`/api/draftSubmissions/:id`), never the address asked for:
 * ids would make a series per record. Registered on the root instance so it sees every route.
 */
export function registerHttpMetrics(app: FastifyInstance) {
  const { metrics } = app.ctx;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      { route: request.routeOptions.url ?? UNMATCHED, method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * GraphQL operations by type and root field. Not by the operation name the client chose: that is free text, so a
 * client could make series without end; the root fields are bounded by the schema (validation ran before this).
 */
export function registerGraphqlMetrics(app: FastifyInstance) {
  const { metrics } = app.ctx;
  app.graphql.addHook('preExecution', async (_schema, document: DocumentNode) => {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const selection of definition.selectionSet.selections) {
        if (selection.kind === Kind.FIELD) metrics.observeGraphqlField(definition.operation, selection.name.value);
      }
    }
    return undefined;
  });
}
