import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_BLOCK_MSG, PHOTO_ISSUE_MSG } from '@portal/domain';
import { barcodeImage } from './fixtures.ts';
import { barcodePng, barcodeScene } from '../src/media/test-fixtures.ts';
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
describe(`photo checks (${databaseKind})`, { timeout: 120_000 }, () => {
  it('the media job stores the issues of a blurred photo with their fixes; a sharp photo has only its size to fix', async () => {
    const sharpPhoto = await uploadDraft('sharp.png', await barcodeImage('8711000530085'));
    expect(sharpPhoto.file.detectionStatus).toBe('done');
    expect(sharpPhoto.file.detectedUpcs).toEqual(['8711000530085']);
    // 900 × 700: under the 2400 px GS1 asks for.
    expect(codes(sharpPhoto.file)).toEqual(['LOW_RESOLUTION']);

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
    const LIST = `query($photoIssues: Boolean) { getProductSubmissionsByStatuses(tab: "pending", pageSize: 100, photoIssues: $photoIssues) { total items { id } } }`;
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
