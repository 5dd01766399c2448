import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  attributes,
  cities,
  countries,
  distributionMethods,
  marketAccounts,
  states,
  suggestedClasses,
  unitsOfMeasure,
} from '../../db/schema.ts';

export const listCountries = (db: Tx) =>
  db
    .select({ id: countries.id, name: countries.name, code: countries.code })
    .from(countries)
    .orderBy(asc(countries.name));

export const listStates = (db: Tx, countryCode: string) =>
  db
    .select({ id: states.id, name: states.name, code: states.code })
    .from(states)
    .where(eq(states.countryCode, countryCode))
    .orderBy(asc(states.name));

export const listCities = (db: Tx, countryCode: string, stateCode: string) =>
  db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(and(eq(cities.countryCode, countryCode), eq(cities.stateCode, stateCode)))
    .orderBy(asc(cities.name));

export const listDistributionMethods = (db: Tx) =>
  db
    .select({ id: distributionMethods.id, name: distributionMethods.name })
    .from(distributionMethods)
    .orderBy(asc(distributionMethods.id));

export async function countryExists(db: Tx, code: string) {
  return (await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code))).length > 0;
}
export async function stateExists(db: Tx, countryCode: string, code: string) {
  return (
    (
      await db
        .select({ id: states.id })
        .from(states)
        .where(and(eq(states.countryCode, countryCode), eq(states.code, code)))
    ).length > 0
  );
}
export async function cityExists(db: Tx, countryCode: string, stateCode: string, name: string) {
  const rows = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.countryCode, countryCode), eq(cities.stateCode, stateCode), eq(cities.name, name)));
  return rows.length > 0;
}
export async function distributionMethodExists(db: Tx, name: string) {
  return (
    (
      await db
        .select({ id: distributionMethods.id })
        .from(distributionMethods)
        .where(eq(distributionMethods.name, name))
    ).length > 0
  );
}
export async function stateCodes(db: Tx, countryCode: string) {
  return new Set(
    (await db.select({ code: states.code }).from(states).where(eq(states.countryCode, countryCode))).map((r) => r.code),
  );
}

/** The bulk edit's suggested class options, in the specification's order. */
export const listSuggestedClasses = async (db: Tx) =>
  (await db.select({ name: suggestedClasses.name }).from(suggestedClasses).orderBy(asc(suggestedClasses.position))).map(
    (r) => r.name,
  );

/** The bulk edit's units of measure, in the specification's order. */
export const listUnitsOfMeasure = async (db: Tx) =>
  (await db.select({ name: unitsOfMeasure.name }).from(unitsOfMeasure).orderBy(asc(unitsOfMeasure.position))).map(
    (r) => r.name,
  );

const PLACE_TABLES = { countries, states, cities, distributionMethods };

/** How many rows a table of places (and distribution methods) holds. */
export const countPlaceRows = (db: Tx) => async (table: keyof typeof PLACE_TABLES) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(PLACE_TABLES[table]))[0]?.n ?? 0;

/** Adds the rows not there yet; a row already there stays as it is. */
export async function insertMissingPlaces(
  tx: Tx,
  data: {
    countryRows: (typeof countries.$inferInsert)[];
    stateRows: (typeof states.$inferInsert)[];
    cityRows: (typeof cities.$inferInsert)[];
    methodRows: (typeof distributionMethods.$inferInsert)[];
  },
) {
  await tx.insert(countries).values(data.countryRows).onConflictDoNothing();
  await tx.insert(states).values(data.stateRows).onConflictDoNothing();
  await tx.insert(cities).values(data.cityRows).onConflictDoNothing();
  await tx.insert(distributionMethods).values(data.methodRows).onConflictDoNothing();
}

/** Adds the bulk edit's options, and updates the position or name of those already there (new ids added). */
export async function upsertBulkEditOptions(
  tx: Tx,
  data: {
    suggestedClasses: { name: string; position: number }[];
    unitsOfMeasure: { name: string; position: number }[];
    marketAccounts: (typeof marketAccounts.$inferInsert)[];
    attributes: (typeof attributes.$inferInsert)[];
  },
) {
  await tx
    .insert(suggestedClasses)
    .values(data.suggestedClasses)
    .onConflictDoUpdate({ target: suggestedClasses.name, set: { position: sql`excluded.position` } });
  await tx
    .insert(unitsOfMeasure)
    .values(data.unitsOfMeasure)
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
}
