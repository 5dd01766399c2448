import { vi } from 'vitest';
import type { Session } from '../session/session-context.tsx';
import type { UserDetails } from '../session/user.ts';

export function buildUser(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 7,
    companyId: 100,
    firstName: 'Sam',
    lastName: 'Supplier',
    email: 'supplier@example.com',
    company: { id: 100, name: 'Acme Foods' },
    isAuth0User: false,
    scopes: [],
    sessionPartnerCompanyId: null,
    tcAcceptanceDate: null,
    hasBulkIngestionAccess: false,
    ...overrides,
  };
}

/** A session as SessionProvider would give it, without the network. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  const flags = overrides.flags ?? [];
  const user = overrides.user === undefined ? null : overrides.user;
  return {
    status: user ? 'authenticated' : 'unauthenticated',
    user,
    flags,
    flagsLoaded: true,
    hasFlag: (flag) => flags.includes(flag),
    endedBy: null,
    signIn: vi.fn(),
    updateUser: vi.fn(),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** A Response as fetch would resolve it. */
export function jsonResponse(status: number, body?: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}
