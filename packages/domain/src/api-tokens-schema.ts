import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';
import { API_TOKEN_MSG, API_TOKEN_NAME_MAX, API_TOKEN_PATTERN, latestTokenExpiry } from './api-tokens.ts';

// Apart from api-tokens.ts, whose messages, labels and rules the token lists show without any schema.

export const apiTokenNameSchema = z
  .string({ error: API_TOKEN_MSG.nameRequired })
  .trim()
  .min(1, API_TOKEN_MSG.nameRequired)
  .max(API_TOKEN_NAME_MAX, API_TOKEN_MSG.nameTooLong);

/** Creating a token: a name, an expiry (an ISO time within a year from now) and at least one scope. */
export const createApiTokenSchema = z
  .object({
    name: apiTokenNameSchema,
    expiresAt: z.iso.datetime({ offset: true, error: API_TOKEN_MSG.expiryRequired }).refine((v) => {
      const t = Date.parse(v);
      // A day of slack at the far end: the form picks a date, the browser's clock may differ from ours.
      return t > Date.now() && t <= latestTokenExpiry().getTime() + 86_400_000;
    }, API_TOKEN_MSG.expiryRange),
    scopes: z
      .array(z.string().max(100), { error: API_TOKEN_MSG.scopesRequired })
      .min(1, API_TOKEN_MSG.scopesRequired)
      .max(20),
  })
  .meta({
    examples: [
      {
        name: 'ERP sync',
        expiresAt: '2027-02-24T00:00:00.000Z',
        scopes: ['read:productsubmissions', 'write:productsubmissions'],
      },
    ],
  });
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

/** A token as lists show it (never its secret). */
export const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scopes: z.array(z.string()),
    createdAt: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /** Staff lists also say whose it is. */
    user: z
      .object({ id: z.number().int(), email: z.string(), companyId: z.number().int(), companyName: z.string() })
      .optional(),
  })
  .meta({
    examples: [
      {
        id: 42,
        name: 'ERP sync',
        scopes: ['read:productsubmissions', 'write:productsubmissions'],
        createdAt: EXAMPLE.earlier,
        expiresAt: '2027-02-24T00:00:00.000Z',
        lastUsedAt: EXAMPLE.at,
        revokedAt: null,
        user: {
          id: EXAMPLE.userId,
          email: EXAMPLE.email,
          companyId: EXAMPLE.companyId,
          companyName: 'Green Valley Foods',
        },
      },
    ],
  });
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a creation: the only time the secret is sent. */
export const createdApiTokenSchema = apiTokenSchema
  .extend({
    token: z
      .string()
      .regex(API_TOKEN_PATTERN)
      .meta({ examples: ['pst_Vq3xN8rT2mK7wYb4Lc9hJd6Fs1Gp5Ze0Ua3Ri8Oy2Xn'] }),
  })
  .meta({
    examples: [
      {
        id: 42,
        name: 'ERP sync',
        scopes: ['read:productsubmissions', 'write:productsubmissions'],
        createdAt: EXAMPLE.at,
        expiresAt: '2027-02-24T00:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
        token: 'pst_Vq3xN8rT2mK7wYb4Lc9hJd6Fs1Gp5Ze0Ua3Ri8Oy2Xn',
      },
    ],
  });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
