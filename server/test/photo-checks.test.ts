import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_BLOCK_MSG, PHOTO_ISSUE_MSG, READINESS_MSG } from '@portal/domain';
import { minTwoImagesRule, READINESS_FIXTURE, readinessSummary } from '@portal/domain/readiness.fixture';
import { companies, draftFiles, draftSubmissions, partnerConfigurations, partnerRuleSets } from '../src/db/schema.ts';
import { barcodeImage } from './fixtures.ts';
import { barcodePng, barcodeScene } from './support/media-files.ts';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

// Issue 20: the media job stores each file's photo checks; GraphQL exposes them on draft and submission files; a
// partner can make some of them block Submit; staff can list the pending items with photo issues.
let server: TestServer;
let supplier: Client;
let other: Client;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  [supplier, other, admin] = [new Client(server.url), new Client(server.url), new Client(server.url)];
  // Through Fresh Market Grocers' portal: the drafts go to that partner, whose configuration can block.
  const res = await supplier.post(
    '/api/auth/login',
    { username: 'supplier@example.com', password: 'Supplier-demo-1', partner: '30443' },
    { form: true },
  );
  expect(res.status).toBe(200);
  await other.login('other@example.com', 'Other-demo-1');
  await admin.login('admin@example.com', 'Admin-demo-1');
});
afterAll(() => server?.close());

const DRAFT = `query($id: ID!) { getDraftSubmission(id: $id) { files { fileName detectionStatus detectedUpcs qualityIssues { code message } } } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateDraftSubmissionInput!) { updateDraftSubmission(id: $id, input: $input) { id } }`;
const SUBMIT = `mutation($id: ID!) { submitProductsFromDraftSubmission(id: $id) { id } }`;
const CONFIG = `mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { blockingPhotoChecks } }`;

/** A draft of one file, its media job run; answers its id and the file as GraphQL shows it. */
async function uploadDraft(name: string, data: Buffer, client = supplier) {
  const draft = (await client.upload('/api/draftSubmissions', [{ name, data }])).json;
  await server.ctx.jobs!.drain();
  const file = (await client.graphql(DRAFT, { id: draft.id })).json.data.getDraftSubmission.files[0];
  return { id: draft.id as string, file };
}

/** A spec sheet as suppliers send them: a white A4-ish page of a few lines of small text, one layout for all. */
async function specSheet(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Product specification', { x: 72, y: 720, size: 14, font });
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 690 - i * 16, size: 10, font }));
  return Buffer.from(await pdf.save());
}

const codes = (file: { qualityIssues: { code: string }[] }) => file.qualityIssues.map((i) => i.code);
const blurred = async (code: string) =>
  sharp(await barcodeImage(code))
    .blur(6)
    .png()
    .toBuffer();

async function setBlocking(blockingPhotoChecks: string[]) {
  const configs = (await admin.graphql(`query { getPartnerConfigurations { id companyId } }`)).json.data
    .getPartnerConfigurations;
  const id = configs.find((c: { companyId: number }) => c.companyId === 30443).id;
  const res = await admin.graphql(CONFIG, {
    id,
    input: { primaryColor: '#2e7d32', landingPageEnabled: true, blockingPhotoChecks },
  });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.updatePartnerConfiguration.blockingPhotoChecks;
}

