import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SHEET_TARGET_KEYS, sheetMappingSchema, type SheetDryRun, type SheetImport } from '@portal/domain';
import { builder } from '../../graphql/builder.ts';
import type { AppContext } from '../../context.ts';
import { authorize } from '../../lib/authorize.ts';
import { badRequest } from '../../lib/errors.ts';
import { knownPartner } from '../auth/service.ts';
import { draftPolicy } from '../drafts/policy.ts';
import { requireUser } from '../users/current-user.ts';
import type { UserRow } from '../users/repository.ts';
import { presentSheetImport, startSheetImport, visibleSheetImport } from './create-drafts.ts';
import { dryRunSheet, type SheetReadRequest } from './service.ts';

/**
 * The sheet import in GraphQL: the dry run and "Create drafts" with the sheet sent as base64 (within the request's
 * 1 MB: REST takes sheets up to 10 MB as multipart), and the import's progress.
 */
const SheetTargetEnum = builder.enumType('SheetTarget', { values: SHEET_TARGET_KEYS });
const SheetIssueSeverityEnum = builder.enumType('SheetIssueSeverity', { values: ['blocked', 'warning'] as const });

const SheetColumnRef = builder.objectRef<SheetDryRun['mapping'][number]>('SheetColumn').implement({
  fields: (t) => ({
    column: t.exposeInt('column'),
    header: t.exposeString('header'),
    target: t.field({ type: SheetTargetEnum, resolve: (m) => m.target }),
    reason: t.exposeString('reason', { description: 'values, header, remembered or none' }),
  }),
});
const SheetIssueRef = builder.objectRef<SheetDryRun['issues'][number]>('SheetIssue').implement({
  fields: (t) => ({
    row: t.exposeInt('row'),
    column: t.exposeString('column'),
    value: t.exposeString('value'),
    message: t.exposeString('message'),
    severity: t.field({ type: SheetIssueSeverityEnum, resolve: (i) => i.severity }),
  }),
});
const SheetTotalsRef = builder.objectRef<SheetDryRun['totals']>('SheetTotals').implement({
  fields: (t) => ({
    rows: t.exposeInt('rows'),
    ready: t.exposeInt('ready'),
    warnings: t.exposeInt('warnings'),
    blocked: t.exposeInt('blocked'),
  }),
});
const SheetRowRef = builder.objectRef<SheetDryRun['preview'][number]>('SheetRow').implement({
  fields: (t) => ({
    row: t.exposeInt('row'),
    upc: t.exposeString('upc', { nullable: true }),
    productName: t.exposeString('productName', { nullable: true }),
    brand: t.exposeString('brand', { nullable: true }),
    size: t.string({ nullable: true, resolve: (p) => (p.size ? `${p.size.quantity} ${p.size.unit}` : null) }),
    imageFiles: t.exposeStringList('imageFiles'),
  }),
});
const SheetDryRunRef = builder.objectRef<SheetDryRun>('SheetDryRun').implement({
  description: "A sheet's dry run: the mapping, the first rows as they will be read, every finding (nothing created).",
  fields: (t) => ({
    format: t.exposeString('format'),
    sheets: t.exposeStringList('sheets'),
    sheet: t.exposeInt('sheet'),
    headerRow: t.exposeInt('headerRow'),
    headers: t.exposeStringList('headers'),
    mapping: t.field({ type: [SheetColumnRef], resolve: (r) => r.mapping }),
    preview: t.field({ type: [SheetRowRef], resolve: (r) => r.preview }),
    issues: t.field({ type: [SheetIssueRef], resolve: (r) => r.issues }),
    totals: t.field({ type: SheetTotalsRef, resolve: (r) => r.totals }),
  }),
});
const SheetImportRef = builder.objectRef<SheetImport>('SheetImport').implement({
  description: 'Drafts being made from a sheet, by a background job: `done` of `total` products so far.',
  fields: (t) => ({
    id: t.exposeID('id'),
    fileName: t.exposeString('fileName'),
    partnerCompanyId: t.exposeInt('partnerCompanyId', { nullable: true }),
    status: t.exposeString('status', { description: 'queued, running, done or failed' }),
    total: t.exposeInt('total'),
    done: t.exposeInt('done'),
    created: t.exposeInt('created'),
    updated: t.exposeInt('updated'),
    unchanged: t.exposeInt('unchanged'),
    photosAttached: t.exposeInt('photosAttached'),
    kept: t.exposeInt('kept'),
    skipped: t.exposeInt('skipped'),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.exposeString('createdAt'),
    finishedAt: t.exposeString('finishedAt', { nullable: true }),
  }),
});

