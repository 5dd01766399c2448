import type { FastifyInstance } from 'fastify';
import { authorize } from '../../lib/authorize.ts';
import { featureFlagPolicy } from './policy.ts';
import { enabledFlags } from './repository.ts';

export async function featureFlagRoutes(app: FastifyInstance) {
  app.get('/api/feature-flags/enabled', async () => {
    authorize(featureFlagPolicy.viewEnabled());
    return enabledFlags(app.ctx.db);
  });
}
