import type { FastifyInstance } from 'fastify';
import { draftViewSchema, factsDecisionSchema, MAX_FILES_PER_DRAFT, photoRolesChoiceSchema } from '@portal/domain';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../users/current-user.ts';
import { draftPolicy } from './policy.ts';
import { sendFileImage } from '../media-files/serve.ts';
import { receiveUploads } from '../uploads/receive.ts';
import { presentDraft } from './presenter.ts';
import { addDraftFiles, createDraft, saveDraftFileFacts, saveDraftPhotoRoles, visibleDraft } from './service.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { draftEventRoutes } from './events.ts';

const idParams = z.object({ id: z.string().max(64) });
const imageParams = z.object({ id: z.string().max(64), fileName: z.string().max(300) });
const imageQuery = z.object({ thumbnail: z.enum(['true', 'false']).optional() });
const files = z.object({ files: z.array(binary).describe(`Up to ${MAX_FILES_PER_DRAFT} package images or PDFs`) });
const draft = draftViewSchema;
const factsChange = factsDecisionSchema;
const tags = ['Drafts'];
const imageSchema = routeSchema({
  summary: "A draft file's image (thumbnail=true: its small rendition)",
  tags,
  params: imageParams,
  querystring: imageQuery,
  responses: { 200: { 'image/*': binary, 'application/pdf': binary } },
  errors: [400, 401, 404, 429],
});

export async function draftRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const requireWriter = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    authorize(draftPolicy.write(user));
    return user;
  };

  /** Creates a draft from the chosen files (multipart, repeated field "files"). */
  app.post(
    '/api/draftSubmissions',
    {
      schema: routeSchema({
        summary: 'Create a draft from files (reads their barcodes)',
        tags,
        multipart: files,
        responses: { 201: draft },
        errors: [400, 401, 403, 413, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireWriter(request);
      const upload = await receiveUploads(request, ctx.uploadTempDir, {
        quota: { ctx, companyId: user.companyId },
        maxFiles: MAX_FILES_PER_DRAFT,
      });
      try {
        const draft = await createDraft(ctx, user, request.session.partnerCompanyId ?? null, upload.files);
        reply.status(201);
        return presentDraft(draft, user);
      } finally {
        await upload.discard();
      }
    },
  );

  app.post(
    '/api/draftSubmissions/:id/image',
    {
      schema: routeSchema({
        summary: 'Add files to a draft',
        tags,
        params: idParams,
        multipart: files,
        responses: { 200: draft },
        errors: [400, 401, 403, 404, 409, 413, 429],
      }),
    },
    async (request) => {
      const user = await requireWriter(request);
      const { id } = idParams.parse(request.params);
      await visibleDraft(ctx, user, id); // refuse before reading any bytes
      const upload = await receiveUploads(request, ctx.uploadTempDir, {
        quota: { ctx, companyId: user.companyId },
        maxFiles: MAX_FILES_PER_DRAFT,
      });
      try {
        return presentDraft(await addDraftFiles(ctx, user, id, upload.files), user);
      } finally {
        await upload.discard();
      }
    },
  );

  /** The draft as the web app's REST routes answer it: Enter UPC(s) reads each file's product facts from it. */
  app.get(
    '/api/draftSubmissions/:id',
    {
      schema: routeSchema({
        summary: "A draft with each file's product facts, their sources and the readings still to decide",
        tags,
        params: idParams,
        responses: { 200: draft },
        errors: [401, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return presentDraft(await visibleDraft(ctx, user, id), user);
    },
  );

  const image = async (request: Parameters<typeof requireUser>[0], reply: Parameters<typeof sendFileImage>[1]) => {
    const user = await requireUser(request);
    const { id, fileName } = imageParams.parse(request.params);
    const { thumbnail } = imageQuery.parse(request.query);
    const draft = await visibleDraft(ctx, user, id);
    return sendFileImage(ctx, reply, draft.files, fileName, thumbnail === 'true');
  };
  app.get('/draftSubmissions/:id/image/:fileName', { schema: { ...imageSchema, deprecated: true } }, (request, reply) =>
    image(request, reply),
  );
  app.get('/api/draftSubmissions/:id/image/:fileName', { schema: imageSchema }, (request, reply) =>
    image(request, reply),
  );
  app.put(
    '/api/draftSubmissions/:id/facts/:fileName',
    {
      schema: routeSchema({
        summary:
          "Save a draft file's product facts: accept, correct or dismiss what was read from the photo, or type them",
        tags,
        params: imageParams,
        body: factsChange,
        responses: { 200: draft },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireWriter(request);
      const { id, fileName } = imageParams.parse(request.params);
      const body = factsChange.parse(request.body);
      return presentDraft(await saveDraftFileFacts(ctx, user, id, fileName, body), user);
    },
  );
  app.put(
    '/api/draftSubmissions/:id/roles/:fileName',
    {
      schema: routeSchema({
        summary:
          "Say what a draft photo shows (front, back, side, nutrition panel, ingredients, barcode face), or take the portal's proposal again",
        tags,
        params: imageParams,
        body: photoRolesChoiceSchema,
        responses: { 200: draft },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireWriter(request);
      const { id, fileName } = imageParams.parse(request.params);
      const { roles } = photoRolesChoiceSchema.parse(request.body);
      return presentDraft(await saveDraftPhotoRoles(ctx, user, id, fileName, roles), user);
    },
  );
  await draftEventRoutes(app);
}
