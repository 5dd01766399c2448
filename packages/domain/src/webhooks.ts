import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';

/** Signed webhooks (issue 21 item 3): what a company may subscribe to, the form's rules and every message. */
export const WEBHOOK_EVENTS = [
  'submission.created',
  'submission.status_changed',
  'submission.catalogued',
  'submission.readiness_changed',
  'ingestion.job_completed',
  'ingestion.file_needs_mapping',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by 'Send test event' to one endpoint, whatever it subscribes to. */
export const WEBHOOK_PING_EVENT = 'webhook.ping';

export const WEBHOOK_EVENT_LABEL: Record<WebhookEvent, string> = {
  'submission.created': 'A submission is created (a draft submitted, an import)',
  'submission.status_changed': 'A submission changes status',
  'submission.catalogued': 'A submission is catalogued',
  'submission.readiness_changed': "A partner's rule change makes a submission ready, not ready, or changes its score",
  'ingestion.job_completed': 'An import job has read all its files',
  'ingestion.file_needs_mapping': 'An imported file needs a UPC mapping',
};

export const WEBHOOK_URL_MAX = 2000;
/** Endpoints one company may register: enough for several systems, not a fan-out amplifier. */
export const WEBHOOKS_PER_COMPANY_MAX = 20;
/**
 * Test events and redeliveries a company may ask for per minute, together: each is a request to a receiver that may
 * hang for the whole delivery timeout, so one company's clicks must not fill the webhook queue for everyone.
 */
export const WEBHOOK_MANUAL_SENDS_PER_MINUTE = 20;
/** A delivery attempt's time limit and the window of automatic retries. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** After a rotation the previous secret still signs (next to the new one) for this long. */
export const WEBHOOK_OLD_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;
/** How much of a receiver's answer the log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;

export const WEBHOOK_MSG = {
  urlRequired: 'Please enter the URL to send events to.',
  urlInvalid: 'Please enter a full URL, such as https://example.com/webhooks.',
  urlTooLong: `Must be ${WEBHOOK_URL_MAX} characters or less`,
  httpsRequired: 'The URL must start with https://.',
  credentialsInUrl: 'Leave the user name and password out of the URL: verify our signature instead.',
  eventsRequired: 'Choose at least one event.',
  privateAddress: 'This address is on a private or reserved network, which webhooks may not reach.',
  unresolvable: 'This host name could not be found.',
  tooMany: `A company may register at most ${WEBHOOKS_PER_COMPANY_MAX} webhooks.`,
  notFound: 'Webhook not found.',
  inactive: 'The webhook is turned off.',
  readOnly: 'Read-only administrators cannot change webhooks.',
  scopeNeeded:
    'Webhooks are seen and managed with the write:webhooks scope: ask an administrator for it, or use a token that has it.',
  chooseCompany: 'Choose a company first: administrators work on one company at a time.',
  secretOnce: 'Copy this signing secret now: it will not be shown again.',
  rotated: 'New signing secret made. The previous one keeps signing alongside it for 24 hours.',
  redeliverQueued: 'Redelivery queued.',
  pingQueued: 'Test event queued.',
  manualSendsLimited: `A company may send at most ${WEBHOOK_MANUAL_SENDS_PER_MINUTE} test events and redeliveries a minute. Please wait a moment, then try again.`,
  noDeliveries: 'Nothing has been sent to this webhook yet.',
  noWebhooks: 'No webhooks yet. Add one to have events sent to your systems.',
  /** To a read-only administrator, who cannot add one. */
  noWebhooksToSee: 'This company has no webhooks.',
} as const;

/** Only the address format here: the network rules (https, private addresses) are the server's, at registration and delivery. */
export const webhookUrlSchema = z
  .string({ error: WEBHOOK_MSG.urlRequired })
  .trim()
  .min(1, WEBHOOK_MSG.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MSG.urlTooLong)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), WEBHOOK_MSG.urlInvalid)
  .refine((v) => !URL.canParse(v) || (!new URL(v).username && !new URL(v).password), WEBHOOK_MSG.credentialsInUrl);

