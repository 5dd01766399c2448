import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import session from '@fastify/session';
import mercurius from 'mercurius';
import { isInternal } from '@portal/domain';
import type { AppContext } from './context.ts';
import { schema } from './graphql/schema.ts';
import { graphqlErrorFormatter } from './graphql/errors.ts';
import { fieldLimitRule, MAX_QUERY_DEPTH } from './graphql/limits.ts';
import { registerGraphqlGuards, registerGraphqlQueryChecks } from './graphql/guard.ts';
import { connectionTimeouts } from './lib/connection-timeouts.ts';
import { registerErrorHandling } from './lib/errors.ts';
import { clientErrorHandler, frameworkErrors } from './lib/framework-errors.ts';
import { registerOriginCheck } from './lib/origin-check.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerJsonCompression } from './lib/json-compression.ts';
import { registerRequestContext } from './lib/request-context.ts';
import { postgresRateLimitStore } from './lib/rate-limit-store.ts';
import { metricsRoutes, registerGraphqlMetrics, registerHttpMetrics } from './modules/metrics/routes.ts';
import { jobsConsoleRoutes } from './modules/jobs-console/routes.ts';
import { serveWebApp } from './lib/web-app.ts';
import { sessionFirstReads } from './first-reads.ts';
import { rememberingSigner } from './lib/cookie-signer.ts';
import { DbSessionStore } from './lib/session-store.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { currentUser } from './modules/users/current-user.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.ts';
import { oidcRoutes } from './modules/auth/oidc.ts';
import { featureFlagRoutes } from './modules/feature-flags/routes.ts';
import { partnerRoutes } from './modules/partners/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { peopleRoutes } from './modules/people/routes.ts';
import { draftRoutes } from './modules/drafts/routes.ts';
import { submissionRoutes } from './modules/submission-views/routes.ts';
import { submissionV1Routes } from './modules/submission-views/api-v1-routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { reviewTriageRoutes } from './modules/review/triage-routes.ts';
import { reviewSavedViewRoutes } from './modules/review/saved-view-routes.ts';
import { reviewCompareRoutes } from './modules/review/compare-routes.ts';
import { reviewApprovalRoutes } from './modules/review/approval-routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { sheetImportRoutes } from './modules/sheet-import/routes.ts';
import { catalogueV1Routes } from './modules/catalogue/api-v1-routes.ts';
import { searchV1Routes } from './modules/search/api-v1-routes.ts';
import { draftV1Routes } from './modules/drafts/api-v1-routes.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { shippingProfileRoutes } from './modules/shipping-profiles/routes.ts';
import { brandProfileRoutes } from './modules/brand-profiles/routes.ts';
import { bulkIngestionRoutes } from './modules/bulk-ingestion/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import multipart from '@fastify/multipart';
import { registerOpenApi } from './lib/openapi.ts';
import { apiDocsRoutes } from './modules/api-docs/routes.ts';
import { apiTokenRoutes } from './modules/api-tokens/routes.ts';
import { registerApiTokenAuth, registerApiTokenGraphqlCheck } from './modules/api-tokens/authenticate.ts';
import { requestLogSerializers } from './lib/log-serializers.ts';
import { registerRateLimitHeaders } from './lib/rate-limit-headers.ts';

const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
const SESSION_TOUCH_INTERVAL_MS = 15 * 60 * 1000;

