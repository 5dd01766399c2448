import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { loadBulkEditOptions } from './bulk-edit-options.ts';
import { countPlaceRows, insertMissingPlaces } from './repository.ts';
import { seedDataFile } from './seed-data.ts';

const code = z.string().regex(/^[A-Z]{2,3}$/);
/** The places and distribution methods shipped as data files, as rows for their tables. */
export function readPlaces() {
  const countryRows = seedDataFile('countries.json', z.array(z.object({ code, name: z.string().min(1) })));
  const stateFile = seedDataFile('states.json', z.record(code, z.array(z.object({ code, name: z.string().min(1) }))));
  const cityFile = seedDataFile('cities.json', z.record(code, z.record(code, z.array(z.string().min(1)))));
  const methods = seedDataFile('distribution-methods.json', z.array(z.string().min(1)));
  const stateRows = Object.entries(stateFile).flatMap(([countryCode, list]) =>
    list.map((s) => ({ countryCode, ...s })),
  );
  const cityRows = Object.entries(cityFile).flatMap(([countryCode, byState]) =>
    Object.entries(byState).flatMap(([stateCode, names]) => names.map((name) => ({ countryCode, stateCode, name }))),
  );
  return { countryRows, stateRows, cityRows, methodRows: methods.map((name) => ({ name })) };
}

/**
 * Adds whatever rows of the data files are missing (idempotent: every start runs it, a row already there stays, and
 * two processes starting at once do not collide). Rows are never removed here: stored profiles may name them.
 */
export async function loadPlaces(db: Tx) {
  const data = readPlaces();
  const count = countPlaceRows(db);
  // Already complete: skip the inserts (each would still use up sequence numbers).
  const complete =
    (await count('countries')) >= data.countryRows.length &&
    (await count('states')) >= data.stateRows.length &&
    (await count('cities')) >= data.cityRows.length &&
    (await count('distributionMethods')) >= data.methodRows.length;
  if (complete) return;
  await db.transaction((tx) => insertMissingPlaces(tx, data));
}

/**
 * The shipped reference data, loaded by every start before anything is served (and into the tests' template
 * database): the places and distribution methods above, and the bulk edit's options.
 */
export async function loadShippedReferenceData(db: Db) {
  await loadPlaces(db);
  await loadBulkEditOptions(db);
}
