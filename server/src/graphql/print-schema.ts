import { writeFileSync } from 'node:fs';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema.ts';

/** Writes the committed schema file that the web's typed operations are generated from. */
export const printedSchema = () => printSchema(lexicographicSortSchema(schema)) + '\n';

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = new URL('../../schema.graphql', import.meta.url);
  writeFileSync(out, printedSchema());
  console.log(`wrote ${out.pathname}`);
}
