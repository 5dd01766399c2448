import { z } from 'zod';

/**
 * How a supplier hears of review decisions: each decision's e-mail at once (immediate, the default), or one digest of
 * the company's decisions an hour or a day, each item with what to fix. Chosen per user on the account page.
 */
export const MAIL_DIGEST_FREQUENCIES = ['immediate', 'hourly', 'daily'] as const;
export type MailDigestFrequency = (typeof MAIL_DIGEST_FREQUENCIES)[number];

export const MAIL_DIGEST_LABELS: Record<MailDigestFrequency, string> = {
  immediate: 'Immediately: one e-mail per decision on my products',
  hourly: "Hourly: one digest of my company's decisions",
  daily: "Daily: one digest of my company's decisions",
};

/** The daily digest leaves at this hour (UTC): morning in the Americas, afternoon in Europe. */
export const DAILY_DIGEST_HOUR_UTC = 13;

export const mailDigestSchema = z
  .object({ mailDigest: z.enum(MAIL_DIGEST_FREQUENCIES) })
  .meta({ examples: [{ mailDigest: 'daily' }] });

export const MAIL_DIGEST_MSG = {
  saved: 'Your e-mail preference was saved.',
} as const;

/** When the digest that takes a decision made at `now` leaves: the next full hour, or the next daily hour. */
export function nextDigestAt(frequency: Exclude<MailDigestFrequency, 'immediate'>, now: Date): Date {
  const next = new Date(now);
  next.setUTCMinutes(0, 0, 0);
  if (frequency === 'hourly') {
    next.setUTCHours(next.getUTCHours() + 1);
    return next;
  }
  next.setUTCHours(DAILY_DIGEST_HOUR_UTC);
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}