// Media work on a shared 2-core machine: each test reads several photos in media processes.
describe(`photo checks (${databaseKind})`, () => {
  it('the media job stores the issues of a blurred photo with their fixes; a sharp photo has only its size to fix', async () => {
    const sharpPhoto = await uploadDraft('sharp.png', await barcodeImage('8711000530085'));
    expect(sharpPhoto.file.detectionStatus).toBe('done');
    expect(sharpPhoto.file.detectedUpcs).toEqual(['8711000530085']);
    // 900 × 700: under the partner's line (1000 px by default), named in the fix.
    expect(codes(sharpPhoto.file)).toEqual(['LOW_RESOLUTION']);
    expect(sharpPhoto.file.qualityIssues[0].message).toBe(PHOTO_ISSUE_MSG.LOW_RESOLUTION('1000'));

    const blurry = await uploadDraft('blurry.png', await blurred('8711000530092'));
    expect(blurry.file.detectedUpcs).toEqual([]);
    expect(codes(blurry.file)).toEqual(expect.arrayContaining(['BLURRY', 'CODE_UNREADABLE']));
    expect(blurry.file.qualityIssues).toContainEqual({ code: 'BLURRY', message: PHOTO_ISSUE_MSG.BLURRY() });
  });

  it('DUPLICATE names the earlier file of the same company, never one of another company', async () => {
    const image = await barcodeImage('7613034626844', { rotate: 7 });
    const first = await uploadDraft('pack.png', image);
    expect(codes(first.file)).not.toContain('DUPLICATE');
    // The same picture, re-encoded as JPEG, in another draft.
    const again = await uploadDraft('pack-again.jpg', await sharp(image).jpeg({ quality: 70 }).toBuffer());
    expect(again.file.qualityIssues).toContainEqual({
      code: 'DUPLICATE',
      message: PHOTO_ISSUE_MSG.DUPLICATE('pack.png in another draft'),
    });
    // Blue Harbor Snacks sends the same picture: nothing of Green Valley is named to them.
    const theirs = await uploadDraft('pack.png', image, other);
    expect(codes(theirs.file)).not.toContain('DUPLICATE');
  });

  it('two copies in one draft name each other, not a file of another draft', async () => {
    const image = await barcodeImage('7613034626851', { rotate: 5 });
    await uploadDraft('earlier.png', image);
    const draft = (
      await supplier.upload('/api/draftSubmissions', [
        { name: 'one.png', data: image },
        { name: 'two.png', data: image },
      ])
    ).json;
    await server.ctx.jobs!.drain();
    const files = (await supplier.graphql(DRAFT, { id: draft.id })).json.data.getDraftSubmission.files;
    const duplicateOf = (name: string) =>
      files
        .find((f: { fileName: string }) => f.fileName === name)
        .qualityIssues.filter((i: { code: string }) => i.code === 'DUPLICATE')
        .map((i: { message: string }) => i.message);
    expect(duplicateOf('one.png')).toEqual([PHOTO_ISSUE_MSG.DUPLICATE('two.png in this draft')]);
    expect(duplicateOf('two.png')).toEqual([PHOTO_ISSUE_MSG.DUPLICATE('one.png in this draft')]);

    // Submitted, the item is no draft and its files cannot be removed: staff and supplier read where the other is.
    const input = {
      files: ['one.png', 'two.png'].map((fileName) => ({
        fileName,
        upc: '7613034626851',
        productName: 'Muesli',
        isMarketingImage: true,
      })),
    };
    expect((await supplier.graphql(UPDATE, { id: draft.id, input })).json.errors).toBeUndefined();
    const sent = (await supplier.graphql(SUBMIT, { id: draft.id })).json;
    expect(sent.errors).toBeUndefined();
    const submitted = sent.data.submitProductsFromDraftSubmission;
    const DETAIL = `query($id: ID!) { getProductSubmission(id: $id) { files { fileName qualityIssues { code message } } } }`;
    for (const reader of [supplier, admin]) {
      const item = (await reader.graphql(DETAIL, { id: submitted[0].id })).json.data.getProductSubmission;
      const notes = item.files.flatMap((f: { qualityIssues: { code: string; message: string }[] }) =>
        f.qualityIssues.filter((i) => i.code === 'DUPLICATE').map((i) => i.message),
      );
      expect(notes.sort()).toEqual([
        'Duplicate: the same picture as one.png, sent in the same upload.',
        'Duplicate: the same picture as two.png, sent in the same upload.',
      ]);
    }
  });

  it('a blurred copy of a sharp photo is called a lower-quality copy, not "the same picture"', async () => {
    const image = await barcodeImage('7613034626868', { rotate: 3 });
    await uploadDraft('original.png', image);
    const copy = await uploadDraft('copy.png', await sharp(image).blur(6).png().toBuffer());
    expect(codes(copy.file)).toContain('BLURRY');
    expect(copy.file.qualityIssues).toContainEqual({
      code: 'DUPLICATE',
      message: PHOTO_ISSUE_MSG.DUPLICATE('original.png in another draft', true),
    });
  });

  it('PDF spec sheets are not judged as photos: no overexposure on a white page, no duplicate of another sheet with other text', async () => {
    const first = await uploadDraft('spec-sparkling.pdf', await specSheet(['Sparkling water 330 ml', 'Case of 24']));
    const second = await uploadDraft('spec-still.pdf', await specSheet(['Still water 1.5 l', 'Case of 6']));
    for (const { file } of [first, second]) {
      expect(file.detectionStatus).toBe('done');
      expect(codes(file)).toEqual([]);
    }
    // No perceptual hash is kept for them, so no photo can be called the same picture as a spec sheet either.
    const hashes = await server.database.db
      .select({ hash: draftFiles.perceptualHash })
      .from(draftFiles)
      .where(inArray(draftFiles.draftId, [first.id, second.id]));
    expect(hashes).toEqual([{ hash: null }, { hash: null }]);

    // A spec sheet checked before this keeps only the checks of its code (migration 0050).
    await server.database.db
      .update(draftFiles)
      .set({
        perceptualHash: '0f0f0f0f0f0f0f0f-0f0f0f0f0f0f0f0f',
        qualityIssues: [{ code: 'OVEREXPOSED' }, { code: 'DUPLICATE', detail: 'x.pdf' }, { code: 'CODE_UNREADABLE' }],
      })
      .where(eq(draftFiles.draftId, first.id));
    const migration = readFileSync(new URL('../drizzle/0050_pdf_not_judged_as_photo.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint'))
      await server.database.db.execute(sql.raw(statement));
    const [cleaned] = await server.database.db
      .select({ hash: draftFiles.perceptualHash, issues: draftFiles.qualityIssues })
      .from(draftFiles)
      .where(eq(draftFiles.draftId, first.id));
    expect(cleaned).toEqual({ hash: null, issues: [{ code: 'CODE_UNREADABLE' }] });
  });

  it('PLACEHOLDER_CODE for an example code in the photo', async () => {
    const { file } = await uploadDraft('mockup.png', await barcodeImage('5901234123457'));
    expect(file.detectedUpcs).toEqual(['5901234123457']);
    expect(codes(file)).toContain('PLACEHOLDER_CODE');
  });

  it('issues warn but do not block; a partner switch makes BLURRY block Submit on the server, with the file and the fix', async () => {
    const { id } = await uploadDraft('front.png', await blurred('8711000530108'));
    await supplier.graphql(UPDATE, {
      id,
      input: {
        files: [{ fileName: 'front.png', upc: '8711000530108', productName: 'Oat bar', isMarketingImage: true }],
      },
    });

    expect(await setBlocking(['BLURRY'])).toEqual(['BLURRY']);
    const refused = await supplier.graphql(SUBMIT, { id });
    expect(refused.json.errors[0].extensions.code).toBe('PHOTO_CHECKS_BLOCK');
    expect(refused.json.errors[0].message).toBe(PHOTO_BLOCK_MSG.blocked('front.png', PHOTO_ISSUE_MSG.BLURRY()));

    // Unknown codes are refused by the shared schema.
    const bad = await admin.graphql(CONFIG, {
      id: 1,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, blockingPhotoChecks: ['UGLY'] },
    });
    expect(bad.json.errors).toBeDefined();

    expect(await setBlocking([])).toEqual([]);
    const submitted = await supplier.graphql(SUBMIT, { id });
    expect(submitted.json.errors).toBeUndefined();
    const submissionId = submitted.json.data.submitProductsFromDraftSubmission[0].id;

    // The submission's file keeps the checks; staff find it with the pending list's photo-issues filter.
    await server.ctx.jobs!.drain();
    const detail = await admin.graphql(
      `query($id: ID!) { getProductSubmission(id: $id) { badge files { qualityIssues { code } } } }`,
      { id: submissionId },
    );
    expect(detail.json.data.getProductSubmission.files[0].qualityIssues.map((i: { code: string }) => i.code)).toContain(
      'BLURRY',
    );
    const LIST = `query($photoIssues: Boolean) { getProductSubmissionsByStatuses(tab: pending, pageSize: 100, photoIssues: $photoIssues) { total items { id } } }`;
    const filtered = (await admin.graphql(LIST, { photoIssues: true })).json.data.getProductSubmissionsByStatuses;
    expect(filtered.items.map((i: { id: string }) => i.id)).toContain(submissionId);

    // A good photo (12 megapixels, sharp, a real code) passes every check and is left out by the filter.
    const clean = await uploadDraft(
      'clean.jpg',
      await barcodeScene([await barcodePng('ean13', '8711000530115', 6)], {
        width: 4000,
        height: 3000,
        format: 'jpeg',
      }),
    );
    expect(clean.file.qualityIssues).toEqual([]);
    await supplier.graphql(UPDATE, {
      id: clean.id,
      input: {
        files: [{ fileName: 'clean.jpg', upc: '8711000530115', productName: 'Oat bar', isMarketingImage: true }],
      },
    });
    const cleanId = (await supplier.graphql(SUBMIT, { id: clean.id })).json.data.submitProductsFromDraftSubmission[0]
      .id;
    await server.ctx.jobs!.drain();
    const ids = async (photoIssues?: boolean) =>
      (await admin.graphql(LIST, { photoIssues })).json.data.getProductSubmissionsByStatuses.items.map(
        (i: { id: string }) => i.id,
      );
    expect(await ids()).toContain(cleanId);
    expect(await ids(true)).not.toContain(cleanId);
    expect(await ids(true)).toContain(submissionId);
  });
});

