import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  isFieldRequired,
  MAX_PARTNER_LOGO_BYTES,
  partnerConfigurationInputSchema,
  partnerConfigurationSchema,
  publicPartnerConfigurationSchema,
  type FieldRules,
} from '@portal/domain';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { receiveUploads } from '../uploads/receive.ts';
import { authorize } from '../../lib/authorize.ts';
import { partnerPolicy } from './policy.ts';
import {
  findConfiguration,
  findConfigurationOfCompany,
  findLogo,
  getConfiguration,
  setLogo,
  updateConfiguration,
  type PartnerConfigurationView,
} from './service.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { ifMatchOf, sendEtag } from '../../lib/preconditions.ts';

/** Logos are small pictures shown on the landing page and in the header. */
export const MAX_LOGO_BYTES = MAX_PARTNER_LOGO_BYTES;
const LOGO_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };
const idParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const companyParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const idParams = z.object({ id: idParam });
const logoParams = z.object({ id: idParam, fileName: z.string() });
const tags = ['Partners'];
const logoUrl = (id: number, fileName: string | null) =>
  fileName ? `/api/partner-configurations/${id}/logo/${encodeURIComponent(fileName)}` : null;
const ETAG_KIND = 'partner-configuration';
const ifMatchHeader = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag of the configuration as you read it: the change applies only to it (412 otherwise)'),
});
/** A configuration as REST answers it, with its logo's address; its ETag goes on the answer. */
const configurationJson = (c: PartnerConfigurationView) => ({
  ...c,
  partnerLogoUrl: logoUrl(c.id, c.partnerLogoFileName),
  updatedDate: c.updatedDate.toISOString(),
});

export async function partnerRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  /** Public: the co-branded landing page and login need it before anyone signs in. */
  app.get(
    '/api/companies/:companyId/partner-configuration',
    {
      schema: routeSchema({
        summary: "A partner's co-branding and field rules (public)",
        tags,
        params: companyParams,
        responses: { 200: publicPartnerConfigurationSchema },
        errors: [400, 404],
        public: true,
      }),
    },
    async (request) => {
      const { companyId } = companyParams.parse(request.params);
      const row = await findConfigurationOfCompany(ctx, companyId);
      const { config } = row;
      return {
        id: config.id,
        companyId: config.companyId,
        companyName: row.companyName,
        partnerLogoFileName: config.partnerLogoFileName,
        primaryColor: config.primaryColor,
        secondaryColor: config.secondaryColor,
        landingPageEnabled: config.landingPageEnabled,
        ...(config.fieldRules as Record<string, boolean>),
        // Added fields (the answer only ever grows: the web reads the ones above).
        partnerLogoUrl: logoUrl(config.id, config.partnerLogoFileName),
        productNameFieldRequired: isFieldRequired(config.fieldRules as FieldRules, 'productName'),
        shippingProfileFieldRequired: isFieldRequired(config.fieldRules as FieldRules, 'shippingProfile'),
      };
    },
  );

  /** Replaces the partner's logo: one image in field 'file', checked by content, at most 2 MB. */
  app.post(
    '/api/partner-configurations/:id/logo',
    {
      schema: routeSchema({
        summary: "Replace a partner's logo (PNG, JPEG or GIF, at most 2 MB)",
        etag: true,
        tags,
        params: idParams,
        headers: ifMatchHeader,
        multipart: z.object({ file: binary }),
        responses: { 200: partnerConfigurationSchema },
        errors: [400, 401, 403, 404, 412, 413, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(partnerPolicy.configure(user));
      const id = idParams.shape.id.parse((request.params as { id: string }).id);
      await findConfiguration(ctx, id);
      const upload = await receiveUploads(request, ctx.uploadTempDir, { maxFiles: 1, fileField: 'file' });
      try {
        const [file] = upload.files;
        if (!file)
          throw badRequest('Choose an image file for the logo.', { file: 'Choose an image file for the logo.' });
        if (!LOGO_TYPES[file.kind])
          throw badRequest(`${file.fileName}: the logo must be a PNG, JPEG or GIF image.`, {
            file: 'The logo must be a PNG, JPEG or GIF image.',
          });
        if (file.size > MAX_LOGO_BYTES)
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${file.fileName}: the logo must be at most 2 MB.`);
        const updated = await setLogo(ctx, user, id, file, ifMatchOf(request, ETAG_KIND));
        sendEtag(reply, ETAG_KIND, updated.updatedDate);
        return configurationJson(updated);
      } finally {
        await upload.discard();
      }
    },
  );

  /** Settings readers: one configuration as the settings screen has it, with its ETag for If-Match. */
  app.get(
    '/api/partner-configurations/:id',
    {
      schema: routeSchema({
        operationId: 'getPartnerConfiguration',
        summary: 'A partner configuration, with its ETag for If-Match (settings readers)',
        etag: true,
        tags,
        params: idParams,
        responses: { 200: partnerConfigurationSchema },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(partnerPolicy.viewConfigurations(user));
      const { id } = idParams.parse(request.params);
      const found = await getConfiguration(ctx, id);
      sendEtag(reply, ETAG_KIND, found.updatedDate);
      return configurationJson(found);
    },
  );

  /**
   * The settings screen's change over REST: everything but the logo. With If-Match, it applies only to the version
   * read (412 otherwise); without, as GraphQL's updatePartnerConfiguration (lastUpdatedDate still refuses a stale one).
   */
  app.put(
    '/api/partner-configurations/:id',
    {
      schema: routeSchema({
        operationId: 'updatePartnerConfiguration',
        summary: "Change a partner's co-branding, field rules and photo checks (both settings scopes)",
        etag: true,
        description:
          '`fieldRules` as stored: each field name to `{ visible, required }`, and the section flags ' +
          '(`placementFieldsVisible`, ...) to `{ visible }`; left out, the stored rules stay.',
        tags,
        params: idParams,
        headers: ifMatchHeader,
        body: partnerConfigurationInputSchema,
        responses: { 200: partnerConfigurationSchema },
        errors: [400, 401, 403, 404, 409, 412, 429],
        errorNotes: { 409: 'lastUpdatedDate is not when the configuration was last saved: read it again' },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(partnerPolicy.configure(user));
      const { id } = idParams.parse(request.params);
      const updated = await updateConfiguration(ctx, user, id, request.body ?? {}, ifMatchOf(request, ETAG_KIND));
      sendEtag(reply, ETAG_KIND, updated.updatedDate);
      return configurationJson(updated);
    },
  );

  /** Public: the landing page shows the logo before anyone signs in. */
  app.get(
    '/api/partner-configurations/:id/logo/:fileName',
    {
      schema: routeSchema({
        summary: "A partner's logo (public)",
        etag: true,
        tags,
        params: logoParams,
        responses: { 200: { 'image/*': binary }, 304: null },
        errors: [404],
        public: true,
      }),
    },
    async (request, reply) => {
      const parsed = logoParams.safeParse(request.params);
      if (!parsed.success) throw notFound('File not found.');
      const params = parsed.data;
      const logo = await findLogo(ctx, params.id);
      if (!logo || logo.fileName !== params.fileName) throw notFound('File not found.');
      const etag = `"${logo.key.split('/').pop()}"`;
      reply
        // Revalidated at every use (a 304 while unchanged): a new logo under the same file name shows at once.
        .header('cache-control', 'public, no-cache')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const type = LOGO_TYPES[logo.key.split('.').pop() ?? ''] ?? 'application/octet-stream';
      return reply.type(type).send(await ctx.storage.get(logo.key));
    },
  );
}
