import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and base64 of random bytes;
 * each signature is `v1,` and base64 of HMAC-SHA256, keyed with those bytes, over `{id}.{timestamp}.{body}`.
 * Several signatures go space-separated in one header (a rotated secret signs alongside the new one).
 */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export interface SigningSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The three headers of a delivery, signed with the secret and, during its grace period, the previous one. */
export function signedHeaders(
  secrets: SigningSecrets,
  messageId: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const keys = [secrets.secret];
  if (secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > now)
    keys.push(secrets.previousSecret);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': keys.map((k) => sign(k, messageId, timestamp, body)).join(' '),
  };
}

export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;
