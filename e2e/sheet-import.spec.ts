import { expect, test } from '@playwright/test';
import { BULK_EDIT_MSG, gs1CheckDigit } from '@portal/domain';
import { barcodeImage, plainImage } from '../server/test/fixtures.ts';
import { DEMO, pageAt } from './support/fixtures.ts';
import { apiAs, graphql, uniqueEan13 } from './support/seed-api.ts';

// A supplier imports their own list: a CSV saved by a spreadsheet, its UPC column mangled (a leading zero dropped,
// one UPC in scientific notation), a title row above the headers. They correct one column's field, read the dry run,
// filter it to the blocked rows and download it.

const SHEET = [
  'Green Valley Foods list;;;',
  'Code;Description;Notes;Size',
  '36000291452;Tomato Soup;Harvest Line;12 oz',
  '3.6E+11;Bean Soup;;340 g',
  '012345678905;Sweet Corn;;1 kg',
].join('\r\n');

test('a supplier uploads a sheet with a mangled UPC column, corrects a column and reads the dry run', async ({
  browser,
}) => {
  // A sheet is read in a media process, behind the photos other specs upload: a longer hang limit.
  test.setTimeout(900_000);
  const page = await pageAt(browser, DEMO.supplier, '/upload');
  await page.getByRole('link', { name: 'Import a sheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import a sheet' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'green-valley.csv', mimeType: 'text/csv', buffer: Buffer.from(SHEET) });

  await expect(page.getByText('Headers on row 2. 3 rows: 1 ready, 1 with warnings, 1 blocked.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Field for column Code' })).toHaveValue('upc');
  await expect(page.getByRole('combobox', { name: 'Field for column Notes' })).toHaveValue('ignore');
  const preview = page.getByRole('table', { name: 'The first rows as they will be read' });
  // The zero the spreadsheet dropped is back; the UPC that lost its digits is not guessed.
  await expect(preview.getByRole('row').nth(1)).toContainText('0036000291452');
  await expect(preview.getByRole('row').nth(1)).toContainText('12 oz (ONZ)');
  await expect(preview.getByRole('row').nth(2)).toContainText('—');

  await page.getByRole('combobox', { name: 'Field for column Notes' }).selectOption({ label: 'Brand' });
  // Read again with the corrected mapping, in a media process too.
  await expect(preview.getByRole('row').nth(1)).toContainText('Harvest Line');

  const findings = page.getByRole('table', { name: 'Findings of the dry run' });
  await expect(findings).toContainText('lost its leading zeros');
  await page.getByRole('combobox', { name: 'Show' }).selectOption('blocked');
  await expect(findings.getByRole('row')).toHaveCount(2);
  await expect(findings.getByRole('row').nth(1)).toContainText('3.6E+11');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as CSV' }).click();
  expect((await download).suggestedFilename()).toBe('sheet-findings.csv');
});

