import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { accountInformationSchema, changePasswordSchema, emailSchema, MSG } from '@portal/domain';
import { sessions } from '../../db/schema.ts';
import { conflict, forbidden, HttpError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { requireUser } from '../auth/session.ts';
import { findUserByEmail, loadUserDetails, updateUser } from './repository.ts';
import { forgetSessionsOf } from '../../lib/session-store.ts';
import { authorize } from '../../lib/authorize.ts';
import { userPolicy } from './policy.ts';

export async function userRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const partnerOf = (s: { partnerCompanyId?: number | null }) => s.partnerCompanyId ?? null;

  app.get('/api/user', async (request) => {
    const user = await requireUser(request);
    return loadUserDetails(db, user, partnerOf(request.session));
  });

  /**
   * For the account form's "already taken" hint: a supplier learns only about addresses of its own company (so it
   * cannot probe who else has an account); staff, about any address.
   */
  app.get('/api/user/exists/:email', async (request) => {
    const user = await requireUser(request);
    const { email } = z.object({ email: emailSchema }).parse(request.params);
    const found = await findUserByEmail(db, email);
    return { email_exists: Boolean(found && userPolicy.learnEmailTaken(user, found)) };
  });

  app.put('/api/user', async (request) => {
    const user = await requireUser(request);
    authorize(userPolicy.editDetails(user), () => forbidden('This account is managed by your identity provider.'));
    const input = accountInformationSchema.parse(request.body ?? {});
    const other = await findUserByEmail(db, input.email);
    if (other && other.id !== user.id) throw conflict(MSG.emailTaken);
    const updated = await updateUser(db, user.id, input);
    return loadUserDetails(db, updated, partnerOf(request.session));
  });

  app.patch('/api/user/password', async (request, reply) => {
    const user = await requireUser(request);
    const { oldPassword, newPassword } = changePasswordSchema.parse(request.body ?? {});
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw new HttpError(401, 'OLD_PASSWORD_MISMATCH', MSG.oldPasswordWrong);
    }
    await updateUser(db, user.id, { passwordHash: await hashPassword(newPassword) });
    // Other sessions of this account end; this one stays signed in.
    await db.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.sid, request.session.sessionId)));
    forgetSessionsOf(user.id);
    return reply.status(204).send();
  });

  app.put('/api/user/accept-terms-and-conditions', async (request) => {
    const user = await requireUser(request);
    const updated = await updateUser(db, user.id, { tcAcceptanceDate: new Date() });
    return loadUserDetails(db, updated, partnerOf(request.session));
  });
}
