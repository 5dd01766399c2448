// Fails when the committed GraphQL schema (or the web's operations generated from it) lag behind the code.
import { readFileSync } from 'node:fs';
import { printedSchema } from '../server/src/graphql/print-schema.ts';

const committed = readFileSync(new URL('../server/schema.graphql', import.meta.url), 'utf8');
if (committed !== printedSchema()) {
  console.error('server/schema.graphql is stale: run `npm run codegen` and commit the result.');
  process.exit(1);
}
console.log('server/schema.graphql is current');
