import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SHEET_LIMITS, SHEET_MSG, sheetDryRunSchema, sheetMappingSchema } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { draftPolicy } from '../drafts/policy.ts';
import { requireUser } from '../users/current-user.ts';
import { dryRunSheet } from './service.ts';

const tags = ['Sheet import'];

/** The sheet as sent: streamed to a temporary file under the size limit, with the form's text fields. */
async function receiveSheet(request: FastifyRequest, tempDir: string) {
  if (!request.isMultipart()) throw badRequest('Send the sheet as multipart/form-data in the field "file".');
  const fields: Record<string, string> = {};
  let file: string | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: SHEET_LIMITS.bytes, files: 1, fields: 5, fieldSize: 100_000 },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
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
  return { file, fields };
}

const sheetIndex = z.coerce.number().int().min(0).max(255);

export async function sheetImportRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /**
   * The dry run of a supplier's sheet: the proposed (or given) mapping, the first rows as they will be read, and every
   * finding. Nothing is stored.
   */
  app.post(
    '/api/sheetImports/dryRun',
    {
      schema: routeSchema({
        operationId: 'dryRunSheetImport',
        summary: "Read a supplier's sheet: propose the mapping, check every row (nothing is created)",
        tags,
        multipart: z.object({
          file: binary.describe('.xlsx, .xls or .csv (UTF-8 or Windows-1252, any delimiter), at most 10 MB'),
          sheet: z
            .string()
            .optional()
            .describe('Which sheet of the workbook (0 the first); default: the first with UPCs'),
          mapping: z
            .string()
            .optional()
            .describe('JSON: [{"column":0,"target":"upc"}, ...]; default: the proposed mapping'),
        }),
        responses: { 200: sheetDryRunSchema },
        errors: [400, 401, 403, 413, 422, 429],
        errorNotes: { 422: 'The sheet was refused: unreadable, too large once unpacked, too many rows, a huge cell.' },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(draftPolicy.write(user));
      const { file, fields } = await receiveSheet(request, ctx.uploadTempDir);
      try {
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
        return await dryRunSheet(ctx, user, file, { sheet: sheet?.data, mapping });
      } finally {
        await rm(file, { force: true });
      }
    },
  );
}
