import type { FastifyInstance } from 'fastify';
import { MAX_FILES_PER_DRAFT } from '@portal/domain';
import { z } from 'zod';
import { authorize } from '../../lib/authorize.ts';
import { requireUser } from '../auth/session.ts';
import { draftPolicy } from './policy.ts';
import { sendFileImage } from '../media-files/serve.ts';
import { receiveUploads } from '../uploads/receive.ts';
import { presentDraft } from './presenter.ts';
import { addDraftFiles, createDraft, visibleDraft } from './service.ts';

export async function draftRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const requireWriter = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    authorize(draftPolicy.write(user));
    return user;
  };

  /** Creates a draft from the chosen files (multipart, repeated field "files"). */
  app.post('/api/draftSubmissions', async (request, reply) => {
    const user = await requireWriter(request);
    const upload = await receiveUploads(request, ctx.uploadTempDir, { quota: { ctx, companyId: user.companyId }, maxFiles: MAX_FILES_PER_DRAFT });
    try {
      const draft = await createDraft(ctx, user, request.session.partnerCompanyId ?? null, upload.files);
      reply.status(201);
      return presentDraft(draft, user);
    } finally {
      await upload.discard();
    }
  });

  app.post('/api/draftSubmissions/:id/image', async (request) => {
    const user = await requireWriter(request);
    const { id } = z.object({ id: z.string().max(64) }).parse(request.params);
    await visibleDraft(ctx, user, id); // refuse before reading any bytes
    const upload = await receiveUploads(request, ctx.uploadTempDir, { quota: { ctx, companyId: user.companyId }, maxFiles: MAX_FILES_PER_DRAFT });
    try {
      return presentDraft(await addDraftFiles(ctx, user, id, upload.files), user);
    } finally {
      await upload.discard();
    }
  });

  const image = async (request: Parameters<typeof requireUser>[0], reply: Parameters<typeof sendFileImage>[1]) => {
    const user = await requireUser(request);
    const { id, fileName } = z.object({ id: z.string().max(64), fileName: z.string().max(300) }).parse(request.params);
    const { thumbnail } = z.object({ thumbnail: z.enum(['true', 'false']).optional() }).parse(request.query);
    const draft = await visibleDraft(ctx, user, id);
    return sendFileImage(ctx, reply, draft.files, fileName, thumbnail === 'true');
  };
  app.get('/draftSubmissions/:id/image/:fileName', (request, reply) => image(request, reply));
  app.get('/api/draftSubmissions/:id/image/:fileName', (request, reply) => image(request, reply));
}