export const webhookInputSchema = z
  .object({
    url: webhookUrlSchema,
    events: z
      .array(z.enum(WEBHOOK_EVENTS), { error: WEBHOOK_MSG.eventsRequired })
      .min(1, WEBHOOK_MSG.eventsRequired)
      .transform((e) => [...new Set(e)]),
    active: z.boolean().default(true),
  })
  .meta({
    examples: [
      {
        url: 'https://erp.greenvalley.example/hooks/product-hub',
        events: ['submission.status_changed', 'submission.catalogued'],
        active: true,
      },
    ],
  });
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** A registered endpoint as the API shows it: never its secret. */
export const webhookViewSchema = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    active: z.boolean(),
    /** Until when the previous secret still signs, after a rotation. */
    previousSecretValidUntil: z.string().nullable().describe('Until when the previous secret still signs'),
    createdDate: z.string(),
    updatedDate: z.string(),
  })
  .meta({
    id: 'Webhook',
    examples: [
      {
        id: 8,
        companyId: EXAMPLE.companyId,
        url: 'https://erp.greenvalley.example/hooks/product-hub',
        events: ['submission.status_changed', 'submission.catalogued'],
        active: true,
        previousSecretValidUntil: null,
        createdDate: EXAMPLE.earlier,
        updatedDate: EXAMPLE.at,
      },
    ],
  });
export type WebhookView = z.infer<typeof webhookViewSchema>;

export const webhookAttemptViewSchema = z.object({
  attempt: z.number().int(),
  startedDate: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});
export type WebhookAttemptView = z.infer<typeof webhookAttemptViewSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const webhookDeliveryViewSchema = z
  .object({
    id: z.number().int(),
    messageId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    createdDate: z.string(),
    nextAttemptDate: z.string().nullable(),
    /** The body sent: the Standard Webhooks envelope { type, timestamp, data }. */
    payload: z.string().describe('The body sent (JSON): { type, timestamp, data }'),
    attempts: z.array(webhookAttemptViewSchema),
  })
  .meta({
    id: 'WebhookDelivery',
    examples: [
      {
        id: 311,
        messageId: 'msg_2pQ7Yx9KfL3mN8Rt',
        eventType: 'submission.status_changed',
        status: 'SUCCEEDED',
        createdDate: EXAMPLE.at,
        nextAttemptDate: null,
        payload: JSON.stringify({
          type: 'submission.status_changed',
          timestamp: EXAMPLE.at,
          data: {
            submissionId: EXAMPLE.submissionId,
            companyId: EXAMPLE.companyId,
            from: 'SUBMITTED',
            to: 'ADMIN_REJECTED',
            reason: 'Barcode unreadable',
            reasonCode: 'BARCODE_UNREADABLE',
          },
        }),
        attempts: [
          {
            attempt: 1,
            startedDate: EXAMPLE.at,
            durationMs: 182,
            statusCode: 200,
            error: null,
            responseExcerpt: '{"ok":true}',
          },
        ],
      },
    ],
  });
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

/** The delivery log shows this many deliveries a page. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;
export const WEBHOOK_DELIVERIES_MAX_LIMIT = 100;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const deliveryId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(2_147_483_647).optional());

/**
 * One page of a webhook's delivery log, newest first, read from a delivery shown (keyset: every page costs the same
 * however deep): `after` the deliveries older than it, `before` those newer (as the audit trail's pages).
 */
export const webhookDeliveryPageQuerySchema = z
  .object({
    after: deliveryId.describe('The page after the page whose last (oldest) delivery this is'),
    before: deliveryId.describe('The page before the page whose first (newest) delivery this is'),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_MAX_LIMIT).default(WEBHOOK_DELIVERIES_PAGE_SIZE),
    ),
  })
  .refine((q) => q.after === undefined || q.before === undefined, { message: 'Give after or before, not both.' });
export type WebhookDeliveryPageQuery = z.infer<typeof webhookDeliveryPageQuerySchema>;

export const WEBHOOK_DELIVERY_STATUS_LABEL: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Delivered',
  FAILED: 'Failed',
};
