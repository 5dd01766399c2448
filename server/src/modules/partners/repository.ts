import { asc, desc, eq, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import { companies, partnerConfigurations } from '../../db/schema.ts';

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const selectJoined = (db: Tx) =>
  db
    .select({ config: partnerConfigurations, companyName: companies.name })
    .from(partnerConfigurations)
    .innerJoin(companies, eq(companies.id, partnerConfigurations.companyId));

/** A configuration recorded as it is (the demo's partner): no audit row, no rule version. */
export async function insertConfiguration(db: Tx, values: typeof partnerConfigurations.$inferInsert) {
  await db.insert(partnerConfigurations).values(values);
}

/** A new configuration, or undefined when the company has one already. */
export async function insertNewConfiguration(tx: Tx, values: typeof partnerConfigurations.$inferInsert) {
  const [row] = await tx.insert(partnerConfigurations).values(values).onConflictDoNothing().returning();
  return row;
}

/** Every configuration with its company's name, newest first. */
export const configurationRows = (db: Tx) =>
  selectJoined(db).orderBy(desc(partnerConfigurations.createdAt), desc(partnerConfigurations.id));

export async function configurationOfCompany(db: Tx, companyId: number) {
  const [row] = await selectJoined(db).where(eq(partnerConfigurations.companyId, companyId));
  return row;
}

export async function configurationRow(db: Tx, id: number) {
  const [row] = await selectJoined(db).where(eq(partnerConfigurations.id, id));
  return row;
}

export async function logoRow(db: Tx, id: number) {
  const [row] = await db
    .select({ key: partnerConfigurations.partnerLogoKey, fileName: partnerConfigurations.partnerLogoFileName })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.id, id));
  return row;
}

/** Partners whose company name is like the pattern, at most 20, by name. */
export const partnersNamed = (db: Tx, pattern: string) =>
  db
    .select({ id: companies.id, companyName: companies.name, partnerConfigurationId: partnerConfigurations.id })
    .from(partnerConfigurations)
    .innerJoin(companies, eq(companies.id, partnerConfigurations.companyId))
    .where(ilike(companies.name, pattern))
    .orderBy(asc(companies.name))
    .limit(20);

/** A configuration locked for a change. */
export async function lockedConfiguration(tx: Tx, id: number) {
  const [before] = await forUpdate(
    tx,
    LOCK.partnerConfig,
    tx.select().from(partnerConfigurations).where(eq(partnerConfigurations.id, id)),
  );
  return before;
}

/** When a configuration was last saved, under its lock. */
export async function lockedUpdatedAt(tx: Tx, id: number) {
  const [locked] = await forUpdate(
    tx,
    LOCK.partnerConfig,
    tx
      .select({ updatedAt: partnerConfigurations.updatedAt })
      .from(partnerConfigurations)
      .where(eq(partnerConfigurations.id, id)),
  );
  return locked;
}

export async function updateConfigurationRow(
  tx: Tx,
  id: number,
  set: Partial<typeof partnerConfigurations.$inferInsert>,
) {
  const [row] = await tx.update(partnerConfigurations).set(set).where(eq(partnerConfigurations.id, id)).returning();
  return row;
}

export async function companyRow(db: Tx, companyId: number) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return company;
}

export async function companyNameRow(db: Tx, companyId: number) {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return company;
}

export async function companyIdAndName(db: Tx, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}

/** Companies whose name is like the pattern, at most 20, by name. */
export const companiesNamed = (db: Tx, pattern: string) =>
  db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(ilike(companies.name, pattern))
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(20);
