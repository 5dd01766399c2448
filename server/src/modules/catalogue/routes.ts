import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  cataloguedProductJsonSchema,
  newImagesSubmissionSchema,
  shippingProfileChoiceSchema,
  CATALOGUE_IMPORT_MAX_BYTES,
  catalogueCsvTemplate,
  checkCatalogueCsv,
  DRAFT_MSG,
  factsFieldSchema,
  MAX_FILES_PER_DRAFT,
} from '@portal/domain';
import { badRequest, forbidden, HttpError } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { receiveUploads } from '../uploads/receive.ts';
import { cataloguePolicy } from './policy.ts';
import { binary, routeSchema } from '../../lib/openapi.ts';
import {
  addProductImages,
  assertImagesShowProduct,
  importCertifiedValues,
  productForNewImages,
  setShippingProfile,
  type PresentedProduct,
} from './service.ts';

const newImagesFacts = z.object({
  facts: factsFieldSchema
    .optional()
    .describe(
      "The product's facts as JSON (null: none); absent: the catalogued product's certified facts, as they are",
    ),
});

/** The CataloguedProduct of the GraphQL schema, field for field, as REST JSON. */
export const productJson = (p: PresentedProduct) => ({
  ean13Upc: p.ean13Upc,
  description: p.description,
  brand: p.brand,
  department: p.department,
  category: p.category,
  subcategory: p.subcategory,
  itemSize: p.itemSize,
  unitsOfMeasure: p.unitsOfMeasure,
  packCount: p.packCount,
  updatedDate: p.updatedAt.toISOString(),
  shippingProfileId: p.shippingProfileId,
  isDelisted: p.isDelisted,
  imageUrls: p.imageUrls,
  thumbnailUrls: p.thumbnailUrls,
  can: p.can,
});

const eanParams = z.object({ ean13Upc: z.string().max(20) });
const tags = ['Catalogue'];

const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'];

export async function catalogueRoutes(app: FastifyInstance) {
  const { ctx } = app;

  const requireCatalogueStaff = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    if (!cataloguePolicy.catalogue(user)) throw forbidden();
    return user;
  };

  /** The certified-values import: one CSV file (field "file", at most 2 MB); every row valid, or nothing applied. */
  app.post(
    '/api/cataloguedProducts/import',
    {
      schema: routeSchema({
        summary: 'Import certified values from a CSV file (every row valid, or nothing applied)',
        tags,
        multipart: z.object({ file: binary.describe('UTF-8 CSV, at most 2 MB; columns as in the template') }),
        responses: {
          200: z
            .object({ applied: z.number().int(), catalogued: z.number().int() })
            .meta({ examples: [{ applied: 120, catalogued: 118 }] }),
        },
        errors: [400, 401, 403, 413, 429],
      }),
    },
    async (request) => {
      const user = await requireCatalogueStaff(request);
      if (!request.isMultipart()) throw badRequest('Send the CSV file as multipart/form-data in the field "file".');
      let text: string;
      try {
        const part = await request.file({ limits: { fileSize: CATALOGUE_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
        if (!part || part.fieldname !== 'file') throw badRequest('Send the CSV file in the field "file".');
        if (!CSV_TYPES.includes(part.mimetype.toLowerCase().split(';')[0].trim()))
          throw badRequest('The file must be a CSV file (text/csv).');
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The CSV file must be at most 2 MB.');
        if (bytes.includes(0)) throw badRequest('The file must be a CSV text file.');
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The CSV file must be at most 2 MB.');
        if (err instanceof TypeError) throw badRequest('The file must be UTF-8 text.');
        throw err;
      }
      const check = checkCatalogueCsv(text);
      if (!check.ok) {
        if (!check.rows.length) throw badRequest(check.message);
        throw new HttpError(400, 'IMPORT_INVALID', check.message, { rows: check.rows });
      }
      return importCertifiedValues(ctx, user, check.rows);
    },
  );

  app.get(
    '/api/cataloguedProducts/import/template.csv',
    {
      schema: routeSchema({
        summary: 'The CSV template of the certified values import',
        tags,
        responses: { 200: { 'text/csv': z.string().meta({ examples: [catalogueCsvTemplate()] }) } },
        errors: [401, 403, 429],
      }),
    },
    async (request, reply) => {
      await requireCatalogueStaff(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="certified-values-template.csv"')
        .send(catalogueCsvTemplate());
    },
  );

  /** The supplier's company applies one of its shipping profiles to a product; null or empty removes it. */
  app.put(
    '/api/products/:ean13Upc/shippingProfile',
    {
      schema: routeSchema({
        summary: 'Apply one of your shipping profiles to a product (null removes it)',
        tags,
        params: eanParams,
        body: shippingProfileChoiceSchema,
        responses: { 200: cataloguedProductJsonSchema },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { ean13Upc } = eanParams.parse(request.params);
      return productJson(await setShippingProfile(ctx, user, ean13Upc, request.body));
    },
  );

  /** New images of a catalogued product: a new submission for that EAN-13, reviewed like the intake. */
  app.post(
    '/api/cataloguedProducts/:ean13Upc/images',
    {
      schema: routeSchema({
        summary: 'New images of a catalogued product (a new submission, reviewed like the intake)',
        tags,
        params: eanParams,
        multipart: z.object({
          files: z.array(binary),
          [DRAFT_MSG.sendDifferingField]: z
            .literal('send')
            .optional()
            .describe('Send even though the barcodes in the images are another code than the UPC (409 otherwise).'),
          facts: newImagesFacts.shape.facts,
        }),
        responses: { 201: newImagesSubmissionSchema },
        errors: [400, 401, 403, 404, 409, 413, 429],
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { ean13Upc } = eanParams.parse(request.params);
      const product = await productForNewImages(ctx, user, ean13Upc); // refuse before reading any bytes
      const upload = await receiveUploads(request, ctx.uploadTempDir, {
        quota: { ctx, companyId: user.companyId },
        maxFiles: MAX_FILES_PER_DRAFT,
        fileField: 'files',
      });
      try {
        const { facts } = newImagesFacts.parse(upload.fields);
        if (upload.fields[DRAFT_MSG.sendDifferingField] !== 'send')
          await assertImagesShowProduct(product, upload.files);
        const created = await addProductImages(
          ctx,
          user,
          product,
          request.session.partnerCompanyId ?? null,
          upload.files,
          facts,
        );
        reply.status(201);
        return created;
      } finally {
        await upload.discard();
      }
    },
  );
}
