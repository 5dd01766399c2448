import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EXAMPLE,
  factsDecisionSchema,
  factsFieldSchema,
  MAX_FILES_PER_DRAFT,
  storedReadinessSchema,
  submissionFactsViewSchema,
} from '@portal/domain';
import { requireUser } from '../users/current-user.ts';
import { sendFileImage } from '../media-files/serve.ts';
import { imageZipRoute } from './image-zip.ts';
import { receiveUploads } from '../uploads/receive.ts';
import { storedReadiness } from '../submissions/shapes.ts';
import { filesOf } from '../submissions/repository.ts';
import { decideSubmissionFacts, resubmit, submissionFacts, visibleSubmission } from '../submissions/service.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';

const resubmitFields = z.object({
  id: z.string().max(64),
  upc: z.string().max(100),
  facts: factsFieldSchema
    .optional()
    .describe("The product's facts as JSON (null clears them); absent: they stay as they were"),
});
const imageParams = z.object({ id: z.string().max(64), fileName: z.string().max(300) });
const idParams = z.object({ id: z.string().max(64) });
const imageQuery = z.object({ thumbnail: z.enum(['true', 'false']).optional() });
const tags = ['Submissions'];

export async function submissionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** Resubmission of a rejected item: multipart fields id and upc, and the new files. */
  app.post(
    '/api/productSubmissions/resubmit',
    {
      schema: routeSchema({
        summary: 'Resubmit a rejected product with new files',
        tags,
        multipart: resubmitFields.extend({ files: z.array(binary) }),
        responses: {
          200: z.object({
            id: z.string().meta({ examples: [EXAMPLE.submissionId] }),
            itemStatus: z.string().meta({ examples: ['SUBMITTED'] }),
            readiness: storedReadinessSchema.nullable(),
          }),
        },
        errors: [400, 401, 403, 404, 409, 413, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const upload = await receiveUploads(request, ctx.uploadTempDir, {
        quota: { ctx, companyId: user.companyId },
        maxFiles: MAX_FILES_PER_DRAFT,
        fileField: 'files',
      });
      try {
        const { id, upc, facts } = resubmitFields.parse(upload.fields);
        const s = await resubmit(ctx, user, id, upc, upload.files, undefined, undefined, facts);
        // Its readiness for the partner with the new files (the photo checks of which are still to run).
        return { id: s.id, itemStatus: s.itemStatus, readiness: storedReadiness(s) };
      } finally {
        await upload.discard();
      }
    },
  );

  app.get(
    '/api/productSubmissions/:id/facts',
    {
      schema: routeSchema({
        summary: "A submission's product facts, and what the photos added on resubmit or for a catalogued product read",
        tags,
        params: idParams,
        responses: { 200: submissionFactsViewSchema },
        errors: [401, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return submissionFacts(ctx, user, id);
    },
  );

  app.put(
    '/api/productSubmissions/:id/facts/:fileName',
    {
      schema: routeSchema({
        summary:
          'Decide on the facts read from a photo added to a submission waiting for review: accept, correct, ' +
          'dismiss, or type them',
        tags,
        params: imageParams,
        body: factsDecisionSchema,
        responses: { 200: submissionFactsViewSchema },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { id, fileName } = imageParams.parse(request.params);
      return decideSubmissionFacts(ctx, user, id, fileName, factsDecisionSchema.parse(request.body));
    },
  );

  app.get(
    '/api/productSubmissions/:id/image/:fileName',
    {
      schema: routeSchema({
        summary: "A submission file's image (thumbnail=true: its small rendition)",
        tags,
        params: imageParams,
        querystring: imageQuery,
        responses: { 200: { 'image/*': binary, 'application/pdf': binary } },
        errors: [400, 401, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id, fileName } = imageParams.parse(request.params);
      const { thumbnail } = imageQuery.parse(request.query);
      const s = await visibleSubmission(ctx, user, id);
      return sendFileImage(ctx, reply, await filesOf(ctx.db, s.id), fileName, thumbnail === 'true');
    },
  );

  imageZipRoute(app, '/api/productSubmissions/:id/images.zip', { tags });
}
