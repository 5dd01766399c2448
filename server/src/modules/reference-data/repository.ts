import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cities, countries, distributionMethods, states, suggestedClasses, unitsOfMeasure } from '../../db/schema.ts';

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
