/**
 * The attack suite, part (b): a supplier of another company, signed in and with a read-write API token, aims every
 * REST route and GraphQL operation that takes an identifier (discovered from the running app) at the owner company's
 * records: nothing may leak or change. Parts (a) and (c): attack-signed-out and attack-read-only .test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from './harness.ts';
import {
  MARKER,
  OWN_ACCOUNT_WRITES,
  SHARED_GRAPHQL,
  attack,
  granted,
  isIdArg,
  notAttackersOwnToken,
  ownerFingerprint,
  paramNames,
  routeKey,
  setUpAttack,
  tokens,
  tryEverything,
} from './support/attack.ts';

let cases = 0;
beforeAll(setUpAttack);
afterAll(async () => {
  console.log(`attack suite, other company (${databaseKind}): ${cases} cases`);
  await attack.server?.close();
});

describe(`attack suite: another company (${databaseKind})`, () => {
  it.each([
    ['signed in', () => attack.stranger],
    ['with a read-write API token', () => tokens.stranger],
  ] as const)(
    "(b) a supplier of another company (%s) reaches none of the owner's records through any route or operation, and changes none",
    async (_how, client) => {
      const stranger = client();
      const before = await ownerFingerprint();
      const run = await tryEverything(
        stranger,
        {
          route: (route) => !OWN_ACCOUNT_WRITES.has(routeKey(route)) && paramNames(route.url).length > 0,
          url: notAttackersOwnToken,
          operation: ([, field]) => !SHARED_GRAPHQL.has(field.name) && field.args.some(isIdArg),
        },
        {
          // A partner's configuration is public (its co-branded pages), so reading it is no leak.
          rest: (res, url) =>
            (res.status < 400 && !url.includes('/partner-configuration')) || res.text.includes(MARKER),
          graphql: (res, field) => granted(res, field) || res.text.includes(MARKER),
        },
      );
      cases += run.cases;
      expect(run.findings).toEqual([]);
      expect(await ownerFingerprint()).toBe(before);
      // Still signed in (or the token still valid): the refusals above were not all 401s.
      expect((await stranger.get('/api/user')).status).toBe(200);
    },
  );
});
