import { isDependencyUnavailable } from '../../lib/dependency-errors.ts';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../context.ts';
import { dropFromOutbox, keepInOutbox, markFailed, markSent } from './repository.ts';

/**
 * Every message is written to the outbox first (nothing is lost if SMTP is down), then sent over SMTP
 * when SMTP_URL is set; otherwise the outbox and the log are where it can be read.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const id = await keepInOutbox(opts.db, mail);
      if (!transport) {
        opts.log.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await markSent(opts.db, id);
      } catch (err) {
        if (isDependencyUnavailable(err)) {
          // The relay is away or said "try later": the mail's job sends it again (and writes its row again).
          opts.log.warn({ err, to: mail.to }, 'SMTP relay unavailable; the mail is sent again later');
          await dropFromOutbox(opts.db, id);
          throw err;
        }
        opts.log.error({ err, to: mail.to }, 'SMTP send failed; message kept in outbox');
        await markFailed(opts.db, id, String(err));
      }
    },
  };
}
