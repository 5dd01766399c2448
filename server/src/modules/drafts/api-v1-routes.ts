import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAX_FILES_PER_DRAFT,
  upcError,
  V1_MSG,
  v1Draft,
  v1DraftFileUpdate,
  v1SubmitResult,
  type V1Draft,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest, HttpError, notFound, zodFields } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { knownPartner } from '../auth/service.ts';
import { fingerprintOf, hasStoredAnswer, idempotent } from '../../lib/idempotency.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { etagOf, ifMatchOf } from '../../lib/preconditions.ts';
import { requireUser } from '../users/current-user.ts';
import { readinessOfDraft } from '../readiness/service.ts';
import { v1SummaryOf } from '../submissions/shapes.ts';
import { receiveUploads } from '../uploads/receive.ts';
import type { UserRow } from '../users/repository.ts';
import { draftPolicy } from './policy.ts';
import { presentDraft, presentedDraftFacts } from './presenter.ts';
import { draftVersion, type DraftWithFiles } from './repository.ts';
import {
  addDraftFiles,
  createDraft,
  deleteDraft,
  editableDraft,
  removeDraftFile,
  submitDraftOnce,
  updateDraft,
  type SubmitOutcome,
  visibleDraft,
} from './service.ts';

const tags = ['Drafts (v1)'];
const ETAG_KIND = 'draft';
const idParams = z.object({ id: z.string().max(64) });
const fileParams = z.object({ id: z.string().max(64), file_name: z.string().min(1).max(300) });
const filesBody = z.object({ files: z.array(binary).describe(`Up to ${MAX_FILES_PER_DRAFT} package images or PDFs`) });
const createBody = filesBody.extend({
  partner_company_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .optional()
    .describe(
      "The partner (retailer) the products are for: a partner company's id, as in its co-branded address /{id}. Its " +
        'rules then apply as on its pages: required fields at Submit, readiness, blocking checks. Left out: no ' +
        'partner (a signed-in session: the partner it signed in through).',
    )
    .meta({ examples: ['30443'] }),
});

/**
 * The partner a new draft is for: the one named (it must be a partner company, else 400), or the session's (the
 * co-branded sign-in), or none.
 */
async function partnerOfNewDraft(ctx: AppContext, request: FastifyRequest, fields: Record<string, string>) {
  const given = fields.partner_company_id;
  if (given === undefined) return request.session?.partnerCompanyId ?? null;
  return partnerNamed(ctx, given);
}

/** The partner a `partner_company_id` field names: a partner company's id, else a 400 that says so. */
export async function partnerNamed(ctx: AppContext, given: string) {
  const id = /^[1-9][0-9]{0,9}$/.test(given.trim()) ? Number(given.trim()) : null;
  if (id === null || id > 2_147_483_647)
    throw new HttpError(400, 'PARTNER_UNKNOWN', V1_MSG.partnerNotAnId, {
      fields: { partner_company_id: V1_MSG.partnerNotAnId },
    });
  if (!(await knownPartner(ctx, id)))
    throw new HttpError(400, 'PARTNER_UNKNOWN', V1_MSG.partnerUnknown(id), {
      fields: { partner_company_id: V1_MSG.partnerUnknown(id) },
    });
  return id;
}
const ifMatchHeader = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag of the draft as you read it: the change applies only to it (412 otherwise)'),
});
const keyHeader = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/)
    .optional()
    .describe(
      '1 to 255 visible ASCII characters (0x21 to 0x7E: no spaces), e.g. a UUID: a retry with the same key and ' +
        'request within 24 hours gets the first answer again (`Idempotent-Replayed: true`); another request with it ' +
        'is 422; another key shape is 400',
    ),
});

/** A draft in the integration API's shape, with each product's readiness against the partner's rules. */
async function v1DraftOf(db: Tx, draft: DraftWithFiles, user: UserRow): Promise<V1Draft> {
  const presented = presentDraft(draft, user);
  const { products } = await readinessOfDraft(db, presented, presentedDraftFacts(presented));
  return {
    id: presented.id,
    partner_company_id: presented.partnerCompanyId,
    created_by: { user_id: presented.userId, email: presented.creatorEmail },
    updated_at: presented.updatedDate.toISOString(),
    files: presented.files.map((f) => ({
      file_name: f.fileName,
      kind: f.kind,
      size: f.size,
      upc: f.upc,
      product_name: f.productName,
      detected_upc: f.detectedUpc,
      detected_upcs: f.detectedUpcs,
      detected_from: f.detectedFrom,
      detection_status: f.detectionStatus,
      shipping_profile_id: f.shippingProfileId,
      is_marketing_image: f.isMarketingImage,
      photo_checks: f.qualityIssues,
      long_side_px: f.longSidePx,
      image_url: `/api${f.imageUrl}`,
      thumbnail_url: `/api${f.thumbnailUrl}`,
    })),
    readiness: products.map((p) => ({
      upc: p.upc,
      file_names: p.fileNames,
      percent: p.readiness.percent,
      ready: p.readiness.ready,
      rules_version: p.readiness.version,
      failing: p.readiness.failing.map((r) => ({
        code: r.code,
        kind: r.kind,
        severity: r.severity,
        weight: r.weight,
        passed: r.passed,
        message: r.message,
        fix: r.fix,
        file_names: r.fileNames,
      })),
    })),
    warnings: presented.files.flatMap((f) => {
      const problem = f.upc ? upcError(f.upc) : null;
      return problem
        ? [
            {
              file_name: f.fileName,
              field: 'upc' as const,
              code: 'UPC_INVALID',
              message: V1_MSG.submitWillRefuse(problem),
            },
          ]
        : [];
    }),
    can: presented.can,
  };
}