const SheetColumnInput = builder.inputType('SheetColumnInput', {
  fields: (t) => ({
    column: t.int({ required: true }),
    target: t.field({ type: SheetTargetEnum, required: true }),
  }),
});
const SheetInput = builder.inputType('SheetInput', {
  description:
    'A sheet as an integration sends it: its name, its bytes in base64, and the mapping if not the proposed.',
  fields: (t) => ({
    fileName: t.string({ required: true }),
    contentBase64: t.string({ required: true }),
    sheet: t.int(),
    mapping: t.field({ type: [SheetColumnInput] }),
    partnerCompanyId: t.int({ description: 'The partner whose rules judge the rows and whom the drafts are for.' }),
  }),
});
type SheetInputValue = typeof SheetInput.$inferInput;

/** The sheet written to a temporary file (removed after), its fields checked as the REST form's are. */
async function withSheet<T>(
  ctx: AppContext,
  user: UserRow,
  input: SheetInputValue,
  fn: (file: string, read: SheetReadRequest) => Promise<T>,
) {
  const mapping = input.mapping ? sheetMappingSchema.safeParse(input.mapping) : null;
  if (mapping && !mapping.success) throw badRequest(mapping.error.issues.map((i) => i.message).join(' '));
  if (input.sheet != null && (input.sheet < 0 || input.sheet > 255))
    throw badRequest('sheet: give the index of a sheet, 0 for the first.');
  if (input.partnerCompanyId != null && !(await knownPartner(ctx, input.partnerCompanyId)))
    throw badRequest(`There is no partner ${input.partnerCompanyId}.`);
  const file = path.join(ctx.uploadTempDir, randomUUID());
  await writeFile(file, Buffer.from(input.contentBase64, 'base64'), { flag: 'wx' });
  try {
    return await fn(file, {
      sheet: input.sheet ?? undefined,
      mapping: mapping?.data,
      partnerCompanyId: input.partnerCompanyId ?? null,
    });
  } finally {
    await rm(file, { force: true });
  }
}

builder.mutationFields((t) => ({
  dryRunSheetImport: t.field({
    type: SheetDryRunRef,
    description: "Read a supplier's sheet: propose the mapping and check every row. Nothing is created.",
    args: { input: t.arg({ type: SheetInput, required: true }) },
    resolve: async (_root, { input }, { request, ctx }) => {
      const user = await requireUser(request);
      authorize(draftPolicy.write(user));
      return withSheet(ctx, user, input, (file, read) => dryRunSheet(ctx, user, file, read));
    },
  }),
  createSheetImport: t.field({
    type: SheetImportRef,
    description:
      'Create drafts from a sheet (one per product, or the existing draft of the UPC updated), in the background.',
    args: { input: t.arg({ type: SheetInput, required: true }) },
    resolve: async (_root, { input }, { request, ctx }) => {
      const user = await requireUser(request);
      authorize(draftPolicy.write(user));
      const row = await withSheet(ctx, user, input, (file, read) =>
        startSheetImport(ctx, user, file, { ...read, fileName: input.fileName }),
      );
      return presentSheetImport(row);
    },
  }),
}));

builder.queryField('getSheetImport', (t) =>
  t.field({
    type: SheetImportRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, { request, ctx }) =>
      presentSheetImport(await visibleSheetImport(ctx, await requireUser(request), String(id))),
  }),
);
