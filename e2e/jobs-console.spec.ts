import { randomUUID } from 'node:crypto';
import { mkdir, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { JOBS_MSG } from '@portal/domain';
import { barcodeImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAs } from './support/fixtures.ts';
import { apiAs, uniqueEan13 } from './support/seed-api.ts';

// The portal's data folder (playwright.config.ts): its ingestion root and its file storage.
const DATA_DIR = path.resolve('.tmp/e2e-data');
const FOLDER = 'jobs_console_e2e';

/**
 * Two ingestion files that fail for real. Each is a relative symbolic link dropped into a LOCAL source folder: it
 * points at a picture beside the folder, but once the scan moves it into storage it points nowhere, so the file job
 * meets a missing file at each of its three attempts. `mend(i)` puts the picture where the moved link points.
 */
async function dropBrokenFiles(tag: string) {
  const folder = path.join(DATA_DIR, 'ingestion', FOLDER);
  await mkdir(folder, { recursive: true });
  const pictures = await Promise.all([0, 1].map(async () => barcodeImage(uniqueEan13('41'))));
  const targets = pictures.map((_, i) => `target-${tag}-${i}.png`);
  const past = new Date(Date.now() - 60_000); // settled: the scan takes it at once
  for (const [i, target] of targets.entries()) {
    await writeFile(path.join(DATA_DIR, 'ingestion', target), pictures[i]);
    await utimes(path.join(DATA_DIR, 'ingestion', target), past, past);
    await symlink(`../${target}`, path.join(folder, `package-${tag}-${i}.png`));
  }
  return {
    mend: async (i: number) => {
      const storage = path.join(DATA_DIR, 'files', 'ingestion');
      await mkdir(storage, { recursive: true });
      await writeFile(path.join(storage, targets[i]), pictures[i]);
    },
  };
}

test('jobs console: an administrator sees a failed job with its error, retries it and it runs, discards another after confirming; a read-only administrator only looks', async ({ browser }) => {
  test.setTimeout(120_000);
  // Northside Market Co-op (30500), which no other spec gives bulk ingestion: a LOCAL source folder.
  const api = await apiAs(DEMO.admin);
  await api.post('/graphql', {
    data: {
      query: 'mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { id } }',
      variables: { input: { companyId: 30500, folderName: FOLDER, imageSource: 'LOCAL' } },
    },
  });
  await api.dispose();
  const broken = await dropBrokenFiles(randomUUID().slice(0, 8));

  const admin = await pageAs(browser, DEMO.admin);
  await admin.getByRole('button', { name: 'Ada' }).click();
  await admin.getByRole('menuitem', { name: 'Jobs' }).click();
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Jobs by type and state' }).getByRole('rowheader', { name: 'bulkIngestion.processFile' })).toBeVisible();

  // Filter: failed file jobs. The page refreshes by itself until the two failures arrive (scan, three attempts).
  await admin.getByRole('textbox', { name: 'Type' }).click();
  await admin.getByRole('option', { name: 'bulkIngestion.processFile' }).click();
  await expect(admin).toHaveURL(/type=bulkIngestion\.processFile/);
  await expect(admin.getByRole('textbox', { name: 'State' })).toHaveValue('Failed');
  const jobsTable = admin.getByRole('table', { name: 'Jobs' });
  const failedRows = jobsTable.getByRole('row').filter({ hasText: 'is missing' });
  await expect(failedRows).toHaveCount(2, { timeout: 60_000 });
  await expect(failedRows.first()).toContainText('3 of 3');
  await expect(failedRows.first()).toContainText(/fileId: [0-9a-f-]{36}/);
  await expectAccessible(admin, 'Jobs console');

  const ids = (await failedRows.getByRole('cell').first().allTextContents()).map(Number);
  const [toRetry, toDiscard] = ids.sort((a, b) => a - b);

  // Retry after mending the cause: the job runs again and succeeds.
  await broken.mend(0);
  await admin.getByRole('button', { name: `Retry job ${toRetry}` }).click();
  await expect(admin.getByText(JOBS_MSG.retried(toRetry))).toBeVisible();
  await expect(jobsTable.getByRole('row').filter({ hasText: String(toRetry) }).filter({ hasText: 'is missing' })).toHaveCount(0);
  await admin.getByRole('textbox', { name: 'State' }).click();
  await admin.getByRole('option', { name: 'Done (last hour)' }).click();
  await expect(admin.getByRole('table', { name: 'Jobs' }).getByRole('row').filter({ has: admin.getByRole('cell', { name: String(toRetry), exact: true }) })).toHaveCount(1, { timeout: 20_000 });

  // Discard asks first; Cancel keeps the job.
  await admin.getByRole('textbox', { name: 'State' }).click();
  await admin.getByRole('option', { name: 'Failed' }).click();
  await admin.getByRole('button', { name: `Discard job ${toDiscard}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Discard job' });
  await expect(dialog).toContainText(JOBS_MSG.confirmDiscard(toDiscard, 'bulkIngestion.processFile'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('button', { name: `Discard job ${toDiscard}` })).toBeVisible();

  // The read-only administrator sees the same failed job and no action.
  const viewer = await pageAs(browser, DEMO.viewer);
  await viewer.goto('/admin/jobs?state=failed&type=bulkIngestion.processFile');
  await expect(viewer.getByText(JOBS_MSG.readOnly)).toBeVisible();
  await expect(viewer.getByRole('table', { name: 'Jobs' }).getByRole('cell', { name: String(toDiscard), exact: true })).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Retry job|Discard job/ })).toHaveCount(0);
  await viewer.context().close();

  await admin.getByRole('button', { name: `Discard job ${toDiscard}` }).click();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(admin.getByText(JOBS_MSG.discarded(toDiscard))).toBeVisible();
  await expect(admin.getByRole('button', { name: `Discard job ${toDiscard}` })).toHaveCount(0);
  await admin.screenshot({ path: 'test-results/jobs-console.png', fullPage: true });
  await admin.context().close();
});
