import type { FastifyReply } from 'fastify';
import { ZipFile } from 'yazl';
import { gs1ImageNames, rolesOfProductFiles } from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { filesOf, type SubmissionRow } from '../submissions/repository.ts';

/**
 * A submission's images in one zip, each named by the GS1 Product Image Specification from the product's GTIN and the
 * photo's roles (domain gs1ImageNames); PDFs stay out (artwork, not product images). Stored, not compressed: the images
 * are compressed already, and the stored sizes give the download its length, so a browser shows its progress.
 */
export const IMAGE_ZIP_DESCRIPTION =
  'Each image named `<GTIN-14>_<type><facing><angle><state>` by the GS1 Product Image Specification: type A for the ' +
  'first image of a facing, B for the others, D for a supporting image (a nutrition panel, the ingredients or the ' +
  'barcode, whose side is not known: facing 0); facing 1 front, 2 side, 7 back; angle C; state 1 (in its packaging). ' +
  'A name that would repeat gets `_2`, `_3`. PDFs are left out. 404 when the submission has no image.';

export async function sendImageZip(ctx: AppContext, reply: FastifyReply, s: SubmissionRow) {
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
