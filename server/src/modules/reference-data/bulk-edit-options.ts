import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SUGGESTED_CLASSES, UOM_OPTIONS } from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { attributes, marketAccounts, suggestedClasses, unitsOfMeasure } from '../../db/schema.ts';

const marketAccountsFile = z.array(
  z.object({ id: z.number().int().positive(), name: z.string().trim().min(1), marketId: z.number().int().positive() }),
);
const attributesFile = z.array(z.object({ id: z.number().int().positive(), name: z.string().trim().min(1) }));

const readJson = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../db/seed-data/${name}`, import.meta.url), 'utf8'));

/** The shipped reference data, checked: a bad edit of a seed file stops the start with the reason. */
export function shippedReferenceData() {
  return {
    marketAccounts: marketAccountsFile.parse(readJson('market-accounts.json')),
    attributes: attributesFile.parse(readJson('attributes.json')),
  };
}

/**
 * Loads the reference data of the bulk edit at every start, idempotently: suggested classes and units of measure
 * from the domain lists (the spec's options, which the row schema checks), market accounts and attributes from the
 * administrator-maintained files in server/src/db/seed-data (new ids added, changed names updated; rows already used
 * by submissions are never deleted).
 */
export async function loadReferenceData(db: Db) {
  const data = shippedReferenceData();
  await db.transaction(async (tx) => {
    await tx
      .insert(suggestedClasses)
      .values(SUGGESTED_CLASSES.map((name, position) => ({ name, position })))
      .onConflictDoUpdate({ target: suggestedClasses.name, set: { position: sql`excluded.position` } });
    await tx
      .insert(unitsOfMeasure)
      .values(UOM_OPTIONS.map((name, position) => ({ name, position })))
      .onConflictDoUpdate({ target: unitsOfMeasure.name, set: { position: sql`excluded.position` } });
    if (data.marketAccounts.length)
      await tx
        .insert(marketAccounts)
        .values(data.marketAccounts)
        .onConflictDoUpdate({
          target: marketAccounts.id,
          set: { name: sql`excluded.name`, marketId: sql`excluded.market_id` },
        });
    if (data.attributes.length)
      await tx
        .insert(attributes)
        .values(data.attributes)
        .onConflictDoUpdate({ target: attributes.id, set: { name: sql`excluded.name` } });
  });
}
