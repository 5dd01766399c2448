import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { z } from 'zod';
import {
  factsFieldSchema,
  MAX_FILES_PER_DRAFT,
  transitionError,
  V1_MSG,
  v1Decision,
  v1Submission,
  v1SubmissionListQuery,
  v1SubmissionPage,
  v1SupportTicketInput,
} from '@portal/domain';
import { badRequest, forbidden, zodFields } from '../../lib/errors.ts';
import { fingerprintOf, hasStoredAnswer, idempotent } from '../../lib/idempotency.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { etagOf, ifMatchOf } from '../../lib/preconditions.ts';
import { requireUser } from '../users/current-user.ts';
import { receiveUploads } from '../uploads/receive.ts';
import type { UserRow } from '../users/repository.ts';
import { v1SubmissionOf } from './api-v1-presenter.ts';
import { imageZipRoute } from './image-zip.ts';
import { submissionPolicy } from '../submissions/policy.ts';
import { submissionVersion, type SubmissionRow } from '../submissions/repository.ts';
import {
  appealSubmission,
  resubmit,
  reviewSubmission,
  setSupportTicket,
  visibleSubmission,
} from '../submissions/service.ts';
import { submissionListPage } from './queries/submission-list.ts';

const tags = ['Submissions (v1)'];
const ETAG_KIND = 'submission';
const idParams = z.object({ id: z.string().max(64) });
const ifMatchHeader = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag of the submission as you read it: the change applies only to it (412 otherwise)'),
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
const headers = keyHeader.extend(ifMatchHeader.shape);
const resubmitBody = z.object({
  upc: z.string().max(100).describe('The UPC of the new files (may differ from the rejected one)'),
  files: z.array(binary).describe(`Up to ${MAX_FILES_PER_DRAFT} package images or PDFs: they replace every file`),
  facts: factsFieldSchema
    .optional()
    .describe(
      "The product's facts as JSON (ProductFacts; null clears them); absent: they stay as they were. An edited value " +
        'is recorded as typed',
    ),
});

/** The facts field of a multipart request, checked by the shared schema (a 400 naming the field when wrong). */
const factsOfFields = (fields: Record<string, string>) => resubmitBody.pick({ facts: true }).parse(fields).facts;

