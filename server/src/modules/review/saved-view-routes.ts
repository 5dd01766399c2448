import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reviewSavedView, reviewSavedViewBody, reviewSavedViewRename, reviewSavedViews } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { reviewPolicy } from './policy.ts';
import { deleteSavedView, listViews, renameSavedView, saveView } from './saved-views.ts';

const tags = ['Review workspace'];
const viewParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A reviewer's saved views of the queue (saved-views.ts): only ever the caller's own. */
export async function reviewSavedViewRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/review/views',
    {
      schema: routeSchema({
        summary: 'My saved views of the review queue, each with how many items it holds now',
        description: 'Only the caller’s own views, by name. The counts are of the queue as it is now.',
        tags,
        responses: { 200: reviewSavedViews },
        errors: [401, 403, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.savedViews(user));
      return { views: await listViews(ctx, user) };
    },
  );

  app.post(
    '/api/review/views',
    {
      schema: routeSchema({
        summary: "Save the queue's filters and order as a view of mine",
        description: `A name I already use (any case) is a 409, as is a view past the most one reviewer keeps.`,
        tags,
        body: reviewSavedViewBody,
        responses: { 201: reviewSavedView },
        errors: [400, 401, 403, 409, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.savedViews(user));
      const view = await saveView(ctx, user, reviewSavedViewBody.parse(request.body));
      return reply.status(201).send(view);
    },
  );

  app.patch(
    '/api/review/views/:id',
    {
      schema: routeSchema({
        summary: 'Rename a view of mine',
        description: 'Another user’s view is not found (404).',
        tags,
        params: viewParams,
        body: reviewSavedViewRename,
        responses: { 200: reviewSavedView },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.savedViews(user));
      const { id } = viewParams.parse(request.params);
      return renameSavedView(ctx, user, id, reviewSavedViewRename.parse(request.body));
    },
  );

  app.delete(
    '/api/review/views/:id',
    {
      schema: routeSchema({
        summary: 'Delete a view of mine',
        description: 'Another user’s view is not found (404).',
        tags,
        params: viewParams,
        responses: { 204: null },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.savedViews(user));
      await deleteSavedView(ctx, user, viewParams.parse(request.params).id);
      return reply.status(204).send();
    },
  );
}
