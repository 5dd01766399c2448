import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  BRAND_FILE_KINDS,
  BRAND_FILE_TYPES,
  BRAND_MSG,
  BRAND_PROFILE_MAX_FILE_BYTES,
  brandProfileViewSchema,
} from '@portal/domain';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { receiveUploads } from '../uploads/receive.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { assertBrandProfileEnabled, FILE_COLUMNS, findBrandProfile, setBrandProfileFile } from './service.ts';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const params = z.object({ companyId: id, brandProfileId: id, kind: z.enum(BRAND_FILE_KINDS) });

const fileQuery = z.object({
  inline: z.enum(['1']).optional().describe('1: an image shown inline rather than downloaded'),
});
const tags = ['Brand profiles'];

function parseParams(raw: unknown) {
  const parsed = params.safeParse(raw);
  if (!parsed.success) throw notFound('Not found.');
  return parsed.data;
}

/** RFC 6266 header keeping the user's file name (non-ASCII through filename*). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export async function brandProfileRoutes(app: FastifyInstance) {
  const ctx = app.ctx;

  /**
   * Brand logo, product one-sheet or sales deck: one file in field 'file', checked by content (the logo a PNG, JPEG
   * or GIF image; the others also a PDF), under 15728640 bytes ('File is too large').
   */
  app.post(
    '/api/companies/:companyId/brand-profiles/:brandProfileId/:kind',
    {
      schema: routeSchema({
        summary: 'Upload the brand logo, product one-sheet or sales deck',
        tags,
        params,
        multipart: z.object({ file: binary }),
        responses: { 200: brandProfileViewSchema },
        errors: [401, 403, 404, 413, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { companyId, brandProfileId, kind } = parseParams(request.params);
      await assertBrandProfileEnabled(ctx);
      const row = await findBrandProfile(ctx, user, companyId, brandProfileId, 'edit');
      const upload = await receiveUploads(request, ctx.uploadTempDir, { maxFiles: 1, fileField: 'file' }).catch(
        (err: unknown) => {
          if (err instanceof HttpError && err.code === 'PAYLOAD_TOO_LARGE')
            throw new HttpError(413, 'PAYLOAD_TOO_LARGE', BRAND_MSG.fileTooLarge, {
              fields: { file: BRAND_MSG.fileTooLarge },
            });
          throw err;
        },
      );
      try {
        const [file] = upload.files;
        if (!file) throw badRequest(BRAND_MSG.fileRequired, { file: BRAND_MSG.fileRequired });
        if (file.size >= BRAND_PROFILE_MAX_FILE_BYTES) {
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', BRAND_MSG.fileTooLarge, {
            fields: { file: BRAND_MSG.fileTooLarge },
          });
        }
        if (!BRAND_FILE_TYPES[kind].includes(file.kind)) {
          const message = kind === 'brand-logo' ? BRAND_MSG.logoType : BRAND_MSG.documentType;
          throw badRequest(`${file.fileName}: ${message}`, { file: message });
        }
        return await setBrandProfileFile(ctx, user, row, kind, file);
      } finally {
        await upload.discard();
      }
    },
  );

  /** The stored file, for whoever may see the profile, as an attachment under its original name. */
  app.get(
    '/api/companies/:companyId/brand-profiles/:brandProfileId/:kind',
    {
      schema: routeSchema({
        summary: "A brand profile's stored file",
        tags,
        params,
        querystring: fileQuery,
        responses: { 200: { 'application/octet-stream': binary } },
        errors: [401, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { companyId, brandProfileId, kind } = parseParams(request.params);
      const row = await findBrandProfile(ctx, user, companyId, brandProfileId, 'view');
      const cols = FILE_COLUMNS[kind];
      const key = row[cols.key];
      const name = row[cols.name];
      if (!key || !name) throw notFound('File not found.');
      const type = CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
      const inline = (request.query as { inline?: string }).inline === '1' && type.startsWith('image/');
      reply
        .header('cache-control', 'private, max-age=0, must-revalidate')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', inline ? 'inline' : attachment(name));
      return reply.type(type).send(await ctx.storage.get(key));
    },
  );
}
