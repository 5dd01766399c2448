import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { isScope } from '@portal/domain';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import {
  findUserByEmail,
  findUserByOidcSubject,
  insertUser,
  staffCompanyId as firstStaffCompanyId,
  updateUser,
} from '../users/repository.ts';
import { authPolicy } from './policy.ts';
import { userPolicy } from '../users/policy.ts';
import { signIn } from './session.ts';
import { safeReturnTo } from './return-to.ts';
import { badRequest } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';

const loginQuery = z.object({ returnTo: z.string().max(500).optional() });
const redirect = { 302: null };

type OidcSettings = NonNullable<Config['oidc']>;

/** Administrator login: authorization code with PKCE against any OpenID Connect provider. */
export async function oidcRoutes(app: FastifyInstance) {
  const settings = app.ctx.config.oidc;
  if (!settings) return;
  const redirectUri = `${app.ctx.config.publicUrl}/api/auth/oidc/callback`;
  let discovered: Promise<oidc.Configuration> | undefined;
  // Discovered on first use, so the portal starts even while the provider is down.
  const configuration = () => {
    discovered ??= discover(settings).catch((err) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  };

  const tags = ['Sign-in'];
  app.get(
    '/api/auth/oidc/login',
    {
      config: { sessionOnly: true },
      schema: routeSchema({
        summary: 'Start the identity provider sign-in (a redirect)',
        tags,
        querystring: loginQuery,
        responses: redirect,
        errors: [400, 403],
        public: true,
      }),
    },
    async (request, reply) => {
      const { returnTo: raw } = loginQuery.parse(request.query);
      const returnTo = raw === undefined ? '/' : safeReturnTo(raw, app.ctx.config.publicUrl);
      if (returnTo === null) throw badRequest('returnTo must be a path of this portal.');
      const config = await configuration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      request.session.oidc = { state, codeVerifier, nonce, returnTo };
      await request.session.save();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return reply.redirect(url.href);
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      config: { sessionOnly: true },
      schema: routeSchema({
        summary: 'The identity provider answers here (a redirect)',
        tags,
        responses: redirect,
        errors: [403],
        public: true,
      }),
    },
    async (request, reply) => {
      const pending = request.session.oidc;
      if (!pending) return reply.redirect('/login/admin?error=expired');
      // Each sign-in attempt is single-use, whether it succeeds or not.
      request.session.oidc = undefined;
      await request.session.save();
      const config = await configuration();
      const currentUrl = new URL(request.url, app.ctx.config.publicUrl);
      let claims: Record<string, unknown>;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = { ...(tokens.claims() ?? {}) };
        if (tokens.access_token && (!claims.email || !(settings.scopesClaim in claims))) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
          claims = { ...info, ...claims };
        }
      } catch (err) {
        request.log.warn({ err }, 'OpenID Connect sign-in failed');
        return reply.redirect('/login/admin?error=oidc');
      }
      const user = await upsertOidcUser(app.ctx, settings, claims);
      if (!user) return reply.redirect('/login/admin?error=no-access');
      await signIn(request, user, null);
      // Checked again: the session may hold a value stored before this check existed.
      return reply.redirect(safeReturnTo(pending.returnTo, app.ctx.config.publicUrl) ?? '/');
    },
  );
}

async function discover(settings: OidcSettings) {
  const issuer = new URL(settings.issuer);
  return oidc.discovery(
    issuer,
    settings.clientId,
    settings.clientSecret,
    settings.clientSecret ? undefined : oidc.None(),
    // Plain http only for a provider on this machine (tests, local development).
    issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
}

/** Scopes come from a configurable claim: a list, or a space-separated string. Unknown values are dropped. */
export function scopesFromClaims(claims: Record<string, unknown>, claim: string): string[] {
  const raw = claims[claim];
  const values = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(/\s+/) : [];
  return [...new Set(values.filter(isScope))];
}

async function upsertOidcUser(ctx: AppContext, settings: OidcSettings, claims: Record<string, unknown>) {
  const subject = `${settings.issuer}#${String(claims.sub)}`;
  const email = typeof claims.email === 'string' ? claims.email : null;
  const scopes = scopesFromClaims(claims, settings.scopesClaim);
  if (!email || !authPolicy.signInWithProvider({ email, emailVerified: claims.email_verified, scopes })) return null;
  const names = {
    firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
    lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
  };
  const existing = (await findUserByOidcSubject(ctx.db, subject)) ?? (await findUserByEmail(ctx.db, email));
  if (existing && !userPolicy.useAccount(existing)) return null;
  if (existing) return updateUser(ctx.db, existing.id, { ...names, scopes, oidcSubject: subject });
  return insertUser(ctx.db, {
    companyId: await staffCompanyId(ctx, settings),
    email,
    ...names,
    scopes,
    oidcSubject: subject,
  });
}

async function staffCompanyId(ctx: AppContext, settings: OidcSettings): Promise<number> {
  return settings.companyId ?? firstStaffCompanyId(ctx.db);
}
