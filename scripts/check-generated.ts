// Fails when the committed GraphQL schema, or the web's typed operations generated from it, lag behind the code.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { printedSchema } from '../server/src/graphql/print-schema.ts';
import { generatedClient } from './api-client.ts';

const root = new URL('..', import.meta.url).pathname;
let stale = false;

if (readFileSync(path.join(root, 'server/schema.graphql'), 'utf8') !== printedSchema()) {
  console.error('server/schema.graphql is stale.');
  stale = true;
}

process.chdir(path.join(root, 'web'));
const { default: config } = await import('../web/codegen.ts');
const outputs = (await generate({ ...config, silent: true }, false)) as { filename: string; content: string }[];
for (const { filename, content } of outputs) {
  const file = path.resolve(filename);
  if (!existsSync(file) || readFileSync(file, 'utf8') !== content) {
    console.error(`${path.relative(root, file)} is stale.`);
    stale = true;
  }
}

// The integration API's typed client in examples/ (openapi-typescript).
const client = await generatedClient();
for (const [file, content] of [
  ['examples/openapi.json', client.document],
  ['examples/api-schema.d.ts', client.types],
]) {
  const at = path.join(root, file);
  if (!existsSync(at) || readFileSync(at, 'utf8') !== content) {
    console.error(`${file} is stale: run \`npm run api-client\`.`);
    stale = true;
  }
}

if (stale) {
  console.error('Run `npm run codegen` (and `npm run api-client`) and commit the result.');
  process.exit(1);
}
console.log('server/schema.graphql, web/src/api/gql and the API client in examples/ are current');
