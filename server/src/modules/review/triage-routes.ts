import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  reviewAssignBody,
  reviewAssignResult,
  reviewNote,
  reviewNoteBody,
  reviewNotes,
  reviewReviewers,
} from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { reviewPolicy } from './policy.ts';
import { assignItems, listReviewers } from './assignments.ts';
import { addNote, listNotes } from './notes.ts';

const tags = ['Review workspace'];
const itemParams = z.object({ id: z.uuid() });

/**
 * Work shared between reviewers: who may be assigned, assignment, and staff-only internal notes (policy.ts: staff
 * with review rights).
 */
export async function reviewTriageRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/review/reviewers',
    {
      schema: routeSchema({
        summary: 'The reviewers items can be assigned to, with their open assignments',
        tags,
        responses: { 200: reviewReviewers },
        errors: [401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      return { reviewers: await listReviewers(ctx, user) };
    },
  );

  app.post(
    '/api/review/assignments',
    {
      schema: routeSchema({
        summary: 'Assign items to me, to a reviewer, to no one, or round-robin over every reviewer',
        description:
          '`round_robin` gives each item in turn to the reviewer with the fewest open assignments (ties: the lowest ' +
          'id). Each change of assignee is audited. Unknown items are left out of the answer; none known: 404.',
        tags,
        body: reviewAssignBody,
        responses: { 200: reviewAssignResult },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.assign(user));
      return assignItems(ctx, user, reviewAssignBody.parse(request.body));
    },
  );

  app.get(
    '/api/review/items/:id/notes',
    {
      schema: routeSchema({
        summary: "An item's internal notes (staff only, never shown to its supplier), oldest first",
        tags,
        params: itemParams,
        responses: { 200: reviewNotes },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.note(user));
      return { notes: await listNotes(ctx, user, itemParams.parse(request.params).id) };
    },
  );

  app.post(
    '/api/review/items/:id/notes',
    {
      schema: routeSchema({
        summary: 'Add an internal note to an item (staff only, never shown to its supplier; audited)',
        tags,
        params: itemParams,
        body: reviewNoteBody,
        responses: { 201: reviewNote },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.note(user));
      const note = await addNote(ctx, user, itemParams.parse(request.params).id, reviewNoteBody.parse(request.body));
      return reply.status(201).send(note);
    },
  );
}
