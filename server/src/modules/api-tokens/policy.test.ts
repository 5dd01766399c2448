import { describe, expect, it } from 'vitest';
import { SCOPES, TOKEN_SCOPES } from '@portal/domain';
import { apiTokenPolicy } from './policy.ts';

const supplier = { id: 1, scopes: [] as string[], disabledAt: null };
const admin = {
  id: 2,
  scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
  disabledAt: null,
};
const viewer = { id: 3, scopes: [SCOPES.readAllProductSubmissions], disabledAt: null };
const read = TOKEN_SCOPES.readProductSubmissions;
const write = TOKEN_SCOPES.writeProductSubmissions;

describe('API token policy', () => {
  it('a supplier makes tokens that read or write their own company', () => {
    expect(apiTokenPolicy.create(supplier, [read])).toBe(true);
    expect(apiTokenPolicy.create(supplier, [read, write])).toBe(true);
  });
  it('nobody makes a token with a scope they do not hold, or with none', () => {
    expect(apiTokenPolicy.create(supplier, [SCOPES.readAllProductSubmissions])).toBe(false);
    expect(apiTokenPolicy.create(viewer, [SCOPES.writeAllProductSubmissions])).toBe(false);
    expect(apiTokenPolicy.create(supplier, [])).toBe(false);
  });
  it('staff give their own scopes', () => {
    expect(apiTokenPolicy.create(viewer, [SCOPES.readAllProductSubmissions])).toBe(true);
    expect(apiTokenPolicy.create(admin, [SCOPES.readAllProductSubmissions])).toBe(true);
  });
  it('a user manages their own tokens only', () => {
    expect(apiTokenPolicy.manageOwn(supplier, { userId: 1 })).toBe(true);
    expect(apiTokenPolicy.manageOwn(supplier, { userId: 2 })).toBe(false);
  });
  it("full administrators manage every company's tokens; a read-only administrator and a supplier do not", () => {
    expect(apiTokenPolicy.manageAny(admin)).toBe(true);
    expect(apiTokenPolicy.manageAny(viewer)).toBe(false);
    expect(apiTokenPolicy.manageAny(supplier)).toBe(false);
  });
  it('a token of a disabled account is refused', () => {
    expect(apiTokenPolicy.use(supplier, { userId: 1, scopes: [read] })).toBe(true);
    expect(apiTokenPolicy.use({ ...supplier, disabledAt: new Date() }, { userId: 1, scopes: [read] })).toBe(false);
  });
  it('a token whose scopes the user lost is refused; one that keeps some is narrowed', () => {
    const token = { userId: 3, scopes: [SCOPES.readAllProductSubmissions] };
    expect(apiTokenPolicy.use(viewer, token)).toBe(true);
    // The viewer lost read-all: as a supplier now, the token's staff scope is gone.
    expect(apiTokenPolicy.use({ ...viewer, scopes: [] }, token)).toBe(false);
    expect(apiTokenPolicy.write(admin, { userId: 2, scopes: [...admin.scopes] })).toBe(true);
    expect(
      apiTokenPolicy.write(
        { ...admin, scopes: [SCOPES.readAllProductSubmissions] },
        { userId: 2, scopes: [...admin.scopes] },
      ),
    ).toBe(false);
  });
  it('a token with read scopes only never writes', () => {
    expect(apiTokenPolicy.write(supplier, { userId: 1, scopes: [read] })).toBe(false);
    expect(apiTokenPolicy.write(supplier, { userId: 1, scopes: [read, write] })).toBe(true);
  });
  it('a webhooks token changes webhooks only, a products token everything but webhooks', () => {
    const hooksUser = { ...supplier, scopes: [SCOPES.writeWebhooks] };
    expect(apiTokenPolicy.write(hooksUser, { userId: 1, scopes: [SCOPES.writeWebhooks] })).toBe(false);
    expect(apiTokenPolicy.write(hooksUser, { userId: 1, scopes: [SCOPES.writeWebhooks] }, SCOPES.writeWebhooks)).toBe(
      true,
    );
    expect(apiTokenPolicy.write(hooksUser, { userId: 1, scopes: [write] }, SCOPES.writeWebhooks)).toBe(false);
  });
  it("a supplier's token loses its supplier scopes when the user becomes staff", () => {
    expect(
      apiTokenPolicy.use(
        { ...supplier, scopes: [SCOPES.readAllProductSubmissions] },
        { userId: 1, scopes: [read, write] },
      ),
    ).toBe(false);
  });
});
