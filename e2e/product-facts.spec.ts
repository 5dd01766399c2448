import { readFileSync, readdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { nutritionPanelPhoto, PANEL_FACTS } from '../server/test/support/nutrition-panel.ts';
import { apiContext } from './support/api-context.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, signIn } from './support/fixtures.ts';
import { startPortal, type PortalProcess } from './support/portal-process.ts';
import { createDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// Reads the package: a supplier uploads a nutrition-panel photo, the portal's OCR reads it in the background (the one
// spec with READ_PHOTO_TEXT on, on a portal of its own: about 5 s of CPU a photo), and the readings reach Enter UPC(s)
// as suggestions with their regions, without a reload. No real nutrition-panel photo is among the shared datasets
// (only barcode photos): the photo is the generated panel the server's test reads (turned, blurred, under glare).
const PORT = 3969 + Number(process.env.E2E_PORT_OFFSET ?? 0);
let portal: PortalProcess;
test.beforeAll(async () => {
  test.setTimeout(600_000); // startPortal's hang limit
  portal = await startPortal(PORT, { READ_PHOTO_TEXT: 'on' });
});
test.afterAll(async () => {
  await portal?.stop();
});

/** CPU seconds the portal and its media processes have used (Linux /proc), to say what reading a photo costs. */
function cpuSecondsOf(rootPid: number): number {
  const ticks = 100; // USER_HZ on Linux
  const stats = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats)
      if (tree.has(s.ppid) && !tree.has(s.pid)) {
        tree.add(s.pid);
        grew = true;
      }
  }
  return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.cpu, 0) / ticks;
}

test('the facts read from a nutrition panel are offered with their regions, accepted, one corrected, submitted', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.supplier);
    await page.goto('/upload');
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'panel.jpg', mimeType: 'image/jpeg', buffer: await nutritionPanelPhoto() }]);
    const cpuBefore = cpuSecondsOf(portal.child.pid!);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/designate_upc$/);
    const draftId = /draft\/([^/]+)\/designate_upc$/.exec(page.url())![1];
    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') loads.push(r.url());
    });
    await page.getByLabel('UPC for panel.jpg').fill(uniqueEan13('41'));

    const facts = page.getByRole('region', { name: /^Product facts/ });
    // A hang limit for the first photo: the models load, then the photo is read, on a machine busy with other specs.
    const calories = facts.getByRole('group', { name: 'Calories read from photo' });
    await expect(calories).toBeVisible();
    const cpu = cpuSecondsOf(portal.child.pid!) - cpuBefore;
    test
      .info()
      .annotations.push({ type: 'cpu', description: `portal CPU from upload to readings: ${cpu.toFixed(1)} s` });
    console.log(`product-facts: portal CPU from upload to readings shown: ${cpu.toFixed(1)} s`);
    expect(loads).toEqual([]); // pushed to the open page, no reload
    await expect(calories.getByText(String(PANEL_FACTS.calories), { exact: true })).toBeVisible();
    await expect(
      facts.getByRole('group', { name: 'Total Fat read from photo' }).getByText('8 g, 10% DV'),
    ).toBeVisible();

    // Each suggestion highlights the region it was read from: the calories' row, in the upper half of the photo.
    const photo = facts.getByTestId('facts-photo');
    await calories.hover();
    const region = photo.locator('[data-region="calories"][data-active]');
    await expect(region).toBeVisible();
    const [box, inside] = [(await photo.boundingBox())!, (await region.boundingBox())!];
    expect(inside.y).toBeGreaterThan(box.y + box.height * 0.2);
    expect(inside.y + inside.height).toBeLessThan(box.y + box.height * 0.5);
    expect(inside.x).toBeLessThan(box.x + box.width / 2);
    await page.screenshot({ path: 'test-results/product-facts-suggestions.png', fullPage: true });
    await expectAccessible(page, 'Enter UPC(s) with facts read from the photo');

    // Corrected: the reading goes into the field, where the supplier changes it.
    await calories.getByRole('button', { name: 'Correct Calories' }).click();
    const caloriesInput = facts.getByLabel('Calories', { exact: true });
    await expect(caloriesInput).toBeFocused();
    await expect(caloriesInput).toHaveValue('230');
    await caloriesInput.fill('300');
    await page.keyboard.press('Tab');
    await expect(facts.getByText('Corrected from the photo')).toBeVisible();

    // Every sure reading with one key; what is left is accepted one by one.
    await caloriesInput.focus();
    await page.keyboard.press('Alt+Shift+A');
    await expect(facts.getByLabel('Total Fat (g)')).toHaveValue('8');
    await expect(facts.getByLabel('Total Fat % Daily Value')).toHaveValue('10');
    const accept = facts.getByRole('button', { name: /^Accept (?!all)/ });
    for (let left = await accept.count(); left > 0; left--) {
      await accept.first().click();
      await expect(accept).toHaveCount(left - 1);
    }
    await expect(facts.getByText('Nothing read from the photo waits for you.')).toBeVisible();
    await expect(facts.getByLabel('Sodium (mg)')).toHaveValue('160');
    await expect(facts.getByLabel('Net content quantity')).toHaveValue('340');
    // The corrected calories no longer agree with the accepted fat, carbohydrate and protein: the warning names them.
    await expect(facts.getByText("The label's numbers disagree")).toBeVisible();
    await expect(
      facts.getByText('Calories 300 disagree with 4 × 37 g carbohydrate + 4 × 3 g protein + 9 × 8 g fat = 232.'),
    ).toBeVisible();
    await page.screenshot({ path: 'test-results/product-facts-accepted.png', fullPage: true });

    // What the server keeps: from the photo, with its region, or corrected from it.
    const saved = await (await page.request.get(`/api/draftSubmissions/${draftId}`)).json();
    const sources = saved.files[0].factSources;
    expect(sources.calories).toMatchObject({ source: 'corrected' });
    expect(sources.totalFat).toMatchObject({ source: 'photo', region: { x: expect.any(Number) } });
    expect(saved.files[0].facts.calories).toBe(300);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/confirmation$/);
  } finally {
    await context.close();
  }
});

