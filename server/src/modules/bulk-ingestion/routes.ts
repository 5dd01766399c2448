import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isHeif } from '../../media/heif.ts';
import { kindBySignature, readFileHead } from '../../media/file-signature.ts';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import {
  ingestionFileSchema,
  ingestionJobSchema,
  INGESTION_MAX_UPLOAD_FILES,
  INGESTION_MAX_ZIP_BYTES,
  MAX_FILE_BYTES,
  MEDIA_MSG,
  UPLOAD_MSG,
} from '@portal/domain';
import { z } from 'zod';
import { EXAMPLE } from '@portal/domain';
import { badRequest, forbidden, HttpError } from '../../lib/errors.ts';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../users/current-user.ts';
import { quotaFull, quotaLeft, recordWithinQuota } from '../uploads/quota.ts';
import { displayName } from '../uploads/receive.ts';
import { createJobWithFiles } from './pipeline.ts';
import { bulkIngestionPolicy } from './policy.ts';
import { isZipHead, unpackZip, ZIP_MSG } from './zip.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { applyMapping, filesUpdatedSince, jobFiles, jobView, listJobs, organizationOf, retryFile } from './service.ts';

/** A job id is a positive 32-bit integer (the column's type), written in digits. */
const jobParams = z.object({
  jobId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'The job id is not a number.')
    .refine((id) => Number(id) <= 2 ** 31 - 1, 'The job id is not a number.'),
});
const fileParams = jobParams.extend({ fileId: z.guid('The file id is not a file id.') });
const sinceParams = jobParams.extend({ timestamp: z.string().max(40).describe('An ISO time') });
const tags = ['Bulk ingestion'];
const files = z.array(ingestionFileSchema).describe("The job's files with their status, UPC and reason");
const mappingBody = z
  .array(z.object({ upc: z.string().max(40), filename: z.string().max(400) }))
  .max(20_000)
  .meta({ examples: [[{ upc: EXAMPLE.upc, filename: 'iphone/IMG_0002.HEIC' }]] });

/** Two files of one upload with the same name keep both: "name (2).ext". */
function uniqueName(taken: Set<string>, name: string) {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate);
  return candidate;
}

