import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  MSG,
  PASSWORD_RESET_TTL_MINUTES,
  resetPasswordSchema,
  SUPPORT_EMAIL,
} from '@portal/domain';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { deleteSessionsOf, forgetSessionsOf } from '../../lib/session-store.ts';
import { findUserByEmail, updateUser } from '../users/repository.ts';
import { hashPassword } from '../users/passwords.ts';
import { authPolicy } from './policy.ts';
import { claimResetToken, insertResetToken, spendResetTokensOf } from './repository.ts';
import type { AppContext } from '../../context.ts';
import { defineJob, enqueue, jobType } from '../../jobs/queue.ts';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export async function passwordResetRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const limited = { rateLimit: { max: ctx.config.loginRateLimitPerMinute, timeWindow: '1 minute' }, sessionOnly: true };
  const tags = ['Sign-in'];

  /**
   * Answers the same, in the same time, whether or not the address is known, so it cannot be used to find accounts:
   * the request only queues a job; looking the address up, writing the link and sending the mail happen there.
   */
  app.post(
    '/api/user/password/forgot',
    {
      config: limited,
      schema: routeSchema({
        summary: 'Ask for a password reset link (same answer for any address)',
        tags,
        body: forgotPasswordSchema,
        responses: { 202: z.object({ ok: z.literal(true) }) },
        errors: [400, 403, 429],
        public: true,
      }),
    },
    async (request, reply) => {
      const { email } = forgotPasswordSchema.parse(request.body ?? {});
      await enqueue(ctx.db, passwordResetMailJob, { email });
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/user/password/reset',
    {
      config: limited,
      schema: routeSchema({
        summary: 'Set a new password with a reset link',
        tags,
        body: resetPasswordSchema,
        responses: { 204: null },
        errors: [400, 403, 429],
        public: true,
      }),
    },
    async (request, reply) => {
      const { token, newPassword } = resetPasswordSchema.parse(request.body ?? {});
      const resetUserId = await resetPassword(ctx.db, token, await hashPassword(newPassword));
      if (resetUserId === null) throw new HttpError(400, 'RESET_LINK_INVALID', MSG.resetLinkInvalid);
      forgetSessionsOf(resetUserId);
      return reply.status(204).send();
    },
  );
}

/**
 * Spends a reset link and sets the new password; every session of the account ends. Claiming the token and changing
 * the password happen together or not at all: a link works once. Null when the link is unknown, spent or expired.
 */
async function resetPassword(db: Db, token: string, passwordHash: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const claimed = await claimResetToken(tx, sha256(token));
    if (!claimed) return null;
    await updateUser(tx, claimed.userId, { passwordHash });
    await deleteSessionsOf(tx, claimed.userId);
    await spendResetTokensOf(tx, claimed.userId);
    return claimed.userId;
  });
}

const passwordResetMailJob = jobType('auth.passwordResetMail', {
  queue: 'mail',
  payload: z.object({ email: z.string().max(320) }),
  maxAttempts: 3,
});

/** Writes a single-use reset link for a known account with a password and mails it; an unknown address ends here. */
export const sendPasswordResetMail = (ctx: AppContext) =>
  defineJob<{ email: string }>({
    ...passwordResetMailJob,
    handler: async ({ email }) => {
      const user = await findUserByEmail(ctx.db, email);
      if (!user || !authPolicy.receiveResetLink(user)) return; // unknown, or signs in through the identity provider
      const token = randomBytes(32).toString('base64url');
      await insertResetToken(ctx.db, {
        tokenHash: sha256(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      });
      const link = `${ctx.config.publicUrl}/reset-password/${token}`;
      await ctx.mailer.send({
        to: user.email,
        subject: 'Reset your Product Hub password',
        text:
          `Hello ${user.firstName || ''},\n\nSomeone asked to reset the password of your Product Hub account.\n` +
          `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password (it works once):\n\n${link}\n\n` +
          `If you did not ask for this, you can ignore this message. Questions: ${SUPPORT_EMAIL}\n`,
      });
    },
  });