const READINESS = `query($id: ID!) { getDraftSubmission(id: $id) { readiness { upc fileNames readiness { percent ready version failing { code severity message fix fileNames } blocking { code } } } } }`;
const SAVE_RULES = `mutation($partner: Int!, $rules: [ReadinessRuleInput!]!) { saveReadinessRules(partnerCompanyId: $partner, rules: $rules) { version rules { code } } }`;
const RULES = `query($partner: Int!) { getReadinessRules(partnerCompanyId: $partner) { version rules { code severity } } }`;
const MIN_2 = minTwoImagesRule(4);

describe(`readiness per partner (${databaseKind})`, () => {
  it("a partner's blocking rule: versions, bad rule sets refused, the draft's score and fixes, Submit names the rule", async () => {
    const before = (await supplier.graphql(RULES, { partner: 30443 })).json.data.getReadinessRules;
    // The settings' own rules are rules too: the marketing image, and the blocking photo check switched on.
    expect(await setBlocking(['TOO_DARK'])).toEqual(['TOO_DARK']);
    const implied = (await supplier.graphql(RULES, { partner: 30443 })).json.data.getReadinessRules;
    expect(implied.version).toBe(before.version + 1);
    expect(implied.rules).toContainEqual({ code: 'R-PHOTO-TOO-DARK', severity: 'blocking' });
    expect(implied.rules).toContainEqual({ code: 'R-IMG-MARKETING', severity: 'blocking' });

    // A supplier may not change a partner's rules; a rule set that cannot be satisfied is refused, naming the rule.
    const forbidden = await supplier.graphql(SAVE_RULES, { partner: 30443, rules: [MIN_2] });
    expect(forbidden.json.errors[0].extensions.code).toBe('FORBIDDEN');
    const tooMany = await admin.graphql(SAVE_RULES, {
      partner: 30443,
      rules: [{ ...MIN_2, code: 'R-IMG-MIN-11', min: 11 }],
    });
    expect(tooMany.json.errors[0].message).toBe(READINESS_MSG.tooManyImages('R-IMG-MIN-11'));
    const unknown = await admin.graphql(SAVE_RULES, {
      partner: 30443,
      rules: [{ ...MIN_2, code: 'R-COLOUR', kind: 'field-present', min: null, field: 'colour' }],
    });
    expect(unknown.json.errors[0].message).toBe(READINESS_MSG.unknownField('R-COLOUR', 'colour'));
    expect((await supplier.graphql(RULES, { partner: 30443 })).json.data.getReadinessRules.version).toBe(
      implied.version,
    );

    const saved = await admin.graphql(SAVE_RULES, { partner: 30443, rules: [MIN_2] });
    expect(saved.json.errors).toBeUndefined();
    expect(saved.json.data.saveReadinessRules.version).toBe(implied.version + 1);

    // One image: the rule fails with its fix, and Submit is refused naming it.
    const { id } = await uploadDraft('front.png', await barcodeImage('8711000530122'));
    await supplier.graphql(UPDATE, {
      id,
      input: {
        files: [{ fileName: 'front.png', upc: '8711000530122', productName: 'Oat bar', isMarketingImage: true }],
      },
    });
    const [product] = (await supplier.graphql(READINESS, { id })).json.data.getDraftSubmission.readiness;
    expect(product.upc).toBe('8711000530122');
    expect(product.readiness.version).toBe(implied.version + 1);
    expect(product.readiness.ready).toBe(false);
    expect(product.readiness.blocking).toEqual([{ code: 'R-IMG-MIN-2' }]);
    expect(product.readiness.failing).toEqual([
      { code: 'R-IMG-MIN-2', severity: 'blocking', message: MIN_2.message, fix: MIN_2.fix, fileNames: [] },
    ]);
    // UPC, product name, marketing image and the dark-photo check pass (weight 4 of 8).
    expect(product.readiness.percent).toBe(50);
    const refused = await supplier.graphql(SUBMIT, { id });
    expect(refused.json.errors[0].extensions.code).toBe('READINESS_BLOCKS');
    expect(refused.json.errors[0].message).toBe(
      READINESS_MSG.blocksSubmit('8711000530122', [{ code: MIN_2.code, message: MIN_2.message, fix: MIN_2.fix }]),
    );

    // A second image: 100%, and Submit goes through.
    await supplier.upload(`/api/draftSubmissions/${id}/image`, [
      { name: 'back.png', data: await barcodeImage('8711000530122', { rotate: 4 }) },
    ]);
    await server.ctx.jobs!.drain();
    await supplier.graphql(UPDATE, {
      id,
      input: { files: [{ fileName: 'back.png', upc: '8711000530122', productName: 'Oat bar' }] },
    });
    const after = (await supplier.graphql(READINESS, { id })).json.data.getDraftSubmission.readiness;
    expect(after).toHaveLength(1);
    expect(after[0].readiness).toMatchObject({ percent: 100, ready: true, failing: [] });
    const sent = await supplier.graphql(SUBMIT, { id });
    expect(sent.json.errors).toBeUndefined();

    // The submission is judged by the same rules at submit: the same score as on Enter UPC(s). The bulk-edit
    // attributes apply after submit (staff fill them in later): not in the supplier's score...
    const submitted = await supplier.graphql(
      `query($id: ID!) { getProductSubmission(id: $id) { partnerStatusLabel readiness { percent ready version failing { code } } } }`,
      { id: sent.json.data.submitProductsFromDraftSubmission[0].id },
    );
    const judged = submitted.json.data.getProductSubmission;
    expect(judged.readiness).toEqual({ percent: 100, ready: true, version: implied.version + 1, failing: [] });
    // ... but in the specification's partner status, staff's: a required attribute is missing.
    expect(judged.partnerStatusLabel).toBe('Incomplete');

    // A partner's own attribute rule becomes a partner status of its submissions (recomputed in the background).
    const sizeInfo = {
      code: 'R-SIZE-INFO',
      kind: 'field-present',
      field: 'size',
      severity: 'info',
      weight: 1,
      message: 'A size helps shoppers compare.',
      fix: 'Fill in the size in the bulk edit.',
    };
    expect((await admin.graphql(SAVE_RULES, { partner: 30443, rules: [sizeInfo] })).json.errors).toBeUndefined();
    await server.ctx.jobs!.drain();
    const statuses = (
      await supplier.graphql(`query($id: ID!) { getProductSubmission(id: $id) { partnerStatuses { type message } } }`, {
        id: sent.json.data.submitProductsFromDraftSubmission[0].id,
      })
    ).json.data.getProductSubmission.partnerStatuses;
    expect(statuses).toContainEqual({ type: 'Info', message: sizeInfo.message });
    expect(statuses).toContainEqual({ type: 'Fail', message: 'MSRP is required' });

    await admin.graphql(SAVE_RULES, { partner: 30443, rules: [] });
    await setBlocking([]);
  });

  it("the partner's low-resolution line judges new photos; the shared fixture gives the same result as in the browser", async () => {
    const db = server.ctx.db;
    const [partner] = await db
      .insert(companies)
      .values({ name: 'Readiness Fixture Foods', kind: 'partner' })
      .returning();
    const f = READINESS_FIXTURE;
    await db.insert(partnerConfigurations).values({ companyId: partner.id, ...f.settings });
    await db.insert(partnerRuleSets).values({ partnerCompanyId: partner.id, version: f.version, rules: f.ownRules });
    const me = (await supplier.graphql(`query { currentUser { id companyId } }`)).json.data.currentUser;
    const [draft] = await db
      .insert(draftSubmissions)
      .values({ companyId: me.companyId, userId: me.id, partnerCompanyId: partner.id })
      .returning();
    await db.insert(draftFiles).values(
      f.files.map((file, position) => ({
        draftId: draft.id,
        fileName: file.fileName,
        storageKey: `fixture/${file.fileName}`,
        kind: 'jpeg' as const,
        size: 1,
        position,
        upc: file.upc,
        productName: file.productName,
        isMarketingImage: file.isMarketingImage,
        detectionStatus: file.detectionStatus as 'done' | 'pending',
        detectedUpcs: [...file.detectedUpcs],
        qualityIssues: file.qualityIssues,
        longSidePx: file.longSidePx,
      })),
    );
    const answered = (await supplier.graphql(READINESS, { id: draft.id })).json.data.getDraftSubmission.readiness;
    expect(readinessSummary(answered)).toEqual(f.expected);

    // A photo sent to a partner whose line is 800 px: the 900 px photo is not low resolution there.
    const configs = (await admin.graphql(`query { getPartnerConfigurations { id companyId } }`)).json.data
      .getPartnerConfigurations;
    const configId = configs.find((c: { companyId: number }) => c.companyId === 30443).id;
    const set = await admin.graphql(CONFIG, {
      id: configId,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, minImageLongSidePx: 800 },
    });
    expect(set.json.errors).toBeUndefined();
    const { file } = await uploadDraft('small.png', await barcodeImage('8711000530139'));
    expect(codes(file)).not.toContain('LOW_RESOLUTION');
    const tooLow = await admin.graphql(CONFIG, {
      id: configId,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, minImageLongSidePx: 20 },
    });
    expect(tooLow.json.errors[0].message).toContain('The resolution line must be between 100 and 10000 pixels.');
    await admin.graphql(CONFIG, {
      id: configId,
      input: { primaryColor: '#2e7d32', landingPageEnabled: true, minImageLongSidePx: 1000 },
    });
  });
});
