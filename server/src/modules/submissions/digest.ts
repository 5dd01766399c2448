import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  nextDigestAt,
  statusDisplayName,
  SUPPORT_EMAIL,
  type ItemStatus,
  type MailDigestFrequency,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { companies, mailDigestItems, users } from '../../db/schema.ts';
import { defineJob, enqueue, jobType } from '../../jobs/queue.ts';

/**
 * The digest of decisions (docs/decisions/activity-and-review.md): users of a supplier company who chose hourly or
 * daily get one e-mail per window listing the company's decided items, each with what to fix, instead of one e-mail
 * per decision. This file owns mail_digest_items.
 */

export interface DigestItem {
  submissionId: string;
  status: ItemStatus;
  product: string;
  reason: string | null;
  comments: readonly string[];
  link: string;
}

/** The company's users who chose a digest (enabled accounts only). */
export async function digestRecipients(db: Tx, companyId: number) {
  return db
    .select({ id: users.id, mailDigest: users.mailDigest })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.mailDigest, 'immediate'), isNull(users.disabledAt)));
}

const digestMailJob = jobType('submissions.digestMail', {
  queue: 'mail',
  payload: z.object({ userId: z.number().int() }),
  maxAttempts: 5,
});

/**
 * Adds a decision to each recipient's next digest and makes sure that digest is queued: one job per user and window
 * (its dedupe key names the window's end), so any number of decisions in the window make one e-mail.
 */
export async function addToDigests(
  tx: Tx,
  companyId: number,
  recipients: readonly { id: number; mailDigest: MailDigestFrequency }[],
  item: DigestItem,
  now = new Date(),
) {
  for (const user of recipients) {
    if (user.mailDigest === 'immediate') continue;
    await tx
      .insert(mailDigestItems)
      .values({ userId: user.id, companyId, ...item, comments: [...item.comments] })
      .onConflictDoUpdate({
        target: [mailDigestItems.userId, mailDigestItems.submissionId, mailDigestItems.status],
        set: {
          product: item.product,
          reason: item.reason,
          comments: [...item.comments],
          link: item.link,
          createdAt: sql`now()`,
        },
      });
    const runAt = nextDigestAt(user.mailDigest, now);
    await enqueue(
      tx,
      digestMailJob,
      { userId: user.id },
      { runAt, companyId, dedupeKey: `digest:${user.id}:${runAt.toISOString()}` },
    );
  }
}

/** The digest's text: one paragraph per item, what happened and what to fix, with its link. */
export function digestMail(firstName: string, companyName: string, items: readonly DigestItem[], publicUrl: string) {
  const blocks = items.map((i) =>
    [
      `- ${i.product}: ${statusDisplayName(i.status)}`,
      ...(i.reason ? [`  Reason: ${i.reason}`] : []),
      ...(i.comments.length ? ['  What to fix:', ...i.comments.map((c) => `    - ${c}`)] : []),
      `  ${i.link}`,
    ].join('\n'),
  );
  const count = items.length === 1 ? '1 decision' : `${items.length} decisions`;
  return {
    subject: `Product Hub: ${count} on ${companyName}'s products`,
    text:
      `Hello ${firstName || 'there'},\n\nSince the last digest there were ${count} on ${companyName}'s products:\n\n` +
      `${blocks.join('\n\n')}\n\n` +
      `You receive this digest instead of one e-mail per decision; change it on your account page: ${publicUrl}/account/information\n\n` +
      `Questions: ${SUPPORT_EMAIL}\n`,
  };
}

/** Sends the user's digest of every item waiting (oldest first), then removes what it sent. */
export const sendDigestMail = (ctx: AppContext) =>
  defineJob<{ userId: number }>({
    ...digestMailJob,
    handler: async ({ userId }) => {
      const [user] = await ctx.db
        .select({
          email: users.email,
          firstName: users.firstName,
          disabledAt: users.disabledAt,
          company: companies.name,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId));
      const rows = await ctx.db
        .select()
        .from(mailDigestItems)
        .where(and(eq(mailDigestItems.userId, userId), lte(mailDigestItems.createdAt, sql`now()`)))
        .orderBy(asc(mailDigestItems.id));
      if (!rows.length) return;
      if (user && !user.disabledAt) {
        const items = rows.map((r) => ({ ...r, status: r.status as ItemStatus }));
        await ctx.mailer.send({
          to: user.email,
          ...digestMail(user.firstName, user.company, items, ctx.config.publicUrl),
        });
      }
      await ctx.db.delete(mailDigestItems).where(
        inArray(
          mailDigestItems.id,
          rows.map((r) => r.id),
        ),
      );
    },
  });
