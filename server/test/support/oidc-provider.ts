import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
// @ts-expect-error -- oidc-provider ships no types and @types/oidc-provider is not installed; the few
// members used here are typed by OidcProviderClass below.
import Provider from 'oidc-provider';
import { ALL_SCOPES } from '@portal/domain';

/**
 * A real OpenID Connect provider (oidc-provider 9) on loopback, for the portal's administrator login in
 * integration tests and, through the CLI at the bottom, for Playwright and people trying it in a browser.
 *
 * Sign-in uses oidc-provider's built-in development login form: any login name that is a key of the
 * accounts below signs in as that account (the password field is ignored). Consent is granted
 * automatically because the portal is a first-party client, so a sign-in is: form, then back to the
 * portal. The form is plain HTML and can be driven with fetch (see driveProviderLogin).
 */

export interface TestAccount {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  /** The custom claim the portal reads scopes from (OIDC_SCOPES_CLAIM): a list or a space-separated string. */
  portal_scopes: string[] | string;
}

export const TEST_ACCOUNTS: Record<string, TestAccount> = {
  'staff-admin': {
    email: 'staff.admin@idp.example',
    email_verified: true,
    given_name: 'Stella',
    family_name: 'Staff',
    portal_scopes: [...ALL_SCOPES],
  },
  // The form a directory often sends: one string, with a value the portal does not know.
  'read-only': {
    email: 'read.only@idp.example',
    email_verified: true,
    given_name: 'Rory',
    family_name: 'Reader',
    portal_scopes: 'read:allproductsubmissions launch:rockets',
  },
  // Same address as the seeded password account, so the portal links rather than duplicates.
  'demo-admin': {
    email: 'admin@example.com',
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Admin',
    portal_scopes: [...ALL_SCOPES],
  },
  'no-scopes': {
    email: 'no.scopes@idp.example',
    email_verified: true,
    given_name: 'Nora',
    family_name: 'Noscope',
    portal_scopes: [],
  },
  unverified: {
    email: 'unverified@idp.example',
    email_verified: false,
    given_name: 'Una',
    family_name: 'Unverified',
    portal_scopes: [...ALL_SCOPES],
  },
};

export interface OidcProviderOptions {
  /** 0 or omitted: a free port. */
  port?: number;
  /** The portal's callback, `${PUBLIC_URL}/api/auth/oidc/callback`. */
  redirectUris: string[];
  clientId?: string;
  /** Omit for a public client (token endpoint auth "none"); PKCE is required either way. */
  clientSecret?: string;
  /** Read on every sign-in, so a test may change an account between two logins. */
  accounts?: Record<string, TestAccount>;
}

export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  stop(): Promise<void>;
}

// The part of oidc-provider's API used here (see the @ts-expect-error above).
interface Grant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface OidcContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    requestParamScopes: Set<string>;
    requestParamClaims: Set<string>;
    provider: {
      Grant: {
        new (init: { clientId: string; accountId: string }): Grant;
        find(id: string): Promise<Grant | undefined>;
      };
    };
  };
}
type OidcProviderClass = new (
  issuer: string,
  configuration: Record<string, unknown>,
) => { callback(): (req: IncomingMessage, res: ServerResponse) => void };

export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const clientId = options.clientId ?? 'portal';
  const accounts = options.accounts ?? TEST_ACCOUNTS;
  // The issuer must name the real port, so listen first and attach the provider afterwards.
  const server = createServer((req: IncomingMessage, res: ServerResponse) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Fresh signing key per run, rather than oidc-provider's built-in development keys.
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const OidcProvider = Provider as OidcProviderClass;
  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: clientId,
        ...(options.clientSecret
          ? // The registration default; oidc-provider also takes the secret in the body (client_secret_post).
            { client_secret: options.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // oidc-provider only insists on PKCE for public clients; the portal always sends it, so require it.
    pkce: { required: () => true },
    // The custom claim rides with the "profile" scope the portal already asks for.
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'portal_scopes'],
    },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // First-party client: grant what it asks for instead of showing a consent page.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const Grant = oidc.provider.Grant;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return Grant.find(grantId);
      const grant = new Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope([...oidc.requestParamScopes].join(' '));
      grant.addOIDCClaims([...oidc.requestParamClaims]);
      await grant.save();
      return grant;
    },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    // Fixed lifetimes (seconds); the defaults work but print a notice on every use.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
  });
  const handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret: options.clientSecret,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive sockets from fetch would hold close() open
      });
    },
  };
}

/** Cookies of one site, as a browser would keep them (paths and expiry ignored: enough for one flow). */
export class CookieJar {
  private cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Drives the provider's pages like a browser: from an authorization URL, follows redirects, fills the
 * development login form with `login`, confirms consent if asked, and stops at the first redirect that
 * leaves the provider (the portal's callback URL, or an error redirect), which is returned.
 */
export async function driveProviderLogin(authorizationUrl: string, login: string, jar = new CookieJar()): Promise<URL> {
  const issuerOrigin = new URL(authorizationUrl).origin;
  let next: { url: URL; body?: URLSearchParams } = { url: new URL(authorizationUrl) };
  for (let step = 0; step < 20; step++) {
    if (next.url.origin !== issuerOrigin) return next.url;
    const res = await fetch(next.url, {
      method: next.body ? 'POST' : 'GET',
      headers: {
        cookie: jar.header(),
        ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.body,
      redirect: 'manual',
    });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      next = { url: new URL(location, next.url) };
      continue;
    }
    const html = await res.text();
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !prompt)
      throw new Error(`unexpected provider page ${res.status} at ${next.url}: ${html.slice(0, 500)}`);
    const fields = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      fields.set('login', login);
      fields.set('password', 'any'); // the development form ignores it
    }
    next = { url: next.url, body: fields };
  }
  throw new Error('too many steps in the provider sign-in');
}

/*
 * CLI for Playwright's webServer and for trying it by hand:
 *   node --import tsx server/test/support/oidc-provider.ts --port 9080 \
 *     --redirect http://127.0.0.1:3000/api/auth/oidc/callback [--client-id portal] [--client-secret secret]
 * then start the portal with OIDC_ISSUER=http://127.0.0.1:9080 OIDC_CLIENT_ID=portal (and
 * OIDC_CLIENT_SECRET if given). Sign in with a login name from TEST_ACCOUNTS, e.g. staff-admin.
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '9080' },
      redirect: { type: 'string', multiple: true },
      'client-id': { type: 'string', default: 'portal' },
      'client-secret': { type: 'string' },
    },
  });
  if (!values.redirect?.length) {
    console.error(
      'usage: oidc-provider.ts --port N --redirect URL [--redirect URL] [--client-id ID] [--client-secret SECRET]',
    );
    process.exit(2);
  }
  const running = await startOidcProvider({
    port: Number(values.port),
    redirectUris: values.redirect,
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
  });
  console.log(
    `OpenID Connect provider at ${running.issuer} (client ${running.clientId}; logins: ${Object.keys(TEST_ACCOUNTS).join(', ')})`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void running.stop().then(() => process.exit(0)));
  }
}
