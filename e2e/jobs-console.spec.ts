import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { JOBS_MSG } from '@portal/domain';
import { barcodeImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, pageAs, pageAt } from './support/fixtures.ts';
import { apiAs, graphql, uniqueEan13 } from './support/seed-api.ts';

// The portal's file storage (DATA_DIR of playwright.config.ts).
const FILES_DIR = path.resolve('.tmp/e2e-data/files');

const noisyPhoto = () =>
  sharp({
    create: {
      width: 1600,
      height: 1600,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();

async function uploadDraft(
  api: APIRequestContext,
  files: { name: string; buffer: Buffer; mimeType: string }[],
): Promise<string> {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.buffer)], { type: f.mimeType }), f.name);
  const res = await api.post('/api/draftSubmissions', { multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Two barcode jobs that fail for real: a draft's stored files are taken away before the worker reaches them (it is
 * kept busy first with photos that take a while to read), so each job meets a missing file at all three attempts.
 * `mend()` puts the files back where they were.
 */
async function draftJobsThatFail(api: APIRequestContext) {
  const hog = await uploadDraft(
    api,
    await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (i) => ({
        name: `busy-${i}.jpg`,
        buffer: await noisyPhoto(),
        mimeType: 'image/jpeg',
      })),
    ),
  );
  const codes = [uniqueEan13('40'), uniqueEan13('40')];
  const target = await uploadDraft(
    api,
    await Promise.all(
      codes.map(async (code, i) => ({
        name: `front-${i}.png`,
        buffer: await barcodeImage(code),
        mimeType: 'image/png',
      })),
    ),
  );
  const folder = path.join(FILES_DIR, 'drafts', target);
  const kept = await Promise.all(
    (await readdir(folder)).map(async (name) => ({ name, bytes: await readFile(path.join(folder, name)) })),
  );
  await rm(folder, { recursive: true });
  return {
    drafts: [hog, target],
    mend: async () => {
      await mkdir(folder, { recursive: true });
      for (const f of kept) await writeFile(path.join(folder, f.name), f.bytes);
    },
  };
}

