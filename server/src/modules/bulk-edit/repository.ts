import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { attributes, companies, marketAccounts, partnerConfigurations, productSubmissions } from '../../db/schema.ts';

/** The bulk edit's reads: the submissions edited, the market accounts, attributes and brands to choose from. */

export type BulkEditSubmissionRow = typeof productSubmissions.$inferSelect;

export const submissionsByIds = (db: Tx, ids: readonly string[]) =>
  db
    .select()
    .from(productSubmissions)
    .where(inArray(productSubmissions.id, [...ids]));

export const marketAccountsByIds = (db: Tx, ids: number[]) =>
  db.select().from(marketAccounts).where(inArray(marketAccounts.id, ids));

export const attributesByIds = (db: Tx, ids: number[]) =>
  db.select().from(attributes).where(inArray(attributes.id, ids));

/** Of these market account (or attribute) ids, those that exist. */
export async function existingIds(tx: Tx, kind: 'marketAccounts' | 'attributes', ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set<number>();
  const table = kind === 'marketAccounts' ? marketAccounts : attributes;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  return new Set(rows.map((r) => r.id));
}

/** Market accounts whose name matches the LIKE pattern (any, for null), by name: 20 at most. */
export const marketAccountsLike = (db: Tx, pattern: string | null) =>
  db
    .select()
    .from(marketAccounts)
    .where(pattern ? sql`lower(${marketAccounts.name}) like lower(${pattern})` : sql`true`)
    .orderBy(asc(marketAccounts.name), asc(marketAccounts.id))
    .limit(20);

export const attributesByName = (db: Tx) =>
  db.select().from(attributes).orderBy(asc(attributes.name), asc(attributes.id));

/** Company names matching the ILIKE pattern: any supplier's (companyId null), or that one company's; 20 at most. */
export const companyNamesLike = (db: Tx, pattern: string, companyId: number | null) =>
  db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      companyId === null
        ? sql`${companies.kind} = 'supplier' and ${companies.name} ilike ${pattern}`
        : sql`${companies.id} = ${companyId} and ${companies.name} ilike ${pattern}`,
    )
    .orderBy(asc(companies.name))
    .limit(20);

/** A partner's field rules; undefined when it has no configuration. */
export async function fieldRulesOf(db: Tx, partnerCompanyId: number) {
  const [row] = await db
    .select({ fieldRules: partnerConfigurations.fieldRules })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return row;
}
