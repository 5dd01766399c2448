import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  INVITATION_TTL_HOURS,
  MSG,
  PEOPLE_MSG,
  SUPPORT_EMAIL,
  type CompanyUserInvite,
  type StaffInvite,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { defineJob, enqueue, jobType } from '../../jobs/queue.ts';
import { recordAudit } from '../audit/record.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { deleteSessionsOf, forgetSessionsOf } from '../../lib/session-store.ts';
import type { Actor } from '../../lib/authorize.ts';
import { peoplePolicy } from './policy.ts';
import {
  findUserByEmail,
  findUserById,
  insertCompany,
  insertUser,
  staffCompanyId,
  updateUser,
} from '../users/repository.ts';
import {
  claimInvitation,
  companyNameTaken,
  findCompany,
  insertInvitation,
  openInvitation,
  personView,
  spendInvitationsOf,
} from './repository.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
type Admin = Pick<Actor, 'id' | 'scopes'>;

/**
 * Adds an account without a password and queues its invitation, in one transaction with the audit row: the mail job
 * writes the link (only its hash is stored) and sends it.
 */
async function inviteUser(
  db: Db,
  admin: Admin,
  companyId: number,
  input: { email: string; firstName: string; lastName: string; scopes: string[] },
) {
  try {
    return await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw conflict(MSG.emailTaken);
      const user = await insertUser(tx, { ...input, companyId, passwordHash: null });
      await recordAudit(tx, {
        actor: admin,
        action: 'user.invited',
        target: { type: 'user', id: user.id, companyId, label: user.email },
        after: { email: user.email, firstName: user.firstName, lastName: user.lastName, scopes: user.scopes },
      });
      await enqueue(tx, invitationMailJob, { userId: user.id, invitedBy: admin.id }, { companyId });
      return personView(user);
    });
  } catch (err) {
    // Two administrators inviting the same address at once: the unique index decides, the second is told.
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken);
    throw err;
  }
}

export async function inviteStaffUser(db: Db, admin: Admin, input: StaffInvite) {
  if (!peoplePolicy.grant(admin, input.scopes))
    throw badRequest(PEOPLE_MSG.scopeNotYours, { scopes: PEOPLE_MSG.scopeNotYours });
  return inviteUser(db, admin, await staffCompanyId(db), input);
}

export async function inviteCompanyUser(db: Db, admin: Admin, companyId: number, input: CompanyUserInvite) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound(PEOPLE_MSG.companyNotFound);
  if (company.kind !== 'supplier') throw badRequest(PEOPLE_MSG.notSupplierCompany);
  return inviteUser(db, admin, companyId, input);
}

export async function addSupplierCompany(db: Db, admin: Admin, name: string) {
  return db.transaction(async (tx) => {
    if (await companyNameTaken(tx, name)) throw conflict(PEOPLE_MSG.companyNameTaken);
    const company = await insertCompany(tx, { name, kind: 'supplier' });
    await recordAudit(tx, {
      actor: admin,
      action: 'company.created',
      target: { type: 'company', id: company.id, companyId: company.id, label: company.name },
      after: { name: company.name },
    });
    return { id: company.id, name: company.name, kind: company.kind, users: 0 };
  });
}

/** Sends a new link to someone who has not set a password yet (the earlier links keep working until they expire). */
export async function resendInvitation(db: Db, admin: Admin, userId: number, mayReach: (companyId: number) => boolean) {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user || !mayReach(user.companyId)) throw notFound(PEOPLE_MSG.userNotFound);
    if (user.passwordHash || user.oidcSubject) throw conflict(PEOPLE_MSG.alreadyActive);
    await recordAudit(tx, {
      actor: admin,
      action: 'user.invitation_resent',
      target: { type: 'user', id: user.id, companyId: user.companyId, label: user.email },
    });
    await enqueue(tx, invitationMailJob, { userId: user.id, invitedBy: admin.id }, { companyId: user.companyId });
    return personView(user);
  });
}

/** What the invitation page shows before the password is chosen; null when the link is unknown, spent or expired. */
export async function describeInvitation(db: Db, token: string) {
  const found = await openInvitation(db, sha256(token));
  if (!found || found.user.passwordHash) return null;
  return { email: found.user.email, firstName: found.user.firstName, companyName: found.company.name };
}

/** Spends the link and sets the first password, in one transaction; every other link of the user is spent too. */
export async function acceptInvitation(db: Db, token: string, passwordHash: string): Promise<void> {
  const userId = await db.transaction(async (tx: Tx) => {
    const claimed = await claimInvitation(tx, sha256(token));
    if (!claimed) return null;
    const user = await findUserById(tx, claimed.userId);
    if (!user || user.passwordHash) return null;
    await updateUser(tx, user.id, { passwordHash });
    await spendInvitationsOf(tx, user.id);
    await deleteSessionsOf(tx, user.id);
    await recordAudit(tx, {
      actor: { id: user.id },
      action: 'user.invitation_accepted',
      target: { type: 'user', id: user.id, companyId: user.companyId, label: user.email },
    });
    return user.id;
  });
  if (userId === null) throw new HttpError(400, 'INVITATION_INVALID', PEOPLE_MSG.invitationInvalid);
  forgetSessionsOf(userId);
}

const invitationMailJob = jobType('users.invitationMail', {
  queue: 'mail',
  payload: z.object({ userId: z.number().int(), invitedBy: z.number().int().nullable() }),
  maxAttempts: 3,
});

/** Writes a single-use invitation link for an account still without a password and mails it. */
export const sendInvitationMail = (ctx: AppContext) =>
  defineJob<{ userId: number; invitedBy: number | null }>({
    ...invitationMailJob,
    handler: async ({ userId, invitedBy }) => {
      const user = await findUserById(ctx.db, userId);
      if (!user || user.passwordHash || user.oidcSubject || user.disabledAt) return; // accepted or gone meanwhile
      const company = await findCompany(ctx.db, user.companyId);
      const token = randomBytes(32).toString('base64url');
      await insertInvitation(ctx.db, {
        tokenHash: sha256(token),
        userId: user.id,
        invitedBy,
        expiresAt: new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000),
      });
      const link = `${ctx.config.publicUrl}/invitation/${token}`;
      await ctx.mailer.send({
        to: user.email,
        subject: 'You are invited to Product Hub',
        text:
          `Hello ${user.firstName},\n\nAn administrator added you to Product Hub as a user of ${company?.name ?? 'your company'}.\n` +
          `Open this link within ${INVITATION_TTL_HOURS / 24} days to choose your password (it works once):\n\n${link}\n\n` +
          `Then sign in with ${user.email}. Questions: ${SUPPORT_EMAIL}\n`,
      });
    },
  });