test('jobs console: an administrator sees a failed job with its error, retries it and it runs, is asked before a discard, retries every matching failed job at once; a read-only administrator only looks', async ({
  browser,
}) => {
  const api = await apiAs(DEMO.admin);
  const failing = await draftJobsThatFail(api);

  const admin = await pageAs(browser, DEMO.admin);
  await admin.getByRole('button', { name: 'Ada' }).click();
  await admin.getByRole('menuitem', { name: 'Jobs' }).click();
  await expect(admin).toHaveURL(/\/admin\/jobs$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  await expect(
    admin.getByRole('table', { name: 'Jobs by type and state' }).getByRole('rowheader', { name: 'drafts.processFile' }),
  ).toBeVisible();

  // Filter: failed barcode jobs. The page refreshes by itself until the two failures arrive (three attempts each).
  await admin.getByRole('combobox', { name: 'Type' }).click();
  await admin.getByRole('option', { name: 'drafts.processFile' }).click();
  await expect(admin).toHaveURL(/type=drafts\.processFile/);
  await expect(admin.getByRole('combobox', { name: 'State' })).toHaveValue('Failed');
  const jobsTable = admin.getByRole('table', { name: 'Jobs' });
  const failedRows = jobsTable.getByRole('row').filter({ hasText: 'is missing' });
  await expect(failedRows).toHaveCount(2);
  await expect(failedRows.first()).toContainText('3 of 3');
  await expect(failedRows.first()).toContainText(/fileId: [0-9a-f-]{36}/);
  await expectAccessible(admin, 'Jobs console');

  const ids = (await failedRows.locator('td:first-child').allTextContents()).map(Number);
  const [toRetry, toDiscard] = ids.sort((a, b) => a - b);

  // Retry after mending the cause: the job runs again and succeeds.
  await failing.mend();
  await admin.getByRole('button', { name: `Retry job ${toRetry}` }).click();
  await expect(admin.getByText(JOBS_MSG.retried(toRetry))).toBeVisible();
  const rowOf = (id: number) =>
    jobsTable.getByRole('row').filter({ has: admin.getByRole('cell', { name: String(id), exact: true }) });
  await expect(rowOf(toRetry)).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'State' }).click();
  await admin.getByRole('option', { name: 'Done (last hour)' }).click();
  await expect(admin).toHaveURL(/state=done/);
  // Newest first: other specs' uploads finishing beside this one may have pushed the retried job to a later page, and
  // further on while the test looks. A person who knows where it is goes to that page: the page the jobs list answers
  // it on, opened once the list is loaded; a try that the list moved on from tries again.
  const onPage = async () => {
    for (let page = 1; page <= 20; page++) {
      const listed = (await (
        await api.get(`/api/admin/jobs?state=done&type=drafts.processFile&page=${page}`)
      ).json()) as { jobs: { id: number }[] };
      if (listed.jobs.some((j) => j.id === toRetry)) return page;
      if (!listed.jobs.length) break;
    }
    return 0;
  };
  await expect(async () => {
    const page = await onPage();
    expect(page).toBeGreaterThan(0);
    await admin.goto(`/admin/jobs?state=done&type=drafts.processFile&page=${page}`);
    await expect(admin.getByRole('navigation', { name: 'Pages of the jobs' })).toContainText(`page ${page} of`, {
      timeout: 90_000, // one try (the limit all assertions had): toPass tries again until the test's own limit
    });
    // Read at once: the page refreshes itself, and may move the job on to the next page.
    const row = await rowOf(toRetry).allTextContents();
    expect(row).toHaveLength(1);
    expect(row[0]).toContain('1 of 3');
  }).toPass();

  // Discard asks first; Cancel keeps the job.
  await admin.getByRole('combobox', { name: 'State' }).click();
  await admin.getByRole('option', { name: 'Failed' }).click();
  await admin.getByRole('button', { name: `Discard job ${toDiscard}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Discard job' });
  await expect(dialog).toContainText(JOBS_MSG.confirmDiscard(toDiscard, 'drafts.processFile'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('button', { name: `Discard job ${toDiscard}` })).toBeVisible();

  // The read-only administrator sees the same failed job and no action.
  const viewer = await pageAt(browser, DEMO.viewer, '/admin/jobs?state=failed&type=drafts.processFile');
  await expect(viewer.getByText(JOBS_MSG.readOnly)).toBeVisible();
  await expect(
    viewer.getByRole('table', { name: 'Jobs' }).getByRole('cell', { name: String(toDiscard), exact: true }),
  ).toBeVisible();
  await expect(viewer.getByRole('button', { name: /Retry job|Discard job/ })).toHaveCount(0);
  await viewer.context().close();

  // After an outage: every failed job of the type whose error matches goes back in one confirmed action.
  await admin.getByRole('textbox', { name: 'Last error contains' }).fill('is missing');
  await admin.getByRole('button', { name: 'Retry all matching' }).click();
  const bulk = admin.getByRole('dialog', { name: 'Retry failed jobs' });
  await expect(bulk).toContainText(
    JOBS_MSG.confirmBulkRetry(JOBS_MSG.matchingFailed('drafts.processFile', 'is missing')),
  );
  await bulk.getByRole('button', { name: 'Retry all' }).click();
  await expect(admin.getByText(JOBS_MSG.bulkRetried(1, 0))).toBeVisible();
  await expect(admin.getByRole('button', { name: `Discard job ${toDiscard}` })).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'State' }).click();
  await admin.getByRole('option', { name: 'Done (last hour)' }).click();
  await expect(rowOf(toDiscard)).toHaveCount(1);
  await admin.screenshot({ path: 'test-results/jobs-console.png', fullPage: true });
  await admin.context().close();
  for (const id of failing.drafts) await graphql(api, 'mutation($id: ID!) { deleteDraftSubmission(id: $id) }', { id });
  await api.dispose();
});
