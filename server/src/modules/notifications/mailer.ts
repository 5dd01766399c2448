import { isDependencyUnavailable } from '../../lib/dependency-errors.ts';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Every message is written to the outbox first (nothing is lost if SMTP is down), then sent over SMTP
 * when SMTP_URL is set; otherwise the outbox and the log are where it can be read.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await opts.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport) {
        opts.log.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (err) {
        if (isDependencyUnavailable(err)) {
          // The relay is away or said "try later": the mail's job sends it again (and writes its row again).
          opts.log.warn({ err, to: mail.to }, 'SMTP relay unavailable; the mail is sent again later');
          await opts.db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
          throw err;
        }
        opts.log.error({ err, to: mail.to }, 'SMTP send failed; message kept in outbox');
        await opts.db
          .update(mailOutbox)
          .set({ error: String(err) })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
