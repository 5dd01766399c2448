import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { readFile } from 'node:fs/promises';
import { currentUser } from '../users/current-user.ts';
import { apiDocsPolicy } from './policy.ts';

/** Swagger UI from node_modules (no CDN): the page's CSP allows scripts and styles of our own origin only. */
const swaggerDist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};
/** Our start-up script, a file rather than inline so the CSP needs no 'unsafe-inline' for scripts. */
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    tryItOutEnabled: true,
    // Try it out sends the token typed under Authorize; the session cookie is not sent along with it.
    requestInterceptor: function (req) { if (req.headers && req.headers.Authorization) req.credentials = 'omit'; return req; },
  });
});
`;
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Product Hub API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

/** The OpenAPI 3.1 document: its parts an integrator's tools read first (the rest as the standard says). */
const openApiDocument = z
  .object({
    openapi: z.string().meta({ example: '3.1.0' }),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).loose(),
    servers: z.array(z.object({ url: z.string() }).loose()).optional(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    components: z.record(z.string(), z.unknown()).optional(),
  })
  .loose()
  .describe('An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)')
  .meta({
    examples: [
      {
        openapi: '3.1.0',
        info: { title: 'Product Hub API', version: '1' },
        servers: [{ url: 'http://localhost:3000' }],
        paths: { '/api/v1/submissions': { get: { operationId: 'listSubmissions' } } },
      },
    ],
  });

const SDL_FILE = new URL('../../../schema.graphql', import.meta.url);
const assetParams = z.object({ file: z.enum(['init.js', ...Object.keys(ASSETS)]) });

export async function apiDocsRoutes(app: FastifyInstance) {
  app.get(
    '/api/openapi.json',
    {
      schema: routeSchema({
        summary: 'This document (OpenAPI 3.1)',
        tags: ['API'],
        responses: { 200: openApiDocument },
        errors: [],
        public: true,
      }),
    },
    async () => {
      authorize(apiDocsPolicy.readOpenApi());
      return app.swagger();
    },
  );

  app.get(
    '/api/docs',
    {
      schema: routeSchema({
        summary: 'The API reference, with "Try it out" using an API token',
        tags: ['API'],
        responses: { 200: { 'text/html': z.string().meta({ examples: [PAGE] }) } },
        errors: [],
        public: true,
      }),
    },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'public, no-cache').send(PAGE),
  );

  app.get(
    '/api/docs/assets/:file',
    {
      schema: routeSchema({
        summary: "The reference page's scripts and styles",
        tags: ['API'],
        params: assetParams,
        responses: { 200: { 'text/javascript': binary, 'text/css': binary } },
        errors: [404],
        public: true,
      }),
    },
    async (request, reply) => {
      const parsed = assetParams.safeParse(request.params);
      if (!parsed.success) throw notFound('File not found.');
      const { file } = parsed.data;
      // Revalidated like every other /api answer (attack-edge (11)); the page is for people, rarely loaded.
      reply.header('cache-control', 'public, no-cache');
      if (file === 'init.js') return reply.type('text/javascript; charset=utf-8').send(INIT_JS);
      return reply.type(ASSETS[file]).send(createReadStream(path.join(swaggerDist, file)));
    },
  );

  let sdl: string | undefined;
  app.get(
    '/graphql/schema.graphql',
    {
      schema: routeSchema({
        summary: 'The GraphQL schema (SDL)',
        tags: ['GraphQL'],
        responses: {
          200: {
            'text/plain': z.string().meta({
              examples: [
                'type Mutation {\n  updateProductSubmissionStatus(id: ID!, reason: String, status: DecisionStatus!): SubmissionDetail!\n}\n',
              ],
            }),
          },
        },
        errors: [401],
      }),
    },
    async (request, reply) => {
      const user = await currentUser(request);
      authorize(apiDocsPolicy.downloadGraphqlSchema(user, app.ctx.config.graphql.introspection), () => unauthorized());
      // The committed schema file (npm run codegen writes it; a test fails when it is stale).
      sdl ??= await readFile(SDL_FILE, 'utf8');
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', 'inline; filename="schema.graphql"')
        .send(sdl);
    },
  );
}
