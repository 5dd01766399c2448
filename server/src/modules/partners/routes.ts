import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { companies, partnerConfigurations } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

export async function partnerRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  /** Public: the co-branded landing page and login need it before anyone signs in. */
  app.get('/api/companies/:companyId/partner-configuration', async (request) => {
    const { companyId } = z.object({ companyId: z.coerce.number().int().positive().max(2 ** 31 - 1) }).parse(request.params);
    const [row] = await db
      .select({ config: partnerConfigurations, companyName: companies.name })
      .from(partnerConfigurations)
      .innerJoin(companies, eq(companies.id, partnerConfigurations.companyId))
      .where(eq(partnerConfigurations.companyId, companyId));
    if (!row) throw notFound('No partner configuration for this company.');
    const { config } = row;
    return {
      id: config.id,
      companyId: config.companyId,
      companyName: row.companyName,
      partnerLogoFileName: config.partnerLogoFileName,
      primaryColor: config.primaryColor,
      secondaryColor: config.secondaryColor,
      landingPageEnabled: config.landingPageEnabled,
      ...(config.fieldRules as Record<string, boolean>),
    };
  });
}
