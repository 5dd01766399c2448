/**
 * The attack suite, part (c): a read-only administrator, its API token and the owner's own read-only token try every
 * write REST route and every mutation (discovered from the running app): nothing may change anywhere. Parts (a) and
 * (b): attack-signed-out and attack-other-company .test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './harness.ts';
import {
  OWN_ACCOUNT_WRITES,
  PUBLIC_REST,
  attack,
  granted,
  notAttackersOwnToken,
  routeKey,
  setUpAttack,
  tokens,
  tryEverything,
  wholeFingerprint,
} from './support/attack.ts';

let cases = 0;
beforeAll(setUpAttack);
afterAll(async () => {
  console.log(`attack suite, read-only writes (${databaseKind}): ${cases} cases`);
  await attack.server?.close();
});

describe(`attack suite: read-only (${databaseKind})`, () => {
  it.each([
    ['a read-only administrator', () => attack.viewer],
    ["a read-only administrator's API token", () => tokens.viewer],
    ["the owner's read-only API token", () => tokens.ownerReadOnly],
  ] as const)('(c) %s changes nothing through any write route or mutation', async (_who, client) => {
    const viewer = client();
    const before = await wholeFingerprint();
    const run = await tryEverything(
      viewer,
      {
        route: (route) =>
          route.method !== 'GET' && !OWN_ACCOUNT_WRITES.has(routeKey(route)) && !PUBLIC_REST.has(routeKey(route)),
        url: notAttackersOwnToken,
        operation: ([kind]) => kind === 'mutation',
      },
      { rest: (res) => res.status < 400, graphql: (res, field) => granted(res, field) },
    );
    cases += run.cases;
    expect(run.findings).toEqual([]);
    expect(await wholeFingerprint()).toBe(before);
    expect((await viewer.get('/api/user')).status).toBe(200);
  });
});
