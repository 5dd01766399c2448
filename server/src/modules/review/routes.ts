import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  reviewClaimSchema,
  reviewCompanySearchAnswer,
  reviewCompanySearchQuery,
  reviewDecisionBody,
  reviewDecisionResult,
  reviewItemContext,
  reviewQueryWithBoundary,
  reviewQueuePage,
  reviewQueueOptions,
  reviewQueueQuery,
  reviewStockReason,
  reviewStockReasonBody,
  reviewUndoBody,
  reviewUndoResult,
} from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { reviewPolicy } from './policy.ts';
import { queuePage } from './queries/queue.ts';
import {
  addStockReason,
  claimItem,
  decide,
  deleteStockReason,
  itemContext,
  listStockReasons,
  queueOptions,
  releaseItem,
  searchCompanies,
  undoDecisions,
} from './service.ts';

const tags = ['Review workspace'];
const itemParams = z.object({ id: z.uuid() });
const reasonParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const partnerQuery = z.object({ partner: z.coerce.number().int().positive().optional() });
const pageAnswer = reviewQueuePage.extend({ startCursor: z.string().nullable(), endCursor: z.string().nullable() });

/** The reviewer's workspace (/review): staff with review rights only (policy.ts). */
export async function reviewRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/review/queue',
    {
      schema: routeSchema({
        summary: 'One page of the review queue, filtered and sorted as the workspace URL says',
        tags,
        querystring: reviewQueryWithBoundary,
        responses: { 200: pageAnswer },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      const q = reviewQueryWithBoundary.parse(request.query);
      return queuePage(ctx.db, q, user.id);
    },
  );

  app.get(
    '/api/review/options',
    {
      schema: routeSchema({
        summary: "The queue filters' choices: the partners (companies are searched: /api/review/companies)",
        tags,
        responses: { 200: reviewQueueOptions },
        errors: [401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      return queueOptions(ctx, user);
    },
  );

  app.get(
    '/api/review/companies',
    {
      schema: routeSchema({
        summary: "The queue's company filter: supplier companies by name as the reviewer types, or one by id",
        description:
          'Names starting with `q` first, then (for 2 letters or more) names holding it, 20 at most. No `q`: none.',
        tags,
        querystring: reviewCompanySearchQuery,
        responses: { 200: reviewCompanySearchAnswer },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      return { companies: await searchCompanies(ctx, user, reviewCompanySearchQuery.parse(request.query)) };
    },
  );

  app.get(
    '/api/review/items/:id',
    {
      schema: routeSchema({
        summary: "An item's review context: same UPC elsewhere, duplicate flag, claim, neighbours in the queue",
        description:
          "The query string is the queue's (its filters and sort): `neighbours` are the items before and after this one in it.",
        tags,
        params: itemParams,
        querystring: reviewQueueQuery,
        responses: { 200: reviewItemContext },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      const { id } = itemParams.parse(request.params);
      return itemContext(ctx, user, id, reviewQueueQuery.parse(request.query));
    },
  );

  app.put(
    '/api/review/claims/:id',
    {
      schema: routeSchema({
        summary: 'Claim an item for review, or renew the claim (soft: lapses after 5 minutes without renewal)',
        tags,
        params: itemParams,
        responses: { 200: reviewClaimSchema.describe("The claim that holds: the caller's, or another reviewer's") },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.claim(user));
      const { id } = itemParams.parse(request.params);
      return claimItem(ctx, user, id);
    },
  );

  app.delete(
    '/api/review/claims/:id',
    {
      schema: routeSchema({
        summary: "Let go of one's claim on an item",
        tags,
        params: itemParams,
        responses: { 204: null },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.claim(user));
      const { id } = itemParams.parse(request.params);
      await releaseItem(ctx, user, id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/review/decisions',
    {
      schema: routeSchema({
        summary: 'Accept items, or reject them with one reason; each is decided on its own and answered on its own',
        description:
          'Each item is decided in a transaction of its own, with its own history row, e-mail and webhook event, and ' +
          'gets its own outcome: `accepted` or `rejected`; `already_decided` when someone decided it first or it no ' +
          'longer waits for review (left as it is; `decidedBy` is "you" when it was the caller); `not_found`; ' +
          '`failed` with a `message` when it met an error (it was not decided: send it again). One item failing ' +
          'neither undoes nor hides the others, so the answer is 200 whatever each item met.',
        tags,
        body: reviewDecisionBody,
        responses: { 200: reviewDecisionResult },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.decide(user));
      return { results: await decide(ctx, user, reviewDecisionBody.parse(request.body)) };
    },
  );

  app.post(
    '/api/review/decisions/undo',
    {
      schema: routeSchema({
        summary: 'Undo decisions just made, while their e-mail and events still wait (the undo window, 10 s)',
        description:
          'Each item named with the `undo.key` its decision answered goes back to the status it had, with a history ' +
          'row and an audit row; the e-mail to its supplier and the events for webhooks and the change feed, held ' +
          'until the window ends, are cancelled, so nothing about the decision ever leaves. Only the reviewer who ' +
          "decided can undo it, and only while it is still the item's last change. Each item gets its outcome; " +
          'when no item could be undone the answer is 409 with why (too late: the window has passed and the ' +
          'supplier has been told), or 404.',
        tags,
        body: reviewUndoBody,
        responses: { 200: reviewUndoResult },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.decide(user));
      return { results: await undoDecisions(ctx, user, reviewUndoBody.parse(request.body)) };
    },
  );

  app.get(
    '/api/review/stock-reasons',
    {
      schema: routeSchema({
        summary: "Stock rejection reasons: a partner's and those for every partner",
        tags,
        querystring: partnerQuery,
        responses: { 200: z.array(reviewStockReason) },
        errors: [400, 401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      return listStockReasons(ctx, user, partnerQuery.parse(request.query).partner ?? null);
    },
  );

  app.post(
    '/api/review/stock-reasons',
    {
      schema: routeSchema({
        summary: 'Add a stock rejection reason for a partner (null: for every partner)',
        tags,
        body: reviewStockReasonBody,
        responses: { 201: reviewStockReason },
        errors: [400, 401, 403, 409, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.maintainStockReasons(user));
      return reply.status(201).send(await addStockReason(ctx, user, reviewStockReasonBody.parse(request.body)));
    },
  );

  app.delete(
    '/api/review/stock-reasons/:id',
    {
      schema: routeSchema({
        summary: 'Remove a stock rejection reason',
        tags,
        params: reasonParams,
        responses: { 204: null },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.maintainStockReasons(user));
      await deleteStockReason(ctx, user, reasonParams.parse(request.params).id);
      return reply.status(204).send();
    },
  );
}