/** The integration API's drafts (`/api/v1/drafts`): the supplier's flow from files to submissions. */
export async function draftV1Routes(app: FastifyInstance) {
  const { ctx } = app;

  const writer = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    authorize(draftPolicy.write(user));
    return user;
  };
  /**
   * The draft as an answer: its body and its ETag (also what an idempotent replay repeats), read in `db`: the change's
   * own transaction for a POST, so the answer is what the change left.
   */
  const answer = async (status: number, draft: DraftWithFiles, user: UserRow, db: Tx = ctx.db) => ({
    status,
    body: await v1DraftOf(db, draft, user),
    headers: {
      etag: etagOf(ETAG_KIND, draftVersion(draft)),
      ...(status === 201 && { location: `/api/v1/drafts/${draft.id}` }),
    },
  });
  /**
   * The upload of a POST: a request whose key already has an answer is not counted against the storage quota (it
   * stores nothing), though its body is still read to check it is the same request.
   */
  const uploadOf = async (request: FastifyRequest, user: UserRow) =>
    receiveUploads(request, ctx.uploadTempDir, {
      ...(!(await hasStoredAnswer(ctx, request, scopeOf(user))) && { quota: { ctx, companyId: user.companyId } }),
      maxFiles: MAX_FILES_PER_DRAFT,
    });
  const send = (reply: FastifyReply, a: Awaited<ReturnType<typeof answer>>) => {
    reply.status(a.status).header('etag', a.headers.etag);
    return a.body;
  };
  const scopeOf = (user: UserRow) => `user:${user.id}`;

  app.post(
    '/api/v1/drafts',
    {
      schema: routeSchema({
        operationId: 'createDraft',
        etag: true,
        location: true,
        summary: 'Create a draft from files',
        description:
          "Multipart, the files in the repeated field `files`, and the partner in `partner_company_id`. Each file's barcodes and photo checks are read in the " +
          'background: read the draft until every `detection_status` is `done` (or follow the change feed). With an ' +
          '`Idempotency-Key`, a retry gives the same draft.',
        tags,
        headers: keyHeader,
        multipart: createBody,
        responses: { 201: v1Draft },
        errors: [400, 401, 403, 409, 413, 422, 429],
      }),
    },
    async (request, reply) => {
      const user = await writer(request);
      const upload = await uploadOf(request, user);
      try {
        const partner = await partnerOfNewDraft(ctx, request, upload.fields);
        return await idempotent<DraftWithFiles>(
          ctx,
          request,
          reply,
          scopeOf(user),
          () => fingerprintOf(request, { files: upload.files, fields: upload.fields }),
          (inTx) => createDraft(ctx, user, partner, upload.files, inTx),
          (tx, draft) => answer(201, draft, user, tx),
        );
      } finally {
        await upload.discard();
      }
    },
  );

  app.get(
    '/api/v1/drafts/:id',
    {
      schema: routeSchema({
        operationId: 'getDraft',
        etag: true,
        summary: "A draft: its files with their detected codes and photo checks, and each product's readiness",
        tags,
        params: idParams,
        responses: { 200: v1Draft },
        errors: [401, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return send(reply, await answer(200, await visibleDraft(ctx, user, id), user));
    },
  );

  app.patch(
    '/api/v1/drafts/:id/files/:file_name',
    {
      schema: routeSchema({
        operationId: 'updateDraftFile',
        etag: true,
        summary: "Set a file's UPC, product name, marketing image flag or shipping profile",
        description:
          'Fields left out keep their value; null clears one. A draft may stay incomplete: Submit checks it.',
        tags,
        params: fileParams,
        headers: ifMatchHeader,
        body: v1DraftFileUpdate,
        responses: { 200: v1Draft },
        errors: [400, 401, 403, 404, 409, 412, 429],
      }),
    },
    async (request, reply) => {
      const user = await writer(request);
      const { id, file_name } = fileParams.parse(request.params);
      const seen = await visibleDraft(ctx, user, id);
      // The file is the address here: one the draft does not have is not found (the web app's batch says 400).
      if (!seen.files.some((f) => f.fileName.toLowerCase() === file_name.toLowerCase()))
        throw notFound(`This draft has no file named ${file_name}.`);
      const parsed = v1DraftFileUpdate.safeParse(request.body ?? {});
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw badRequest(Object.values(fields)[0], fields);
      }
      const u = parsed.data;
      const draft = await updateDraft(
        ctx,
        user,
        id,
        [
          {
            fileName: file_name,
            ...(u.upc !== undefined && { upc: u.upc }),
            ...(u.product_name !== undefined && { productName: u.product_name }),
            ...(u.shipping_profile_id !== undefined && { shippingProfileId: u.shipping_profile_id }),
            ...(u.is_marketing_image !== undefined && { isMarketingImage: u.is_marketing_image }),
          },
        ],
        { precondition: ifMatchOf(request, ETAG_KIND) },
      );
      return send(reply, await answer(200, draft, user));
    },
  );

  app.post(
    '/api/v1/drafts/:id/files',
    {
      schema: routeSchema({
        operationId: 'addDraftFiles',
        etag: true,
        summary: 'Add files to a draft',
        tags,
        params: idParams,
        headers: keyHeader.extend(ifMatchHeader.shape),
        multipart: filesBody,
        responses: { 200: v1Draft },
        errors: [400, 401, 403, 404, 409, 412, 413, 422, 429],
      }),
    },
    async (request, reply) => {
      const user = await writer(request);
      const { id } = idParams.parse(request.params);
      const replay = await hasStoredAnswer(ctx, request, scopeOf(user));
      if (!replay) await editableDraft(ctx, user, id); // refuse before reading any bytes (a replay's draft may be gone)
      const upload = await uploadOf(request, user);
      try {
        return await idempotent<DraftWithFiles>(
          ctx,
          request,
          reply,
          scopeOf(user),
          () => fingerprintOf(request, { files: upload.files, fields: upload.fields }),
          (inTx) => addDraftFiles(ctx, user, id, upload.files, { precondition: ifMatchOf(request, ETAG_KIND) }, inTx),
          (tx, draft) => answer(200, draft, user, tx),
        );
      } finally {
        await upload.discard();
      }
    },
  );

  app.delete(
    '/api/v1/drafts/:id/files/:file_name',
    {
      schema: routeSchema({
        operationId: 'removeDraftFile',
        etag: true,
        summary: 'Take a file out of a draft (never its last: delete the draft instead)',
        tags,
        params: fileParams,
        headers: ifMatchHeader,
        responses: { 200: v1Draft },
        errors: [400, 401, 403, 404, 409, 412, 429],
      }),
    },
    async (request, reply) => {
      const user = await writer(request);
      const { id, file_name } = fileParams.parse(request.params);
      const draft = await removeDraftFile(ctx, user, id, file_name, { precondition: ifMatchOf(request, ETAG_KIND) });
      return send(reply, await answer(200, draft, user));
    },
  );

  app.delete(
    '/api/v1/drafts/:id',
    {
      schema: routeSchema({
        operationId: 'deleteDraft',
        summary: 'Delete a draft and its files',
        tags,
        params: idParams,
        responses: { 204: null },
        errors: [401, 403, 404, 409, 429],
      }),
    },
    async (request, reply) => {
      const user = await writer(request);
      const { id } = idParams.parse(request.params);
      await deleteDraft(ctx, user, id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/drafts/:id/submit',
    {
      schema: routeSchema({
        operationId: 'submitDraft',
        summary: 'Submit a draft: one submission per distinct UPC',
        description:
          'The same checks as the portal: every file needs a UPC (entered or detected) and the partner’s required ' +
          'fields; a blocking readiness rule refuses it. The draft is gone afterwards; a retry (after a dropped ' +
          'connection) answers the submissions it became, with `Idempotent-Replayed: true`, with or without an ' +
          '`Idempotency-Key`.',
        tags,
        params: idParams,
        headers: keyHeader.extend(ifMatchHeader.shape),
        responses: { 201: v1SubmitResult },
        errors: [400, 401, 403, 404, 409, 412, 422, 429],
      }),
    },
    async (request, reply) => {
      const user = await writer(request);
      const { id } = idParams.parse(request.params);
      return idempotent<SubmitOutcome>(
        ctx,
        request,
        reply,
        scopeOf(user),
        () => fingerprintOf(request),
        (inTx) => submitDraftOnce(ctx, user, id, { precondition: ifMatchOf(request, ETAG_KIND) }, inTx),
        // A draft that already became submissions answers what its submit answered: submit is idempotent by nature.
        async (_tx, outcome) => ({
          status: 201,
          body: { submissions: outcome.submissions.map(v1SummaryOf) },
          headers: outcome.alreadySubmitted ? { 'idempotent-replayed': 'true' } : undefined,
        }),
      );
    },
  );
}
