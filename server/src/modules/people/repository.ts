import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CompanyView, PersonView } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { companies, userInvitations, users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

const COMPANY_LIST_LIMIT = 500;

export const personView = (u: UserRow): PersonView => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  scopes: u.scopes,
  state: u.disabledAt ? 'disabled' : u.passwordHash || u.oidcSubject ? 'active' : 'invited',
  createdAt: u.createdAt.toISOString(),
});

/** The users of one company, oldest first. */
export async function usersOfCompany(db: Tx, companyId: number): Promise<PersonView[]> {
  const rows = await db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.id));
  return rows.map(personView);
}

export async function findCompany(db: Tx, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Companies of a kind, by name, with how many users each has (at most COMPANY_LIST_LIMIT; a prefix narrows it). */
export async function listCompanies(db: Tx, kind: CompanyView['kind'], prefix = ''): Promise<CompanyView[]> {
  const rows = await db
    .select({ id: companies.id, name: companies.name, kind: companies.kind, users: count(users.id) })
    .from(companies)
    .leftJoin(users, eq(users.companyId, companies.id))
    .where(
      and(
        eq(companies.kind, kind),
        prefix
          ? sql`lower(${companies.name}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
          : undefined,
      ),
    )
    .groupBy(companies.id)
    .orderBy(sql`lower(${companies.name})`, asc(companies.id))
    .limit(COMPANY_LIST_LIMIT);
  return rows.map((r) => ({ ...r, users: Number(r.users) }));
}

export async function companyNameTaken(db: Tx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`lower(${companies.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}

export async function insertInvitation(db: Tx, values: typeof userInvitations.$inferInsert) {
  await db.insert(userInvitations).values(values);
}

/** The open invitation of this token hash (unspent, unexpired), with its user. */
export async function openInvitation(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({ userId: userInvitations.userId, user: users, company: companies })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(userInvitations.tokenHash, tokenHash),
        isNull(userInvitations.usedAt),
        gt(userInvitations.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Spends an open invitation: the one that returns it may set the password (a link works once). */
export async function claimInvitation(tx: Tx, tokenHash: string) {
  const [claimed] = await tx
    .update(userInvitations)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userInvitations.tokenHash, tokenHash),
        isNull(userInvitations.usedAt),
        gt(userInvitations.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userInvitations.userId });
  return claimed;
}

/** Spends every other open invitation of the user. */
export async function spendInvitationsOf(tx: Tx, userId: number) {
  await tx
    .update(userInvitations)
    .set({ usedAt: new Date() })
    .where(and(eq(userInvitations.userId, userId), isNull(userInvitations.usedAt)));
}

/** Removes invitations that expired, or were spent, before `before`. */
export async function purgeOldInvitations(db: Tx, before: Date) {
  await db
    .delete(userInvitations)
    .where(sql`${userInvitations.expiresAt} < ${before} or ${userInvitations.usedAt} < ${before}`);
}