/** An API session on this spec's own portal, as `who`. */
async function portalApi(who: { email: string; password: string }): Promise<APIRequestContext> {
  const api = await apiContext(portal.url);
  const res = await api.post('/api/auth/login', { form: { username: who.email, password: who.password } });
  expect(res.ok(), `login of ${who.email}: ${res.status()}`).toBe(true);
  return api;
}

test('a panel photo added on resubmit is read, and its facts offered on the submission, never over a typed value', async ({
  browser,
}) => {
  const [supplier, admin] = [await portalApi(DEMO.supplier), await portalApi(DEMO.admin)];
  const upc = uniqueEan13('41');
  const [id] = await submitDraft(
    supplier,
    await createDraft(supplier, [{ fileName: 'front.png', upc, productName: 'Rolled oats', isMarketingImage: true }]),
  );
  const statusOf = async () =>
    (
      await graphql<{ getProductSubmission: { itemStatus: string } }>(
        supplier,
        'query($id: ID!) { getProductSubmission(id: $id) { itemStatus } }',
        { id },
      )
    ).getProductSubmission.itemStatus;
  await expect.poll(statusOf, { message: 'the automated checks' }).toBe('SUBMITTED');
  const rejected = await admin.post('/api/review/decisions', {
    data: { ids: [id], decision: 'reject', reason: 'Please add the nutrition panel.' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  await expect.poll(statusOf, { message: 'the rejection' }).toBe('ADMIN_REJECTED');

  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.supplier);
    await page.goto(`/productSubmissions/${id}/resubmit`);
    // The supplier types the calories on the resubmit page: the photo's reading never replaces them.
    await page.getByRole('region', { name: 'Product facts' }).getByRole('textbox', { name: 'Calories' }).fill('250');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await barcodeImage(upc) },
      { name: 'panel.jpg', mimeType: 'image/jpeg', buffer: await nutritionPanelPhoto() },
    ]);
    await page.getByRole('button', { name: 'Resubmit product' }).click();
    await page.waitForURL(`/productSubmissions/${id}/resubmit/confirmation`);

    await page.goto(`/productSubmissions/${id}`);
    const facts = page.getByRole('region', { name: 'Product facts: read from the photos you added' });
    // A hang limit: the photos wait in the text queue, then are read, on a machine busy with other specs.
    const sodium = facts.getByRole('group', { name: 'Sodium read from photo' });
    await expect(sodium).toBeVisible();
    await expect(facts.getByRole('group', { name: 'Calories read from photo' })).toHaveCount(0);
    await expect(facts.getByLabel('Calories', { exact: true })).toHaveValue('250');
    await expectAccessible(page, 'the submission with facts read from the photos added on resubmit');
    await sodium.getByRole('button', { name: /^Accept Sodium/ }).click();
    await expect(sodium).toHaveCount(0);
    await facts
      .getByRole('group', { name: 'Allergen statement read from photo' })
      .getByRole('button', { name: 'Dismiss Allergen statement' })
      .click();
    await expect(facts.getByRole('group', { name: 'Allergen statement read from photo' })).toHaveCount(0);

    // The submission's facts table shows the accepted value as read from the photo, naming it.
    const table = page.getByRole('table', { name: 'Product facts' });
    const row = (label: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    await expect(row('Sodium')).toContainText('160 mg');
    await expect(row('Sodium')).toContainText('Read from photo');
    await expect(row('Sodium')).toContainText('panel.jpg');
    await expect(row('Calories (per serving)')).toContainText('250');
    await page.screenshot({ path: 'test-results/product-facts-resubmit-suggestions.png', fullPage: true });
  } finally {
    await context.close();
    await Promise.all([supplier.dispose(), admin.dispose()]);
  }
});
