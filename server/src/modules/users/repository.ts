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
