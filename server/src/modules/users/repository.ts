import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bulkIngestionOrganizations, companies, users } from '../../db/schema.ts';
import { forgetSessionsOf } from '../../lib/session-store.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row;
}

export async function findUserById(db: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByOidcSubject(db: Tx, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return row;
}

export async function emailExists(db: Tx, email: string): Promise<boolean> {
  return Boolean(await findUserByEmail(db, email));
}

export async function updateUser(db: Tx, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  forgetSessionsOf(id);
  return row;
}

export async function companyExists(db: Tx, id: number): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return Boolean(company);
}

/** The staff company (the first one), created when there is none yet: staff who sign in through OIDC belong to it. */
export async function staffCompanyId(db: Tx): Promise<number> {
  const [staff] = await db.select({ id: companies.id }).from(companies).where(eq(companies.kind, 'staff')).limit(1);
  if (staff) return staff.id;
  const [created] = await db.insert(companies).values({ name: 'Product Hub Staff', kind: 'staff' }).returning();
  return created.id;
}

/** Companies with the ids given (the demo's fixed ones); the id sequence moves past them. */
export async function insertCompaniesWithIds(db: Tx, rows: (typeof companies.$inferInsert & { id: number })[]) {
  await db.insert(companies).values(rows);
  await db.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`);
}

export async function insertCompany(db: Tx, values: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(values).returning();
  return row;
}

/** Several users at once, with their ids and e-mail addresses back. */
export async function insertUsers(db: Tx, rows: (typeof users.$inferInsert)[]) {
  return db.insert(users).values(rows).returning({ id: users.id, email: users.email });
}

export async function insertUser(db: Tx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

/** The user as GET /api/user returns it (part 1 section 3, user details). */
export async function loadUserDetails(db: Tx, user: UserRow, sessionPartnerCompanyId: number | null) {
  const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
  const [access] = await db
    .select({ id: bulkIngestionOrganizations.id })
    .from(bulkIngestionOrganizations)
    .where(eq(bulkIngestionOrganizations.companyId, user.companyId));
  return {
    id: user.id,
    companyId: user.companyId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    company: { id: company.id, name: company.name },
    // Accounts whose credentials this portal keeps; users of an outside identity provider manage theirs there.
    isAuth0User: user.passwordHash !== null,
    scopes: user.scopes,
    sessionPartnerCompanyId,
    tcAcceptanceDate: user.tcAcceptanceDate?.toISOString() ?? null,
    hasBulkIngestionAccess: Boolean(access),
  };
}
export type UserDetails = Awaited<ReturnType<typeof loadUserDetails>>;
