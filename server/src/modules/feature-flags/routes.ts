import type { FastifyInstance } from 'fastify';
import { enabledFlags } from './repository.ts';

export async function featureFlagRoutes(app: FastifyInstance) {
  app.get('/api/feature-flags/enabled', async () => enabledFlags(app.ctx.db));
}
