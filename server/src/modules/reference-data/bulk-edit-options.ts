import { z } from 'zod';
import { SUGGESTED_CLASSES, UOM_OPTIONS } from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { upsertBulkEditOptions } from './repository.ts';
import { seedDataFile } from './seed-data.ts';

const marketAccountsFile = z.array(
  z.object({ id: z.number().int().positive(), name: z.string().trim().min(1), marketId: z.number().int().positive() }),
);
const attributesFile = z.array(z.object({ id: z.number().int().positive(), name: z.string().trim().min(1) }));

/** The bulk edit's options as shipped, checked: a bad edit of a seed file stops the start with the reason. */
export function readBulkEditOptions() {
  return {
    marketAccounts: seedDataFile('market-accounts.json', marketAccountsFile),
    attributes: seedDataFile('attributes.json', attributesFile),
  };
}

/**
 * Loads the reference data of the bulk edit at every start, idempotently: suggested classes and units of measure
 * from the domain lists (the spec's options, which the row schema checks), market accounts and attributes from the
 * administrator-maintained files in server/src/db/seed-data (new ids added, changed names updated; rows already used
 * by submissions are never deleted).
 */
export async function loadBulkEditOptions(db: Db) {
  const data = readBulkEditOptions();
  await db.transaction((tx) =>
    upsertBulkEditOptions(tx, {
      suggestedClasses: SUGGESTED_CLASSES.map((name, position) => ({ name, position })),
      unitsOfMeasure: UOM_OPTIONS.map((name, position) => ({ name, position })),
      ...data,
    }),
  );
}