/** Builds the whole HTTP app without listening, so tests can call it with inject() or on a random port. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // A child of the process's logger, so the app's request lines redact query strings (lib/log-serializers.ts).
    loggerInstance: ctx.log.child({}, { serializers: requestLogSerializers }),
    // Fastify's two lines per request ("incoming request", "request completed") give way to one, at its end.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...connectionTimeouts(ctx.config.timeouts),
    // What Node and the router answer before any hook of ours, in our problem details too (lib/framework-errors.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('ctx', ctx);
  registerRequestContext(app);
  registerHttpMetrics(app);
  // Every route, as registered: the attack suite tries each of them (server/test/attack-*.test.ts, through test/support/attack.ts).
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url, schema: route.schema });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers (and JSON anywhere, e.g. the file routes' errors) depend on the session: kept by no cache, unless
    // the route chose (files revalidate by ETag).
    const api =
      /^\/(api|graphql)([/?]|$)/.test(request.url) || String(reply.getHeader('content-type')).includes('json');
    if (api && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  registerRequestLog(app);
  registerErrorHandling(app);
  registerJsonCompression(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Mantine sets inline styles
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        formAction: ["'self'", ...(ctx.config.oidc ? [new URL(ctx.config.oidc.issuer).origin] : [])],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Every instance counts in the database, so a limit holds across the fleet, in sliding windows (the plugin's own
  // memory store counts calendar windows: a burst across a window's end would count twice its limit). The embedded
  // database counts the same way, in its one process.
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(ctx.db, ctx.log),
    skipOnError: true,
  });
  // Before any route: it collects each route's schema for /api/openapi.json.
  await registerOpenApi(app);
  await app.register(formbody);
  // No route reads a text body: one sent to a JSON route is the wrong type (415), not malformed JSON (400).
  app.removeContentTypeParser('text/plain');
  await app.register(multipart);
  await app.register(cookie);
  const sessionStore = new DbSessionStore(ctx.db, ctx.config.sessionCacheMs);
  app.decorate('sessionStore', sessionStore);
  app.addHook('onClose', async () => sessionStore.close());
  await app.register(session, {
    cookieName: 'sid',
    secret: rememberingSigner(ctx.config.sessionSecret),
    store: sessionStore,
    saveUninitialized: false,
    // Not rolled on every request (that would be a database write per read); see touchSession below.
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: SESSION_MAX_AGE_MS },
  });
  app.addHook('preHandler', touchSession);
  // A bearer token is resolved first: the cross-site check below is for cookie sessions only.
  registerApiTokenAuth(app);
  registerRateLimitHeaders(app);
  registerOriginCheck(app, ctx.config.publicUrl);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(oidcRoutes);
  await app.register(userRoutes);
  await app.register(peopleRoutes);
  await app.register(featureFlagRoutes);
  await app.register(partnerRoutes);
  await app.register(draftRoutes);
  await app.register(bulkIngestionRoutes);
  await app.register(submissionRoutes);
  await app.register(submissionV1Routes);
  await app.register(draftV1Routes);
  await app.register(catalogueV1Routes);
  await app.register(searchV1Routes);
  await app.register(eventRoutes);
  await app.register(reviewRoutes);
  await app.register(reviewTriageRoutes);
  await app.register(reviewSavedViewRoutes);
  await app.register(reviewCompareRoutes);
  await app.register(reviewApprovalRoutes);
  await app.register(catalogueRoutes);
  await app.register(sheetImportRoutes);
  await app.register(shippingProfileRoutes);
  await app.register(brandProfileRoutes);
  await app.register(webhookRoutes);
  await app.register(apiTokenRoutes);
  await app.register(apiDocsRoutes);
  await app.register(jobsConsoleRoutes);
  await app.register(metricsRoutes);
  await app.register(auditRoutes);

  registerGraphqlGuards(app, {
    perUserPerMinute: ctx.config.graphql.ratePerUserPerMinute,
    introspection: ctx.config.graphql.introspection,
    isStaff: async (request) => {
      const user = await currentUser(request);
      return Boolean(user && isInternal(user));
    },
  });
  await app.register(mercurius, {
    schema,
    path: '/graphql',
    graphiql: false,
    queryDepth: MAX_QUERY_DEPTH,
    validationRules: [fieldLimitRule],
    jit: 1, // compile a query once it has been seen once
    errorFormatter: graphqlErrorFormatter(app),
    context: (request, reply) => ({ request, reply, ctx }),
  });
  registerGraphqlQueryChecks(app);
  registerApiTokenGraphqlCheck(app);
  registerGraphqlMetrics(app);

  serveWebApp(app, ctx.config.webDist, sessionFirstReads(ctx));
  return app;
}

/** Extends an active session at most every 15 minutes: sliding expiry at a bounded write cost. */
async function touchSession(request: FastifyRequest) {
  const session = request.session;
  const expires = session?.cookie?.expires;
  if (!session?.userId || !expires) return;
  if (new Date(expires).getTime() - Date.now() < SESSION_MAX_AGE_MS - SESSION_TOUCH_INTERVAL_MS) session.touch();
}

/**
 * One log line per answered request, with the request id as every line of the request (`reqId`). The address
 * without its query string: a query may carry what must not be kept (a token sent as `?access_token=`).
 */
function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    request.log.info(
      {
        method: request.method,
        path,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
  });
}
