import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Kind, OperationTypeNode } from 'graphql';
import {
  API_TOKEN_HEADER_PATTERN,
  API_TOKEN_MSG,
  grantableTokenScopes,
  TOKEN_AREA_SCOPES,
  TOKEN_SCOPES,
  tokenAccess,
  tokenAreaOfGraphqlField,
  tokenAreaOfRoute,
  tokenCoversArea,
  type TokenArea,
} from '@portal/domain';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import { GRAPHQL_PATH, QueryRefused } from '../../graphql/guard.ts';
import { apiTokenPolicy } from './policy.ts';
import { findApiToken, noteApiTokenUse } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came with a valid API token: which token, and whether it may change anything. */
    apiToken?: {
      id: number;
      name: string;
      /** The scopes the token was given, and of those what its user can still grant: what it may do now. */
      scopes: string[];
      effectiveScopes: string[];
      expiresAt: Date;
      createdAt: Date;
      canWrite: boolean;
      refusedWrite: { code: string; message: string };
      /** Why the token may not read (write: false) or change in an area, or null when it may. */
      refusedIn: (area: TokenArea | null, write: boolean) => { code: string; message: string } | null;
    };
  }
  interface FastifyContextConfig {
    /**
     * Refused to API tokens: the route manages the account's credentials or its tokens, or a person agrees to
     * something (a session is required). A string is the refusal's message, for a route that needs its own.
     */
    sessionOnly?: boolean | string;
    /** The route reads the Authorization header itself (the /metrics scraper's token): not an API token. */
    ownAuthorization?: boolean;
    /** The scope a token needs to change data through this route (the webhooks' routes); see tokenAccess. */
    tokenWriteScope?: string;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const day = (d: Date) => d.toISOString().slice(0, 10);
/** A refusal as REST answers it, or, on /graphql, as a whole-request GraphQL error that keeps its HTTP status. */
const refusal = (request: FastifyRequest, status: number, code: string, message: string, reason?: string) =>
  request.url.split('?')[0] === GRAPHQL_PATH
    ? new QueryRefused(status, reason ?? code, message)
    : status === 401
      ? unauthorized(message, reason)
      : new HttpError(status, code, message);

/**
 * The one place where `Authorization: Bearer pst_...` becomes a user (before the cross-site check, which cookie-less
 * requests do not need): the token's user with the intersection of the token's and the user's current scopes, so
 * policies and resolvers see an ordinary user. The token is read from this header only, never a cookie or the query.
 */
export function registerApiTokenAuth(app: FastifyInstance) {
  const { ctx } = app;
  const limit = app.rateLimit({
    max: ctx.config.apiTokenRatePerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `api-token:${request.apiToken?.id}`,
    errorResponseBuilder: (request: FastifyRequest) => refusal(request, 429, 'RATE_LIMITED', API_TOKEN_MSG.rateLimited),
  });

  // RFC 9110 section 11.6.1: a 401 names the scheme to authenticate with; the integration API's is the bearer token.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate') && request.url.startsWith('/api/v1/'))
      reply.header('www-authenticate', 'Bearer realm="Product Hub"');
  });

  app.addHook('onRequest', async (request, reply) => {
    const tokenRefused = (message: string, reason: string) => {
      // RFC 6750 section 3: a refused bearer token says which scheme and what was wrong with it.
      reply.header(
        'www-authenticate',
        `Bearer realm="Product Hub", error="${reason === 'TOKEN_MALFORMED' ? 'invalid_request' : 'invalid_token'}"`,
      );
      return refusal(request, 401, 'UNAUTHORIZED', message, reason);
    };
    const header = request.headers.authorization;
    if (header === undefined || request.routeOptions.config?.ownAuthorization) return;
    const secret = API_TOKEN_HEADER_PATTERN.exec(header)?.[1];
    if (!secret) throw tokenRefused(API_TOKEN_MSG.headerMalformed, 'TOKEN_MALFORMED');
    const found = await findApiToken(ctx.db, secret);
    if (!found) throw tokenRefused(API_TOKEN_MSG.invalid, 'TOKEN_INVALID');
    const { token, user } = found;
    if (token.revokedAt) throw tokenRefused(API_TOKEN_MSG.revokedAt(day(token.revokedAt)), 'TOKEN_REVOKED');
    if (token.expiresAt.getTime() <= Date.now())
      throw tokenRefused(API_TOKEN_MSG.expiredAt(day(token.expiresAt)), 'TOKEN_EXPIRED');
    if (user.disabledAt) throw tokenRefused(API_TOKEN_MSG.accountDisabled, 'ACCOUNT_DISABLED');
    if (!apiTokenPolicy.use(user, token)) throw tokenRefused(API_TOKEN_MSG.noScopesLeft, 'TOKEN_NO_SCOPES');
    const access = tokenAccess(user, token.scopes);
    /** Why a change the token's scopes do not cover is refused: it reads only, or writes elsewhere (webhooks). */
    const refusedWrite = (scope: string) =>
      access.effective.some((s) => s.startsWith('write:'))
        ? { code: 'TOKEN_SCOPE_MISSING', message: API_TOKEN_MSG.scopeNotCovering(scope) }
        : { code: 'TOKEN_READ_ONLY', message: API_TOKEN_MSG.readOnly };
    /** The scopes that would cover an area, of those this user could give a token (all of them if none). */
    const refusedIn = (area: TokenArea | null, write: boolean) => {
      if (!area || tokenCoversArea(access.effective, area, write)) return null;
      const wanted = TOKEN_AREA_SCOPES[area][write ? 'write' : 'read'];
      const grantable = grantableTokenScopes(user);
      const offer = wanted.filter((s) => grantable.includes(s));
      return {
        code: 'TOKEN_SCOPE_MISSING',
        message: API_TOKEN_MSG.areaNotCovered(
          `${write ? 'changing' : 'reading'} ${TOKEN_AREA_SCOPES[area].label.toLowerCase()}`,
          offer.length ? offer : wanted,
        ),
      };
    };
    request.apiToken = {
      refusedIn,
      id: token.id,
      name: token.name,
      scopes: token.scopes,
      effectiveScopes: access.effective,
      expiresAt: token.expiresAt,
      createdAt: token.createdAt,
      canWrite: access.canWrite,
      refusedWrite: refusedWrite(TOKEN_SCOPES.writeProductSubmissions),
    };
    await limit.call(app, request, reply);
    // An address no route serves is a 404 for every token: no scope or write check speaks of a route that is not there.
    // The web app's catch-all (`/*`, registered once the web app is built) serves pages, never an API address.
    if (request.is404 || request.routeOptions.url === '/*') {
      request.userRow = { ...user, scopes: access.policyScopes };
      return;
    }
    const sessionOnly = request.routeOptions.config?.sessionOnly;
    if (sessionOnly)
      throw refusal(
        request,
        403,
        'SESSION_REQUIRED',
        typeof sessionOnly === 'string' ? sessionOnly : API_TOKEN_MSG.sessionOnly,
      );
    const routeScope = request.routeOptions.config?.tokenWriteScope;
    if (
      !SAFE.has(request.method) &&
      request.routeOptions.url !== GRAPHQL_PATH &&
      !apiTokenPolicy.write(user, token, routeScope)
    ) {
      const why = routeScope ? refusedWrite(routeScope) : request.apiToken.refusedWrite;
      throw new HttpError(403, why.code, why.message);
    }
    // Every REST route is in an area (its document tag); the token's scopes must cover reading or changing there.
    // Routes without a schema are not the API's (the web app's pages, a 404; openapi.test.ts finds any API one).
    // Public routes (security: []) are open to any valid token, as to anybody.
    const schema = request.routeOptions.schema;
    const isPublic = (schema?.security as unknown[] | undefined)?.length === 0;
    if (schema && !isPublic && request.routeOptions.url !== GRAPHQL_PATH) {
      const area = tokenAreaOfRoute(schema.tags);
      if (area === undefined) throw new HttpError(403, 'TOKEN_NOT_ALLOWED', API_TOKEN_MSG.routeNotForTokens);
      const refused = refusedIn(area, !SAFE.has(request.method));
      if (refused) throw new HttpError(403, refused.code, refused.message);
    }
    request.userRow = { ...user, scopes: access.policyScopes };
    await noteApiTokenUse(ctx.db, token);
  });
}

/**
 * After mercurius is registered: a token without a write scope runs queries only, and each top-level field needs
 * the token to cover its area (reading for a query's, changing for a mutation's).
 */
export function registerApiTokenGraphqlCheck(app: FastifyInstance) {
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const token = context.reply.request.apiToken;
    if (!token) return undefined;
    for (const d of document.definitions) {
      if (d.kind !== Kind.OPERATION_DEFINITION) continue;
      const write = d.operation !== OperationTypeNode.QUERY;
      if (write && !token.canWrite) throw new QueryRefused(403, token.refusedWrite.code, token.refusedWrite.message);
      for (const field of d.selectionSet.selections) {
        if (field.kind !== Kind.FIELD) continue;
        const refused = token.refusedIn(tokenAreaOfGraphqlField(field.name.value), write);
        if (refused) throw new QueryRefused(403, refused.code, refused.message);
      }
    }
    return undefined;
  });
}
