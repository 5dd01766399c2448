import { expect, test } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { DEMO, signIn } from './support/fixtures.ts';
import { startPortal, type PortalProcess } from './support/portal-process.ts';
import { uniqueEan13 } from './support/seed-api.ts';

// Issue 20 item 5: the code read from a photo reaches Enter UPC(s) the moment it is known. On a portal of its own whose
// worker polls for jobs only every ten minutes, a code that appears within the test's time was read by a worker woken
// by the upload's commit and pushed to the page by its event stream, without a reload.
const PORT = 3967 + Number(process.env.E2E_PORT_OFFSET ?? 0);
let portal: PortalProcess;
test.beforeAll(async () => {
  test.setTimeout(600_000); // startPortal's hang limit
  portal = await startPortal(PORT, { JOB_POLL_SECONDS: '600' });
});
test.afterAll(async () => {
  await portal?.stop();
});

test('with a ten-minute job poll, the code read from the photo appears after Next without a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  try {
    const upc = uniqueEan13('41');
    await signIn(page, DEMO.supplier);
    await page.goto('/upload');
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'instant.png', mimeType: 'image/png', buffer: await barcodeImage(upc) }]);
    const stream = page.waitForRequest((r) => /\/api\/draftSubmissions\/[^/]+\/events$/.test(r.url()));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/designate_upc$/);
    // From here on, any page load would be a reload.
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') loads.push(r.url());
    });
    expect((await stream).headers().accept).toContain('text/event-stream');
    await expect(page.getByLabel('UPC for instant.png')).toHaveValue(upc);
    await expect(page.getByRole('region', { name: 'instant.png' }).getByText('Read from the image.')).toBeVisible();
    expect(loads).toEqual([]);
  } finally {
    await context.close();
  }
});
