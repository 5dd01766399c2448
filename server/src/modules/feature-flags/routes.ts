import type { FastifyInstance } from 'fastify';
import { authorize } from '../../lib/authorize.ts';
import { featureFlagPolicy } from './policy.ts';
import { enabledFlags } from './repository.ts';
import { z } from 'zod';
import { routeSchema } from '../../lib/openapi.ts';

export async function featureFlagRoutes(app: FastifyInstance) {
  app.get(
    '/api/feature-flags/enabled',
    {
      schema: routeSchema({
        summary: 'The feature flags that are on',
        tags: ['Reference data'],
        responses: {
          200: z
            .array(z.string())
            .describe('The names of the flags that are on, in order')
            .meta({ examples: [['BRAND_PROFILE', 'SHIPPING_PROFILE', 'SUBMISSION_LIST_VIEW']] }),
        },
        errors: [],
        public: true,
      }),
    },
    async () => {
      authorize(featureFlagPolicy.viewEnabled());
      return enabledFlags(app.ctx.db);
    },
  );
}