export async function bulkIngestionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/bulkIngestion/jobs',
    {
      schema: routeSchema({
        summary: "Your company's import jobs",
        tags,
        responses: { 200: z.array(ingestionJobSchema).describe('The jobs, newest first') },
        errors: [401, 403, 429],
      }),
    },
    async (request) => listJobs(ctx, await requireUser(request)),
  );

  app.get(
    '/api/bulkIngestion/jobs/:jobId',
    {
      schema: routeSchema({
        summary: 'One import job',
        tags,
        params: jobParams,
        responses: { 200: ingestionJobSchema },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { jobId } = jobParams.parse(request.params);
      await jobFiles(ctx, user, jobId); // access check
      return jobView(ctx, Number(jobId));
    },
  );

  app.get(
    '/api/bulkIngestion/jobs/:jobId/files',
    {
      schema: routeSchema({
        summary: "An import job's files",
        tags,
        params: jobParams,
        responses: { 200: files },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const { jobId } = jobParams.parse(request.params);
      return jobFiles(ctx, await requireUser(request), jobId);
    },
  );

  app.get(
    '/api/bulkIngestion/jobs/:jobId/files/ifAnyUpdatedSince/:timestamp',
    {
      schema: routeSchema({
        summary: "An import job's files, if any changed since a time",
        tags,
        params: sinceParams,
        responses: { 200: files },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const { jobId, timestamp } = sinceParams.parse(request.params);
      return filesUpdatedSince(ctx, await requireUser(request), jobId, timestamp);
    },
  );

  app.put(
    '/api/bulkIngestion/jobs/:jobId/files',
    {
      schema: routeSchema({
        summary: 'Map files of a job to UPCs',
        tags,
        params: jobParams,
        body: mappingBody,
        responses: { 200: files },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(bulkIngestionPolicy.mapFiles(user));
      const { jobId } = jobParams.parse(request.params);
      const parsed = mappingBody.safeParse(request.body);
      if (!parsed.success) throw badRequest('Send a list of mapping rows: upc and filename.');
      return applyMapping(ctx, user, jobId, parsed.data);
    },
  );

  app.post(
    '/api/bulkIngestion/jobs/:jobId/files/:fileId/retry',
    {
      schema: routeSchema({
        summary: 'Read again a file set aside because the server was busy',
        tags,
        params: fileParams,
        responses: { 200: ingestionFileSchema },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(bulkIngestionPolicy.mapFiles(user));
      const { jobId, fileId } = fileParams.parse(request.params);
      return retryFile(ctx, user, jobId, fileId);
    },
  );

  /**
   * Files dropped on the import page (multipart, repeated field "files"; a .zip is unpacked): one new job, fed to the
   * same pipeline as a source folder. Any file is taken: one that is not a usable image becomes IGNORED with the
   * reason, as from a folder.
   */
  app.post(
    '/api/bulkIngestion/jobs',
    {
      schema: routeSchema({
        summary: 'Start an import job from files (a .zip is unpacked)',
        tags,
        multipart: z.object({ files: z.array(binary) }),
        responses: { 201: ingestionJobSchema },
        errors: [400, 401, 403, 413, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const org = await organizationOf(ctx.db, user);
      authorize(bulkIngestionPolicy.upload(user, org), () =>
        forbidden('Your company has no access to bulk ingestion.'),
      );
      if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data.');
      // A file that can only be ignored (not a PDF or image by its leading bytes) is recorded with its reason and not kept.
      const received: { id: string; filename: string; temp: string | null; size: number; ignored?: string }[] = [];
      const temps: string[] = [];
      const stored: string[] = [];
      const names = new Set<string>();
      const room = await quotaLeft(ctx.db, ctx.config, org.companyId);
      let kept = 0;
      const keep = (bytes: number) => {
        kept += bytes;
        if (kept > room) throw quotaFull(ctx.config);
      };
      try {
        // A zip may be larger than one picture: the request limit is the zip's; other files are held to the intake's.
        const parts = request.parts({
          limits: {
            fileSize: Math.min(INGESTION_MAX_ZIP_BYTES, room + 1),
            files: INGESTION_MAX_UPLOAD_FILES,
            fields: 5,
          },
        });
        for await (const part of parts) {
          if (part.type === 'field') continue;
          if (part.fieldname !== 'files') {
            part.file.resume();
            continue;
          }
          const name = displayName(part.filename);
          const temp = path.join(ctx.uploadTempDir, randomUUID());
          temps.push(temp);
          let size = 0;
          part.file.on('data', (chunk: Buffer) => (size += chunk.length));
          await pipeline(part.file, createWriteStream(temp, { flags: 'wx' }));
          if (part.file.truncated) {
            if (size > room) throw quotaFull(ctx.config);
            throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${name}: ${UPLOAD_MSG.size}`);
          }
          const head = await readFileHead(temp);
          if (/\.zip$/i.test(name) && isZipHead(head)) {
            // Each file in the zip joins the job, named by its path inside the zip; unpacked within the quota.
            const unpacked = await unpackZip(
              temp,
              () => {
                const file = path.join(ctx.uploadTempDir, randomUUID());
                temps.push(file);
                return file;
              },
              {
                maxFiles: INGESTION_MAX_UPLOAD_FILES - received.length,
                maxEntryBytes: MAX_FILE_BYTES,
                maxTotalBytes: Math.min(INGESTION_MAX_ZIP_BYTES, room - kept),
                totalError: () =>
                  room - kept < INGESTION_MAX_ZIP_BYTES
                    ? quotaFull(ctx.config)
                    : new HttpError(413, 'PAYLOAD_TOO_LARGE', ZIP_MSG.tooLarge),
              },
            );
            for (const u of unpacked) {
              if ('ignored' in u)
                received.push({
                  id: randomUUID(),
                  filename: uniqueName(names, u.name),
                  temp: null,
                  size: u.size,
                  ignored: u.ignored,
                });
              else {
                keep(u.size);
                received.push({ id: randomUUID(), filename: uniqueName(names, u.name), temp: u.path, size: u.size });
              }
            }
            await rm(temp, { force: true });
            continue;
          }
          if (size > MAX_FILE_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${name}: ${UPLOAD_MSG.size}`);
          if (!kindBySignature(head) && !isHeif(head)) {
            await rm(temp, { force: true });
            received.push({
              id: randomUUID(),
              filename: uniqueName(names, name),
              temp: null,
              size,
              ignored: size ? MEDIA_MSG.wrongType : MEDIA_MSG.empty,
            });
            continue;
          }
          keep(size);
          received.push({ id: randomUUID(), filename: uniqueName(names, name), temp, size });
        }
        if (received.length > INGESTION_MAX_UPLOAD_FILES)
          throw new HttpError(413, 'TOO_MANY_FILES', `At most ${INGESTION_MAX_UPLOAD_FILES} files at once.`);
        if (!received.length) throw badRequest('Choose at least one file.');
        const files: Parameters<typeof createJobWithFiles>[4] = [];
        for (const f of received) {
          const storageKey = `ingestion/upload/${f.id}`;
          if (f.temp) {
            await ctx.storage.putFile(storageKey, f.temp);
            stored.push(storageKey);
          }
          files.push({ id: f.id, filename: f.filename, sourceKey: null, size: f.size, storageKey, ignored: f.ignored });
        }
        const { job } = await ctx.db.transaction((tx) =>
          recordWithinQuota(tx, ctx.config, org.companyId, () => createJobWithFiles(tx, org, 'UPLOAD', user.id, files)),
        );
        reply.status(201);
        return await jobView(ctx, job.id);
      } catch (err) {
        await Promise.all([...temps.map((f) => rm(f, { force: true })), ...stored.map((k) => ctx.storage.delete(k))]);
        const code = (err as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT')
          throw new HttpError(413, 'TOO_MANY_FILES', `At most ${INGESTION_MAX_UPLOAD_FILES} files at once.`);
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MSG.size);
        throw err;
      }
    },
  );
}
