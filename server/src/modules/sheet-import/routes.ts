import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SHEET_LIMITS, SHEET_MSG, sheetDryRunSchema, sheetImportSchema, sheetMappingSchema } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { draftPolicy } from '../drafts/policy.ts';
import { requireUser } from '../users/current-user.ts';
import type { UserRow } from '../users/repository.ts';
import { partnerNamed } from '../drafts/api-v1-routes.ts';
import { presentSheetImport, startSheetImport, visibleSheetImport } from './create-drafts.ts';
import { dryRunSheet, type SheetReadRequest } from './service.ts';

const tags = ['Sheet import'];

/** The sheet as sent: streamed to a temporary file under the size limit, with the form's text fields. */
async function receiveSheet(request: FastifyRequest, tempDir: string) {
  if (!request.isMultipart()) throw badRequest('Send the sheet as multipart/form-data in the field "file".');
  const fields: Record<string, string> = {};
  let file: string | null = null;
  let fileName = '';
  try {
    for await (const part of request.parts({
      limits: { fileSize: SHEET_LIMITS.bytes, files: 1, fields: 6, fieldSize: 100_000 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      fileName = part.filename;
      file = path.join(tempDir, randomUUID());
      await pipeline(part.file, createWriteStream(file, { flags: 'wx' }));
      if (part.file.truncated) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', SHEET_MSG.tooLarge);
    }
  } catch (error) {
    if (file) await rm(file, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'PAYLOAD_TOO_LARGE', SHEET_MSG.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one sheet at a time.');
    throw error;
  }
  if (!file) throw badRequest('Send the sheet in the field "file".');
  return { file, fields, fileName: fileName || 'sheet' };
}

const sheetIndex = z.coerce.number().int().min(0).max(255);

/** The form's `sheet` and `mapping` fields, checked by the shared schema. */
function readFields(fields: Record<string, string>) {
  const sheet = fields.sheet === undefined ? undefined : sheetIndex.safeParse(fields.sheet);
  if (sheet && !sheet.success) throw badRequest('sheet: give the index of a sheet, 0 for the first.');
  let mapping;
  if (fields.mapping !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(fields.mapping);
    } catch {
      throw badRequest('mapping: not valid JSON.');
    }
    const parsed = sheetMappingSchema.safeParse(json);
    if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => i.message).join(' '));
    mapping = parsed.data;
  }
  return { sheet: sheet?.data, mapping };
}

const sheetFields = {
  file: binary.describe('.xlsx, .xls or .csv (UTF-8 or Windows-1252, any delimiter), at most 10 MB'),
  sheet: z.string().optional().describe('Which sheet of the workbook (0 the first); default: the first with UPCs'),
  mapping: z
    .string()
    .optional()
    .describe('JSON: [{"column":0,"target":"upc"}, ...]; default: the proposed (or remembered) mapping')
    .meta({ examples: ['[{"column":0,"target":"upc"},{"column":1,"target":"productName"}]'] }),
};
const v1Fields = {
  ...sheetFields,
  partner_company_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .optional()
    .describe(
      'The partner the products are for: its rules judge every row and the drafts are made for it. Left out: none (a signed-in session: the partner it signed in through).',
    )
    .meta({ examples: ['30443'] }),
};
const importParams = z.object({ id: z.string().max(64) });
const refusals = { 422: 'The sheet was refused: unreadable, too large once unpacked, too many rows, a huge cell.' };

/**
 * The sheet import, twice: the portal's paths (`/api/sheetImports`, the partner of the session) and the integration
 * API's (`/api/v1/sheet_imports`, the partner named in `partner_company_id`). Both answer the same shapes.
 */
export async function sheetImportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const variants = [
    {
      base: '/api/sheetImports',
      dryRun: 'dryRun',
      ids: ['dryRunSheetImport', 'createSheetImport', 'getSheetImport'],
      tags,
      fields: sheetFields,
    },
    {
      base: '/api/v1/sheet_imports',
      dryRun: 'dry_run',
      ids: ['v1DryRunSheetImport', 'v1CreateSheetImport', 'v1GetSheetImport'],
      tags: ['Sheet import (v1)'],
      fields: v1Fields,
    },
  ] as const;

  for (const v of variants) {
    /** The sheet received and read under the form's fields; the temporary file removed whatever happens. */
    const withSheet = async <T>(
      request: FastifyRequest,
      fn: (user: UserRow, file: string, read: SheetReadRequest, fileName: string) => Promise<T>,
    ) => {
      const user = await requireUser(request);
      authorize(draftPolicy.write(user));
      const { file, fields, fileName } = await receiveSheet(request, ctx.uploadTempDir);
      try {
        const partnerCompanyId =
          fields.partner_company_id === undefined
            ? (request.session?.partnerCompanyId ?? null)
            : await partnerNamed(ctx, fields.partner_company_id);
        return await fn(user, file, { ...readFields(fields), partnerCompanyId }, fileName);
      } finally {
        await rm(file, { force: true });
      }
    };

    /**
     * The dry run of a supplier's sheet: the proposed (or given) mapping, the first rows as they will be read, and
     * every finding. Nothing is stored but a mapping given (remembered for the company).
     */
    app.post(
      `${v.base}/${v.dryRun}`,
      {
        schema: routeSchema({
          operationId: v.ids[0],
          summary: "Read a supplier's sheet: propose the mapping, check every row (nothing is created)",
          tags: [...v.tags],
          multipart: z.object(v.fields),
          responses: { 200: sheetDryRunSchema },
          errors: [400, 401, 403, 413, 422, 429],
          errorNotes: refusals,
        }),
      },
      (request) => withSheet(request, (user, file, read) => dryRunSheet(ctx, user, file, read)),
    );

    /** "Create drafts": the sheet read as in its dry run, a draft per product made by a background job. */
    app.post(
      v.base,
      {
        schema: routeSchema({
          operationId: v.ids[1],
          summary: 'Create drafts from a sheet: one per product, or the existing draft of the same UPC updated',
          description:
            'Send the same sheet and mapping as the dry run. Rows the dry run blocks are left out, and a UPC twice is ' +
            'one product. Uploaded photos whose file names the row gives (an image-file-name column) or whose ' +
            'detected code is the row’s UPC are moved into its draft. The drafts are made in the background: read ' +
            'the import until its status is done. The same sheet imported again changes nothing.',
          tags: [...v.tags],
          multipart: z.object(v.fields),
          responses: { 202: sheetImportSchema },
          errors: [400, 401, 403, 413, 422, 429],
          errorNotes: {
            ...refusals,
            400: 'Bad fields, or no row of the sheet can become a draft (every row blocked).',
          },
        }),
      },
      async (request, reply) => {
        const row = await withSheet(request, (user, file, read, fileName) =>
          startSheetImport(ctx, user, file, { ...read, fileName }),
        );
        return reply.code(202).send(presentSheetImport(row));
      },
    );

    app.get(
      `${v.base}/:id`,
      {
        schema: routeSchema({
          operationId: v.ids[2],
          summary: 'How far the drafts of a sheet import have come',
          tags: [...v.tags],
          params: importParams,
          responses: { 200: sheetImportSchema },
          errors: [401, 403, 404, 429],
        }),
      },
      async (request) => {
        const user = await requireUser(request);
        const { id } = importParams.parse(request.params);
        return presentSheetImport(await visibleSheetImport(ctx, user, id));
      },
    );
  }
}
