import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_PATTERN,
  apiTokenStatus,
  grantableTokenScopes,
  tokenAccess,
  tokenExpiry,
  scopesByArea,
  tokenAreaAccess,
  tokenCoversArea,
  tokenMayWrite,
  TOKEN_SCOPES,
} from './api-tokens.ts';
import { createApiTokenSchema } from './api-tokens-schema.ts';
import { SCOPES } from './scopes.ts';

const read = TOKEN_SCOPES.readProductSubmissions;
const write = TOKEN_SCOPES.writeProductSubmissions;

describe('API tokens', () => {
  it('the format is pst_ and at least 43 base64url characters (32 random bytes)', () => {
    expect(API_TOKEN_PATTERN.test(`pst_${'a'.repeat(43)}`)).toBe(true);
    expect(API_TOKEN_PATTERN.test(`pst_${'a'.repeat(42)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`pat_${'a'.repeat(43)}`)).toBe(false);
    expect(API_TOKEN_PATTERN.test(`pst_${'a'.repeat(42)}+`)).toBe(false);
  });

  it('a supplier can give reading and writing their own company, area by area; staff give the scopes they hold', () => {
    expect(grantableTokenScopes({ scopes: [] })).toEqual([
      read,
      write,
      TOKEN_SCOPES.readBrandProfiles,
      TOKEN_SCOPES.writeBrandProfiles,
      TOKEN_SCOPES.readShippingProfiles,
      TOKEN_SCOPES.writeShippingProfiles,
      TOKEN_SCOPES.readBulkIngestion,
      TOKEN_SCOPES.writeBulkIngestion,
    ]);
    expect(grantableTokenScopes({ scopes: [SCOPES.writeWebhooks] })).toContain(TOKEN_SCOPES.readWebhooks);
    expect(grantableTokenScopes({ scopes: [SCOPES.readAllProductSubmissions] })).toEqual([
      SCOPES.readAllProductSubmissions,
    ]);
  });

  it("a token's access is the intersection of its scopes and what its user can give now", () => {
    expect(tokenAccess({ scopes: [] }, [read])).toEqual({ effective: [read], policyScopes: [], canWrite: false });
    expect(tokenAccess({ scopes: [] }, [read, write]).canWrite).toBe(true);
    const admin = [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions];
    expect(tokenAccess({ scopes: [SCOPES.readAllProductSubmissions] }, admin)).toEqual({
      effective: [SCOPES.readAllProductSubmissions],
      policyScopes: [SCOPES.readAllProductSubmissions],
      canWrite: false,
    });
    expect(tokenAccess({ scopes: [SCOPES.readAllProductSubmissions] }, [read]).effective).toEqual([]);
  });

  it('write:webhooks changes webhooks only: it does not make a token one that changes products', () => {
    const hooks = tokenAccess({ scopes: [SCOPES.writeWebhooks] }, [SCOPES.writeWebhooks]);
    expect(hooks.canWrite).toBe(false);
    expect(tokenMayWrite(hooks, undefined)).toBe(false);
    expect(tokenMayWrite(hooks, SCOPES.writeWebhooks)).toBe(true);
    const products = tokenAccess({ scopes: [SCOPES.writeWebhooks] }, [read, write]);
    expect(tokenMayWrite(products, undefined)).toBe(true);
    expect(tokenMayWrite(products, SCOPES.writeWebhooks)).toBe(false);
  });

  it('an area is read with its read or write scope and changed with its write scope only; no area: any token', () => {
    expect(tokenCoversArea([TOKEN_SCOPES.readBrandProfiles], 'brandprofiles', false)).toBe(true);
    expect(tokenCoversArea([TOKEN_SCOPES.readBrandProfiles], 'brandprofiles', true)).toBe(false);
    expect(tokenCoversArea([TOKEN_SCOPES.writeBrandProfiles], 'brandprofiles', false)).toBe(true);
    expect(tokenCoversArea([read, write], 'brandprofiles', false)).toBe(false);
    expect(tokenCoversArea([TOKEN_SCOPES.readWebhooks], null, true)).toBe(true);
    expect(tokenCoversArea([SCOPES.readAllProductSubmissions], 'productsubmissions', false)).toBe(true);
    expect(tokenCoversArea([SCOPES.readAllProductSubmissions], 'productsubmissions', true)).toBe(false);
    expect(tokenAreaAccess([TOKEN_SCOPES.readWebhooks]).find((a) => a.area === 'webhooks')?.access).toBe('read');
    // read:webhooks lets the webhooks policy see the user's write:webhooks; the area check refuses its changes.
    expect(tokenAccess({ scopes: [SCOPES.writeWebhooks] }, [TOKEN_SCOPES.readWebhooks]).policyScopes).toEqual([
      SCOPES.writeWebhooks,
    ]);
    expect(scopesByArea([read, SCOPES.writeWebhooks, TOKEN_SCOPES.readWebhooks, SCOPES.readJobs])).toEqual([
      { area: 'productsubmissions', label: expect.any(String), scopes: [read] },
      { area: 'webhooks', label: 'Webhooks', scopes: [TOKEN_SCOPES.readWebhooks, SCOPES.writeWebhooks] },
      { area: 'jobs', label: 'Jobs console', scopes: [SCOPES.readJobs] },
    ]);
  });

  it('creation takes a name, a future expiry within a year, and at least one scope', () => {
    const ok = { name: ' Feed ', expiresAt: tokenExpiry({ days: 90 }), scopes: [read] };
    expect(createApiTokenSchema.parse(ok).name).toBe('Feed');
    expect(createApiTokenSchema.safeParse({ ...ok, expiresAt: tokenExpiry({ days: 400 }) }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...ok, expiresAt: tokenExpiry({ days: -1 }) }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...ok, scopes: [] }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...ok, name: '' }).success).toBe(false);
  });

  it('a chosen date expires at the end of that day, local time', () => {
    const at = new Date(tokenExpiry({ date: '2027-03-04' }));
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours()]).toEqual([2027, 2, 4, 23]);
  });

  it('status: revoked, expired or active', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(apiTokenStatus({ expiresAt: '2026-07-01T00:00:00Z', revokedAt: null }, now)).toBe('Active');
    expect(apiTokenStatus({ expiresAt: '2026-05-01T00:00:00Z', revokedAt: null }, now)).toBe('Expired');
    expect(apiTokenStatus({ expiresAt: '2026-07-01T00:00:00Z', revokedAt: '2026-05-20T00:00:00Z' }, now)).toBe(
      'Revoked',
    );
  });
});
