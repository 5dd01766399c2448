import { expect, test } from '@playwright/test';
import yauzl from 'yauzl';
import { READINESS_DRY_RUN_MSG, READINESS_EDITOR_MSG } from '@portal/domain';
import { barcodeImage, plainImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, signInThroughApi } from './support/fixtures.ts';
import { apiAs, createNamedDraft, dryRunReadiness, graphql, uniqueEan13 } from './support/seed-api.ts';

// What each photo shows: proposed on Enter UPC(s) from what the photo was read to show, changed with a chip (saved at
// once, by keyboard too), kept by the submission, and the name of each image in the GS1-named zip of its detail page.
// A partner's administrator requires roles with a rule of its own in the rules editor.

/** The names of a zip's entries. */
const entryNames = (zip: Buffer) =>
  new Promise<string[]>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const names: string[] = [];
      file.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        file.readEntry();
      });
      file.on('end', () => resolve(names));
      file.readEntry();
    }),
  );

test('a supplier sees what each photo shows, corrects it, submits, and downloads the images under GS1 names', async ({
  page,
}) => {
  const upc = uniqueEan13('40');
  await signInThroughApi(page, DEMO.supplier);
  await page.goto('/upload');
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'code.png', mimeType: 'image/png', buffer: await barcodeImage(upc) },
    { name: 'pack.png', mimeType: 'image/png', buffer: await plainImage() },
  ]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/designate_upc$/);

  const rolesOf = (fileName: string) =>
    page.getByRole('region', { name: fileName }).getByRole('group', { name: `What this photo shows (${fileName})` });
  const code = rolesOf('code.png');
  const pack = rolesOf('pack.png');
  // Proposed from the reading: the barcode's face, and the plain photo as the front.
  await expect(code.getByRole('checkbox', { name: 'Barcode face' })).toBeChecked();
  await expect(pack.getByRole('checkbox', { name: 'Front' })).toBeChecked();
  await expect(code.getByText('Read from the photo: change it if it is wrong.')).toBeVisible();

  await page.getByLabel('UPC for code.png').fill(upc);
  await page.getByLabel('UPC for pack.png').fill(upc);
  await page.getByLabel('Product name for code.png').fill('Oat Crisps');
  await page.getByLabel('Product name for pack.png').fill('Oat Crisps');

  // The barcode is printed beside the nutrition panel, on the back: two chips, the second by keyboard.
  await code.getByText('Nutrition panel', { exact: true }).click();
  await expect(code.getByText('Chosen by you.')).toBeVisible();
  await code.getByRole('checkbox', { name: 'Back' }).focus();
  await page.keyboard.press('Space');
  await expect(code.getByRole('checkbox', { name: 'Back' })).toBeChecked();
  await expectAccessible(page, 'Enter UPC(s) with the photo roles');
  await page.screenshot({ path: 'test-results/photo-roles-enter-upcs.png', fullPage: true });

  // Saved at once: a reload shows the choice.
  await page.reload();
  for (const role of ['Back', 'Nutrition panel', 'Barcode face'])
    await expect(rolesOf('code.png').getByRole('checkbox', { name: role })).toBeChecked();
  await expect(rolesOf('code.png').getByRole('checkbox', { name: 'Front' })).not.toBeChecked();
  await page.getByLabel('UPC for code.png').fill(upc);
  await page.getByLabel('UPC for pack.png').fill(upc);
  await page.getByLabel('Product name for code.png').fill('Oat Crisps');
  await page.getByLabel('Product name for pack.png').fill('Oat Crisps');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/confirmation$/);

  const api = await apiAs(DEMO.supplier);
  const list = (await (await api.get('/api/v1/submissions?limit=20')).json()) as {
    items: { id: string; upc: string }[];
  };
  const id = list.items.find((s) => s.upc === upc)!.id;
  await api.dispose();
  await page.goto(`/productSubmissions/${id}`);
  await expect(page.getByText('Shows: Back, Nutrition panel, Barcode face')).toBeVisible();
  await expect(page.getByText('Shows: Front', { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download images (GS1 names)' }).click(),
  ]);
  const gtin = upc.padStart(14, '0');
  expect(download.suggestedFilename()).toBe(`${gtin}_images.zip`);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(await entryNames(Buffer.concat(chunks))).toEqual([`${gtin}_A7C1.png`, `${gtin}_A1C1.png`]);
});

test("a partner's administrator adds a rule requiring a front photo and a nutrition panel photo, and sees the drafts it would stop", async ({
  page,
}) => {
  const PARTNER = 30443;
  const RULE = {
    code: 'R-IMG-ROLES',
    kind: 'photo-roles',
    message: 'A front and a nutrition panel photo.',
    fix: 'Mark the photos that show them.',
    severity: 'blocking',
    weight: 1,
    roles: ['front', 'nutrition-panel'],
  };
  // A supplier's open draft to the partner of one plain photo (a front): the rule would stop it at Submit.
  const supplier = await apiAs(DEMO.supplier, PARTNER);
  await createNamedDraft(supplier, uniqueEan13('41'), 'Rolled Oats');
  await supplier.dispose();
  const admin = await apiAs(DEMO.admin);
  const { getPartnerConfigurations } = await graphql<{ getPartnerConfigurations: { id: number; companyId: number }[] }>(
    admin,
    `
      query {
        getPartnerConfigurations {
          id
          companyId
        }
      }
    `,
    {},
  );
  const configId = getPartnerConfigurations.find((c) => c.companyId === PARTNER)!.id;
  await signInThroughApi(page, DEMO.admin);
  await page.goto(`/settings/${configId}`);
  const editor = page.getByRole('region', { name: READINESS_EDITOR_MSG.title });
  await editor.getByRole('button', { name: READINESS_EDITOR_MSG.add }).click();
  const rule = editor.getByRole('group', { name: /^Rule \d+/ }).last();
  await rule.getByRole('textbox', { name: 'Code', exact: true }).fill(RULE.code);
  await rule.getByRole('textbox', { name: 'Message', exact: true }).fill(RULE.message);
  await rule.getByRole('textbox', { name: 'How to fix', exact: true }).fill(RULE.fix);
  await rule.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Photos show these faces (front, nutrition panel…)' }).click();
  // No role chosen yet: the rule cannot be sent.
  await expect(editor.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun })).toBeDisabled();
  // By keyboard: the field, then the list.
  await rule.getByRole('combobox', { name: 'Photos that show' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Front', exact: true }).click();
  await page.getByRole('option', { name: 'Nutrition panel' }).click();
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }).click();
  const expected = await dryRunReadiness(admin, PARTNER, [RULE]);
  await admin.dispose();
  expect(expected.rules[0].draftsBlocked).toBeGreaterThanOrEqual(1);
  const changes = editor.getByRole('status', { name: 'What saving would change' });
  await expect(changes).toContainText(READINESS_DRY_RUN_MSG.drafts(expected));
  await expect(changes).toContainText(READINESS_DRY_RUN_MSG.rule(expected.rules[0]));
  await page.screenshot({ path: 'test-results/photo-roles-rule.png', fullPage: true });
});
