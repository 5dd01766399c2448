/**
 * The attack suite, part (a): every REST route and GraphQL operation (discovered from the running app) tried signed
 * out and with a revoked API token refuses unless it is public by design; and the control showing the same generated
 * calls reach the records for their owner. Parts (b) and (c): attack-other-company and attack-read-only .test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databaseKind } from './harness.ts';
import {
  MARKER,
  PUBLIC_GRAPHQL,
  PUBLIC_REST,
  attack,
  granted,
  ids,
  isIdArg,
  operationText,
  operations,
  routeKey,
  setUpAttack,
  tokens,
  tryEverything,
  variableSets,
} from './support/attack.ts';

let cases = 0;
beforeAll(setUpAttack);
afterAll(async () => {
  console.log(`attack suite, signed out (${databaseKind}): ${cases} cases`);
  await attack.server?.close();
});

describe(`attack suite: signed out (${databaseKind})`, () => {
  it.each([
    ['signed out', () => new Client(attack.server.url), false],
    ['with a revoked API token', () => tokens.revoked, true],
  ] as const)(
    '(a) %s: every REST route that is not public refuses, and every GraphQL operation that is not public errors',
    async (_who, client, refusesPublic) => {
      const run = await tryEverything(
        client(),
        {
          route: (route) => refusesPublic || !PUBLIC_REST.has(routeKey(route)),
          operation: ([, field]) => refusesPublic || !PUBLIC_GRAPHQL.has(field.name),
        },
        {
          rest: (res) => res.status < 400 || res.text.includes(MARKER),
          graphql: (res, field) => granted(res, field) || res.text.includes(MARKER),
        },
      );
      cases += run.cases;
      expect(run.findings).toEqual([]);
    },
  );

  it('control: the same generated calls do reach the records for their owner (so a refusal above is a real refusal)', async () => {
    const reached = new Set<string>();
    for (const [kind, field] of operations()) {
      if (kind !== 'query' || !field.args.some(isIdArg)) continue;
      for (const variables of variableSets(field))
        if (granted(await attack.owner.graphql(operationText(kind, field), variables), field.name))
          reached.add(field.name);
    }
    expect([...reached]).toEqual(expect.arrayContaining(['getDraftSubmission', 'getProductSubmission']));
    const rest = await attack.owner.get(`/api/productSubmissions/${ids.strings[1]}/image/front.png`);
    expect(rest.status).toBe(200);
  });
});
