import { expect, test } from '@playwright/test';
import { DEMO, pageAt } from './support/fixtures.ts';

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
  const page = await pageAt(browser, DEMO.supplier, '/upload');
  await page.getByRole('link', { name: 'Import a sheet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import a sheet' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'green-valley.csv', mimeType: 'text/csv', buffer: Buffer.from(SHEET) });

  await expect(page.getByText('headers on row 2. 3 rows: 1 ready, 1 with warnings, 1 blocked.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Field for column Code' })).toHaveValue('upc');
  await expect(page.getByRole('combobox', { name: 'Field for column Notes' })).toHaveValue('ignore');
  const preview = page.getByRole('table', { name: 'The first rows as they will be read' });
  // The zero the spreadsheet dropped is back; the UPC that lost its digits is not guessed.
  await expect(preview.getByRole('row').nth(1)).toContainText('0036000291452');
  await expect(preview.getByRole('row').nth(1)).toContainText('12 oz (ONZ)');
  await expect(preview.getByRole('row').nth(2)).toContainText('—');

  await page.getByRole('combobox', { name: 'Field for column Notes' }).selectOption({ label: 'Brand' });
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
