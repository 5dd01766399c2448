import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/**
 * A data file shipped with the portal (server/src/db/seed-data), checked against its schema: a broken file stops the
 * start with the reason.
 */
export const seedDataFile = <T>(name: string, schema: z.ZodType<T>): T =>
  schema.parse(JSON.parse(readFileSync(new URL(`../../db/seed-data/${name}`, import.meta.url), 'utf8')));