// A supplier's photos are already uploaded (one named as the sheet names it, one found by its barcode); their sheet has
// a mangled UPC column, 40 rows. They correct one column's field, read the dry run, create the drafts, watch the
// progress, find one draft among them by a misspelt search of their list and submit it; the brand the sheet gives is
// in the bulk edit of the submitted product.
test('a supplier creates drafts from a 40-row sheet, their uploaded photos attached, finds one by a misspelt search and submits it', async ({
  browser,
}) => {
  // Five waits on the job queue or the media processes: a longer hang limit.
  test.setTimeout(1_800_000);
  const tag = String(Math.floor(Math.random() * 1e9));
  // A UPC-A that starts with 0: the spreadsheet drops the zero. The second product's photo carries its barcode.
  const upcBody = '0' + String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
  const upcA = upcBody + String(gs1CheckDigit(upcBody));
  const byBarcode = uniqueEan13('41');
  const api = await apiAs(DEMO.supplier);
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await plainImage())], { type: 'image/png' }), `front-${tag}.png`);
  form.append(
    'files',
    new Blob([new Uint8Array(await barcodeImage(byBarcode))], { type: 'image/png' }),
    `IMG_${tag}.png`,
  );
  const uploaded = await api.post('/api/draftSubmissions', { multipart: form });
  expect(uploaded.status()).toBe(201);
  const draftId = ((await uploaded.json()) as { id: string }).id;
  // The barcode is read in the background: the dry run finds the photo by its code once it has been read.
  const files = async () =>
    (
      await graphql<{ getDraftSubmission: { files: { detectionStatus: string; detectedUpcs: string[] }[] } }>(
        api,
        'query($id: ID!) { getDraftSubmission(id: $id) { files { detectionStatus detectedUpcs } } }',
        { id: draftId },
      )
    ).getDraftSubmission.files;
  await expect.poll(async () => (await files()).every((f) => f.detectionStatus !== 'pending')).toBe(true);
  // Said here, not as totals that do not add up below: the row of the second product counts on this code.
  const detected = (await files()).flatMap((f) => f.detectedUpcs.map((u) => u.padStart(14, '0')));
  expect(detected).toContain(byBarcode.padStart(14, '0'));

  const sheet = [
    'Code;Description;Notes;Size;Images',
    `${upcA.slice(1)};Tomato Soup ${tag};Harvest Line;12 oz wt;front-${tag}.png`,
    `${byBarcode};Sweet Corn ${tag};Harvest Line;340 g;`,
    `3.6E+11;Bean Soup ${tag};;340 g;`,
    // The rest of the supplier's list: 37 products with no photo yet.
    ...Array.from({ length: 37 }, (_, i) => `${uniqueEan13('40')};Pantry Staple ${i + 1} ${tag};Harvest Line;100 g;`),
  ].join('\r\n');
  const page = await pageAt(browser, DEMO.supplier, '/import-sheet');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: `list-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  // The 37 rows with no photo are warned of; the soup's photo is named, so it is ready.
  await expect(page.getByText('Headers on row 1. 40 rows: 1 ready, 38 with warnings, 1 blocked.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Field for column Notes' }).selectOption({ label: 'Brand' });
  const preview = page.getByRole('table', { name: 'The first rows as they will be read' });
  // Read again with the corrected mapping, in a media process too.
  await expect(preview.getByRole('row').nth(1)).toContainText('Harvest Line');
  await expect(preview.getByRole('row').nth(1)).toContainText('0' + upcA);
  const findings = page.getByRole('table', { name: 'Findings of the dry run' });
  await expect(findings).toContainText('lost its leading zeros');

  await expect(page.getByText('39 rows can become drafts')).toBeVisible();
  await page.getByRole('button', { name: 'Create drafts' }).click();
  // The sheet is read once more (in a media process) before the job starts.
  await expect(page.getByRole('progressbar', { name: 'Drafts created so far' })).toBeVisible();
  await expect(
    page.getByText('Done: 39 drafts created, 0 drafts updated, 0 unchanged, 2 photos attached, 1 row left out.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/sheet-import-drafts.png', fullPage: true });

  await page.getByRole('link', { name: 'See your drafts' }).click();
  // Among the 39 drafts, the soup is found by a misspelt search of the list (kept in the address), and submitted.
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(`tomatoe sopu ${tag}`);
  await expect(page).toHaveURL(/[?&]q=tomatoe/);
  const soupRow = page.getByRole('row', { name: new RegExp(`Tomato Soup ${tag}`) });
  await expect(soupRow).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(`Pantry Staple \\d+ ${tag}`) })).toHaveCount(0);
  await soupRow.getByRole('link').first().click();
  await page.waitForURL(/\/upload_draft\//);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/confirmation$/);
  await expect(page.getByText('Product Hub has received 1 product.')).toBeVisible();
  const [submissionId] = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('product-submission-ids'))) ?? '[]',
  ) as string[];

  // Submitted, the soup's brand from the sheet is in its bulk edit: nobody types it again.
  // What no sheet gives is typed through the API, so that Next leaves Basic Attributes for the size's step.
  const { searchMarketAccountsByName: markets } = await graphql<{ searchMarketAccountsByName: { id: number }[] }>(
    api,
    'query { searchMarketAccountsByName(name: "") { id } }',
    {},
  );
  const { attributes } = await graphql<{ attributes: { id: number }[] }>(api, 'query { attributes { id } }', {});
  await graphql(
    api,
    'mutation($rows: [ProductSubmissionRowInput!]!) { updateProductSubmissions(rows: $rows) { id } }',
    {
      rows: [
        {
          id: submissionId,
          suggestedClass: 'FOOD & BEVERAGE - INGREDIENTS & PANTRY',
          marketAccounts: [{ id: markets[0]!.id }],
          attributes: [{ id: attributes[0]!.id }],
        },
      ],
    },
  );
  await page.goto(`/edit-multiple?productSubmissionIds=${submissionId}`);
  const brand = page.getByRole('combobox', { name: `Brand for UPC 0${upcA}`, exact: true });
  await expect(brand).toHaveValue('Harvest Line');
  await expect(brand).toHaveAccessibleDescription(BULK_EDIT_MSG.fromSheet);

  // The sheet's "12 oz wt" is the Placement step's Size and UOM, said to be the sheet's under both cells.
  await page.getByRole('button', { name: 'Next' }).click();
  const size = page.getByRole('textbox', { name: `Size for UPC 0${upcA}`, exact: true });
  await expect(size).toHaveValue('12');
  await expect(size).toHaveAccessibleDescription(BULK_EDIT_MSG.fromSheet);
  const uom = page.getByRole('combobox', { name: `UOM for UPC 0${upcA}`, exact: true });
  await expect(uom).toHaveValue('oz');
  await expect(uom).toHaveAccessibleDescription(BULK_EDIT_MSG.fromSheet);
});
