import { z } from 'zod';

/**
 * The support ticket of a submission (part 1 section 3: zendeskTicketId and zendeskTicketUrl; section 2: staff see a
 * support-ticket link on the detail page). Staff set it when a case about the item is opened with support; either
 * part may be cleared.
 */
export const SUPPORT_TICKET_MAX_ID = 64;
export const SUPPORT_TICKET_MAX_URL = 2000;

export const SUPPORT_TICKET_MSG = {
  id: `A ticket id is up to ${SUPPORT_TICKET_MAX_ID} letters, digits and - _ # . / characters, without spaces.`,
  url: 'The ticket link must be a full https:// address.',
  urlWithoutId: 'A ticket link needs its ticket id.',
  saved: 'Support ticket saved.',
  removed: 'Support ticket removed.',
} as const;

const emptyToNull = (value: string | null | undefined) => (value ? value : null);

const ticketId = z
  .string()
  .trim()
  .max(SUPPORT_TICKET_MAX_ID, SUPPORT_TICKET_MSG.id)
  .regex(/^[\w#./-]*$/, SUPPORT_TICKET_MSG.id)
  .nullish()
  .transform(emptyToNull);

const isHttpsUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
};

const ticketUrl = z
  .string()
  .trim()
  .max(SUPPORT_TICKET_MAX_URL, SUPPORT_TICKET_MSG.url)
  .refine((value) => value === '' || isHttpsUrl(value), SUPPORT_TICKET_MSG.url)
  .nullish()
  .transform(emptyToNull);

/** What staff send: an id, and optionally the ticket's address; both empty (or null) removes the ticket. */
export const supportTicketSchema = z
  .object({ ticketId, ticketUrl })
  .refine((t) => t.ticketId !== null || t.ticketUrl === null, {
    message: SUPPORT_TICKET_MSG.urlWithoutId,
    path: ['ticketId'],
  });
export type SupportTicketInput = z.input<typeof supportTicketSchema>;
export type SupportTicket = z.output<typeof supportTicketSchema>;