/** The integration API's submission routes (`/api/v1`): typed answers, cursor pages. */
export async function submissionV1Routes(app: FastifyInstance) {
  const { ctx } = app;
  const scopeOf = (user: UserRow) => `user:${user.id}`;
  /** A submission as an answer, read in `db`: the change's own transaction for a POST. */
  const answer = async (status: number, s: SubmissionRow, user: UserRow, db: Tx = ctx.db) => ({
    status,
    body: await v1SubmissionOf(db, s, user),
    headers: { etag: etagOf(ETAG_KIND, await submissionVersion(db, s)) },
  });
  const parseJson = <T>(schema: z.ZodType<T>, request: FastifyRequest): T => {
    const parsed = schema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const fields = zodFields(parsed.error);
      throw badRequest(Object.values(fields)[0], fields);
    }
    return parsed.data;
  };

  app.get(
    '/api/v1/submissions',
    {
      schema: routeSchema({
        operationId: 'listSubmissions',
        summary: 'List submissions, newest first, a page at a time',
        description:
          "The caller's company's submissions (every company's for staff), newest first by `sort`. Follow " +
          '`next_cursor` until it is null; a cursor is good for the filters it was made with. Changes made while ' +
          'paging are picked up by the next run with `updated_since`.',
        tags,
        querystring: v1SubmissionListQuery,
        responses: { 200: v1SubmissionPage },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const parsed = v1SubmissionListQuery.safeParse(request.query);
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw badRequest(Object.values(fields)[0], fields);
      }
      return submissionListPage(ctx.db, {
        ...parsed.data,
        companyId: submissionPolicy.seesEveryCompany(user) ? null : user.companyId,
      });
    },
  );

  app.get(
    '/api/v1/submissions/:id',
    {
      schema: routeSchema({
        operationId: 'getSubmission',
        etag: true,
        summary: 'One submission: status, partner statuses, history with review comments, files with download links',
        tags,
        params: idParams,
        responses: { 200: v1Submission },
        errors: [401, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      const a = await answer(200, await visibleSubmission(ctx, user, id), user);
      reply.header('etag', a.headers.etag);
      return a.body;
    },
  );

  imageZipRoute(app, '/api/v1/submissions/:id/images.zip', { tags, operationId: 'downloadSubmissionImages' });

  app.post(
    '/api/v1/submissions/:id/resubmit',
    {
      schema: routeSchema({
        operationId: 'resubmitSubmission',
        etag: true,
        summary: 'Resubmit a rejected submission with new files',
        description: 'Multipart: `upc` and the files in the repeated field `files`. Back to SUBMITTED, checked again.',
        tags,
        params: idParams,
        headers,
        multipart: resubmitBody,
        responses: { 200: v1Submission },
        errors: [400, 401, 403, 404, 409, 412, 413, 422, 429],
        errorExamples: {
          409: { code: 'INVALID_TRANSITION', message: transitionError('SUBMITTED', 'SUBMITTED') },
        },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      await visibleSubmission(ctx, user, id); // refuse before reading any bytes
      // A request whose key has an answer already stores nothing: its body is read (to check it is the same request)
      // but not counted against the storage quota.
      const replay = await hasStoredAnswer(ctx, request, scopeOf(user));
      const upload = await receiveUploads(request, ctx.uploadTempDir, {
        ...(!replay && { quota: { ctx, companyId: user.companyId } }),
        maxFiles: MAX_FILES_PER_DRAFT,
        fileField: 'files',
      });
      try {
        return await idempotent<SubmissionRow>(
          ctx,
          request,
          reply,
          scopeOf(user),
          () => fingerprintOf(request, { files: upload.files, fields: upload.fields }),
          (inTx) =>
            resubmit(
              ctx,
              user,
              id,
              upload.fields.upc ?? '',
              upload.files,
              ifMatchOf(request, ETAG_KIND),
              inTx,
              factsOfFields(upload.fields),
            ),
          (tx, s) => answer(200, s, user, tx),
        );
      } finally {
        await upload.discard();
      }
    },
  );

  app.post(
    '/api/v1/submissions/:id/appeal',
    {
      schema: routeSchema({
        operationId: 'appealSubmission',
        etag: true,
        summary: 'Ask staff to look at an automatic rejection (back to SUBMITTED, for human review only)',
        tags,
        params: idParams,
        headers: keyHeader,
        responses: { 200: v1Submission },
        errors: [401, 403, 404, 409, 422, 429],
        errorExamples: { 409: { code: 'INVALID_TRANSITION', message: 'Only an automatic rejection can be appealed.' } },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return idempotent<SubmissionRow>(
        ctx,
        request,
        reply,
        scopeOf(user),
        () => fingerprintOf(request),
        (inTx) => appealSubmission(ctx, user, id, inTx),
        (tx, s) => answer(200, s, user, tx),
      );
    },
  );

  app.post(
    '/api/v1/submissions/:id/decision',
    {
      schema: routeSchema({
        operationId: 'decideSubmission',
        etag: true,
        summary: 'Staff: accept or reject a submission (a rejection needs a reason)',
        tags,
        params: idParams,
        headers,
        body: v1Decision,
        responses: { 200: v1Submission },
        errors: [400, 401, 403, 404, 409, 412, 422, 429],
        errorExamples: {
          403: {
            code: 'FORBIDDEN',
            message: V1_MSG.decidingIsStaffOnly(true),
          },
          409: { code: 'INVALID_TRANSITION', message: transitionError('ACCEPTED', 'ADMIN_REJECTED') },
        },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!submissionPolicy.review(user)) throw forbidden(V1_MSG.decidingIsStaffOnly(Boolean(request.apiToken)));
      const { id } = idParams.parse(request.params);
      await visibleSubmission(ctx, user, id);
      const decision = parseJson(v1Decision, request);
      return idempotent<SubmissionRow>(
        ctx,
        request,
        reply,
        scopeOf(user),
        () => fingerprintOf(request, { json: decision }),
        (inTx) =>
          reviewSubmission(
            ctx,
            user,
            id,
            decision.status,
            decision.reason ?? null,
            ifMatchOf(request, ETAG_KIND),
            inTx,
          ),
        (tx, s) => answer(200, s, user, tx),
      );
    },
  );

  app.put(
    '/api/v1/submissions/:id/support-ticket',
    {
      schema: routeSchema({
        operationId: 'setSubmissionSupportTicket',
        summary: 'Staff: set, change or remove the support ticket opened about a submission',
        tags,
        params: idParams,
        headers,
        body: v1SupportTicketInput,
        responses: { 200: v1Submission },
        errors: [400, 401, 403, 404, 412, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      await visibleSubmission(ctx, user, id);
      const body = parseJson(v1SupportTicketInput, request);
      return idempotent<SubmissionRow>(
        ctx,
        request,
        reply,
        scopeOf(user),
        () => fingerprintOf(request, { json: body }),
        (inTx) =>
          setSupportTicket(
            ctx,
            user,
            id,
            { ticketId: body.ticket_id, ticketUrl: body.ticket_url ?? null },
            ifMatchOf(request, ETAG_KIND),
            inTx,
          ),
        (tx, s) => answer(200, s, user, tx),
      );
    },
  );
}
