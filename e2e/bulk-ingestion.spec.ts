import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCESS_MSG, IMPORT_MSG, MAPPING_MSG } from '@portal/domain';
import { barcodeImage, datasetPhoto, plainImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAs, pageAt } from './support/fixtures.ts';
import { uniqueEan13 } from './support/seed-api.ts';

// Blue Harbor Snacks (other@example.com): the company the other specs never look at for sub-navigation.
test('bulk ingestion: an administrator grants access, a supplier uploads, watches the files settle and maps the rest', async ({
  browser,
}) => {
  // Administrator: Product Hub Access.
  const admin = await pageAt(browser, DEMO.admin, '/access');
  await expect(admin.getByRole('heading', { level: 1, name: 'Product Hub Access' })).toBeVisible();
  await expect(admin.getByText(ACCESS_MSG.warning)).toBeVisible();
  const add = admin.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();
  const company = admin.getByRole('combobox', { name: /Company/ });
  await company.click();
  await company.fill('Blue Harbor');
  await admin.getByRole('option', { name: 'Blue Harbor Snacks' }).click();
  const folder = admin.getByRole('textbox', { name: /Folder name/ });
  await folder.fill('ab');
  await expect(admin.getByText(ACCESS_MSG.tooShort)).toBeVisible();
  await expect(add).toBeDisabled();
  await folder.fill('Blue Harbor!');
  await expect(folder).toHaveValue('blue_harbor');
  await admin.getByRole('textbox', { name: /Image source/ }).fill('local');
  await expect(admin.getByRole('textbox', { name: /Image source/ })).toHaveValue('LOCAL');
  await expectAccessible(admin, 'Product Hub Access');
  await add.click();
  await expect(admin.getByText(ACCESS_MSG.created)).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'blue_harbor' })).toBeVisible();
  await admin.context().close();

  // A company without access is sent to /activity.
  const supplier = await pageAt(browser, DEMO.supplier, '/import-jobs');
  await expect(supplier).toHaveURL(/\/activity/);
  await supplier.context().close();

  // A user of the company: Imports, upload with a progress bar.
  const user = await pageAs(browser, DEMO.other);
  await user.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Imports' }).click();
  await expect(user).toHaveURL(/\/import-jobs$/);
  await expect(user.getByRole('heading', { level: 1, name: 'Imports' })).toBeVisible();
  const code = uniqueEan13('41');
  await user
    .getByTestId('file-drop-zone')
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await barcodeImage(code) },
      { name: 'plain-1.png', mimeType: 'image/png', buffer: await plainImage() },
      { name: 'plain-2.png', mimeType: 'image/png', buffer: await plainImage() },
      // Named as a picture, so only the server can tell it is none: it is ignored there.
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
      // Read by one reader as two codes (9780204816638 beside the printed 9780804816632): held for mapping.
      { name: 'book.png', mimeType: 'image/png', buffer: datasetPhoto('ean13-2/01.png').data },
      // Refused in the browser: never part of the selection.
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
    ]);
  await expect(user.getByText(IMPORT_MSG.notAdded([{ name: 'notes.txt', reason: IMPORT_MSG.format }]))).toBeVisible();
  await expect(user.getByText('5 files chosen')).toBeVisible();
  const chosen = user.getByRole('list', { name: 'Chosen files' });
  await expect(chosen.getByRole('listitem')).toHaveText([
    'front.png',
    'plain-1.png',
    'plain-2.png',
    'notes.png',
    'book.png',
  ]);
  await chosen.getByRole('button', { name: 'Remove plain-2.png' }).click();
  await expect(user.getByText('4 files chosen')).toBeVisible();
  await user.getByRole('button', { name: 'Upload' }).click();
  await expect(user.getByText(/Import job \d+ created with 4 files\./)).toBeVisible();
  const jobs = user.getByRole('table', { name: 'Import jobs' });
  await expect(jobs.getByRole('link')).toHaveCount(1);
  const jobLink = jobs.getByRole('link').first();
  const jobId = (await jobLink.textContent())!.trim();
  await expect(jobs.getByRole('columnheader')).toHaveText([
    'Job Id',
    'Files',
    'Created',
    'Modified',
    'Submitted By',
    'Status',
  ]);
  await expect(jobs.getByRole('row').nth(1)).toContainText('Olive Other');
  await expectAccessible(user, 'Imports');

  // The job: files settle while the page polls.
  await jobLink.click();
  const heading = user.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`Import Job ${jobId}`);
  await expect(heading).toContainText('4 files, 1 ignored, 2 need mapping');
  await expect(user.getByRole('table', { name: 'Incomplete' }).getByRole('row', { name: /book\.png/ })).toContainText(
    'The barcode was read as',
  );
  const complete = user.getByRole('table', { name: 'Complete' });
  await expect(complete.getByRole('row', { name: /front\.png/ })).toContainText(code);
  await expect(user.getByRole('table', { name: 'Incomplete' }).getByRole('row', { name: /notes\.png/ })).toContainText(
    'Ignored',
  );

  // The template lists the files that need mapping, with an empty UPC.
  const [template] = await Promise.all([
    user.waitForEvent('download'),
    user.getByRole('button', { name: 'Download Mapping Template' }).click(),
  ]);
  const templateText = await readFile(await template.path(), 'utf8');
  expect(templateText.split('\r\n')).toEqual(['UPC,filename', ',book.png', ',plain-1.png', '']);

  // A mapping file with one bad row: the modal, the error log, then only the good row.
  const mapped = uniqueEan13('41');
  await user.getByTestId('mapping-file-input').setInputFiles({
    name: 'mapping.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`UPC,filename\n${mapped},plain-1.png\n\n${mapped},notes.png\n`),
  });
  const dialog = user.getByRole('dialog', { name: MAPPING_MSG.modalTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(
    `1 row can be processed; 1 row has errors and will not be applied. ${MAPPING_MSG.blankRows(1)}`,
  );
  await expect(dialog.getByRole('row', { name: /notes\.png/ })).toContainText(MAPPING_MSG.ignored);
  await expectAccessible(user, 'Mapping errors');
  const [log] = await Promise.all([
    user.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export Error Log' }).click(),
  ]);
  expect(await readFile(await log.path(), 'utf8')).toContain(`4,${mapped},notes.png,${MAPPING_MSG.ignored}`);
  await dialog.getByRole('button', { name: 'Process Successful Rows' }).click();
  await expect(dialog).toBeHidden();
  await expect(heading).toContainText('4 files, 1 ignored, 1 needs mapping');
  await expect(complete.getByRole('row', { name: /plain-1\.png/ })).toContainText(mapped);
  await expectAccessible(user, 'Import job');

  // A reload of a signed-in page: every preloaded file is used as the page asks for it (no credentials-mode warning).
  const warnings: string[] = [];
  user.on('console', (m) => {
    if (/credentials mode does not match/i.test(m.text())) warnings.push(m.text());
  });
  await user.reload();
  await expect(heading).toContainText(`Import Job ${jobId}`);
  await user.waitForLoadState('networkidle');
  expect(warnings).toEqual([]);

  // On a phone each file is a card: its Status and Reason are on screen, not off to the right.
  await user.setViewportSize({ width: 390, height: 844 });
  const ignoredRow = user.getByRole('table', { name: 'Incomplete' }).getByRole('row', { name: /notes\.png/ });
  for (const text of ['Ignored', 'not a PDF']) {
    const box = (await ignoredRow.getByText(text).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await user.context().close();

  // A full administrator opens the company's job (support), without an upload area.
  const support = await pageAt(browser, DEMO.admin, `/import-jobs/${jobId}`);
  await expect(support.getByRole('heading', { level: 1 })).toContainText(`Import Job ${jobId}`);
  await support.getByRole('link', { name: 'Back to import jobs' }).click();
  await expect(support.getByRole('link', { name: jobId, exact: true })).toBeVisible();
  await expect(support.getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await support.context().close();
});
