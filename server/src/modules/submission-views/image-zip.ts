import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ZipFile } from 'yazl';
import { gs1ImageNames, rolesOfProductFiles } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { visibleSubmission } from '../submissions/service.ts';
import { filesOf, type SubmissionRow } from '../submissions/repository.ts';

/**
 * A submission's images in one zip, each named by the GS1 Product Image Specification from the product's GTIN and the
 * photo's roles (domain gs1ImageNames); PDFs stay out (artwork, not product images). Stored, not compressed: the images
 * are compressed already, and the stored sizes give the download its length, so a browser shows its progress.
 */
const IMAGE_ZIP_DESCRIPTION =
  'Each image named `<GTIN-14>_<type><facing><angle><state>` by the GS1 Product Image Specification: type A for the ' +
  'first image of a facing, B for the others, D for a supporting image (a nutrition panel, the ingredients or the ' +
  'barcode, whose side is not known: facing 0); facing 1 front, 2 side, 7 back; angle C; state 1 (in its packaging). ' +
  'A name that would repeat gets `_2`, `_3`. PDFs are left out. 404 when the submission has no image.';

async function sendImageZip(ctx: AppContext, reply: FastifyReply, s: SubmissionRow) {
  const files = await filesOf(ctx.db, s.id);
  const roles = rolesOfProductFiles(files);
  const images = files.flatMap((f, i) => (f.kind === 'pdf' ? [] : [{ ...f, roles: roles[i] }]));
  const names = gs1ImageNames(s.upc, images);
  if (!images.length || !names) throw notFound('This submission has no images to download.');
  // The first blob is opened before the answer starts: a store that is away answers 503, not a broken download.
  const first = await ctx.storage.get(images[0].storageKey);
  const zip = new ZipFile();
  images.forEach((f, i) =>
    zip.addReadStreamLazy(names[i], { size: f.size, compress: false, mtime: s.createdAt }, (done) => {
      if (i === 0) return done(null, first);
      ctx.storage.get(f.storageKey).then(
        (stream) => done(null, stream),
        (err: unknown) => done(err, undefined as never),
      );
    }),
  );
  // A blob lost half way ends the download short: the browser reports it failed rather than saving a broken zip.
  zip.on('error', (err: Error) => {
    reply.log.warn({ err: { message: err.message } }, 'image zip stopped');
    (zip.outputStream as NodeJS.ReadableStream & { destroy(e?: Error): void }).destroy(err);
  });
  // yazl passes the total to this callback (its types say none): -1 when it cannot tell.
  const end = zip.end.bind(zip) as (options: undefined, totalSize: (total: number) => void) => void;
  const length = await new Promise<number>((resolve) => end(undefined, resolve));
  if (length >= 0) reply.header('content-length', String(length));
  const ean = names[0].slice(0, 14);
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${ean}_images.zip"`)
    .header('cache-control', 'private, no-store')
    .send(zip.outputStream);
}

const idParams = z.object({ id: z.string().max(64) });

/** The zip's route at one address (the web app's REST and REST v1), for whoever may see the submission. */
export function imageZipRoute(app: FastifyInstance, url: string, opts: { tags: string[]; operationId?: string }) {
  app.get(
    url,
    {
      schema: routeSchema({
        ...(opts.operationId && { operationId: opts.operationId }),
        summary: "A submission's images in one zip, named by the GS1 Product Image Specification",
        description: IMAGE_ZIP_DESCRIPTION,
        tags: opts.tags,
        params: idParams,
        responses: { 200: { 'application/zip': binary } },
        errors: [401, 404, 429, 503],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return sendImageZip(app.ctx, reply, await visibleSubmission(app.ctx, user, id));
    },
  );
}
