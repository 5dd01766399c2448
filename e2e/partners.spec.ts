import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { plainImage } from '../server/test/fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, signIn, signInThroughApi } from './support/fixtures.ts';
import { displayUpc, READINESS_DRY_RUN_MSG, READINESS_EDITOR_MSG, READINESS_MSG } from '@portal/domain';
import { minTwoImagesRule } from '@portal/domain/readiness.fixture';
import { apiAs, createNamedDraft, dryRunReadiness, graphql, uniqueEan13 } from './support/seed-api.ts';

// The demo partner that has no configuration yet (server/src/demo/seed.ts); this file is the only one that adds it.
const PARTNER = { companyId: 30500, name: 'Northside Market Co-op' };
const PRIMARY = { hex: '#6a1b9a', rgb: 'rgb(106, 27, 154)' };
const BUTTON = { hex: '#ffb300', rgb: 'rgb(255, 179, 0)' };
const at = (path: string) => `/${PARTNER.companyId}${path}`;

/** A small logo on a white background: a purple disc and a bar, as a partner would upload. */
const logoPng = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#fff"/>` +
        `<circle cx="40" cy="40" r="30" fill="${PRIMARY.hex}"/><rect x="85" y="28" width="140" height="24" rx="6" fill="${BUTTON.hex}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe.configure({ mode: 'serial' });

test('an administrator adds a partner, sets its colours, logo and field rules, saves and previews its landing page', async ({
  page,
}) => {
  await signInThroughApi(page, DEMO.admin);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Manage Co-branded Item Intake Landing Pages')).toBeVisible();
  const table = page.getByRole('table', { name: 'Partner configurations' });
  await expect(table.getByRole('columnheader')).toHaveText(['Entity', 'Company Id', 'Landing Page Status']);
  await expect(table.getByRole('row').nth(1)).toContainText('Fresh Market Grocers');
  await expectAccessible(page, 'settings');

  // Company search (1000 ms after typing stops), then Add: the new configuration is on and at the top.
  const search = page.getByRole('combobox', { name: 'Company' });
  await search.click();
  await search.fill('northside');
  await page.getByRole('option', { name: PARTNER.name }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell')).toHaveText([PARTNER.name, String(PARTNER.companyId), 'On']);
  await first.getByRole('link', { name: PARTNER.name }).click();

  await page.waitForURL(/\/settings\/\d+$/);
  const configurationPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: 'Customize New Item Intake' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  // A wrong primary colour is explained and blocks Save.
  const primary = page.getByLabel('Primary colour');
  await primary.fill('purple; background: url(x)');
  await primary.blur();
  await expect(page.getByText('Must be a hex colour such as #1f5f8b.')).toBeVisible();
  await expect(save).toBeDisabled();
  await primary.fill(PRIMARY.hex);
  await primary.press('Escape');
  await page.getByLabel('Button colour').fill(BUTTON.hex);
  await page.getByLabel('Button colour').press('Escape');
  await expect(page.getByText('Upload logo with transparent or white background')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'northside-logo.png', mimeType: 'image/png', buffer: await logoPng() });

  // Field switches: required turns visible on, visible off clears required, a section off disables its fields.
  const toggle = (name: string) => page.getByRole('switch', { name, exact: true });
  // With the keyboard, as a person who does not use a mouse would (and no toast can be in the way).
  const flip = (name: string) => toggle(name).press('Space');
  await flip('Shipping profile required');
  await flip('Height visible');
  await expect(toggle('Height required')).not.toBeChecked();
  await flip('Height required');
  await expect(toggle('Height visible')).toBeChecked();
  await flip('Dietary attributes visible');
  await flip('Show Pricing fields');
  await expect(toggle('MSRP required')).toBeDisabled();
  await expect(toggle('Product name required')).toBeChecked();
  await expectAccessible(page, 'customize new item intake');
  await page.screenshot({ path: 'test-results/settings-customize.png', fullPage: true });

  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Partner configuration saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(page.getByRole('img', { name: `Current logo of ${PARTNER.name}` })).toBeVisible();

  // Stored: a fresh load shows the same switches.
  await page.reload();
  await expect(toggle('Shipping profile required')).not.toBeChecked();
  await expect(toggle('Dietary attributes visible')).not.toBeChecked();
  await expect(toggle('Show Pricing fields')).not.toBeChecked();
  await expect(toggle('Show Promotion fields')).toBeChecked();
  await expect(page.getByLabel('Primary colour')).toHaveValue(PRIMARY.hex);

  // The preview: view only, the partner's colours and logo.
  await page.getByRole('link', { name: 'View landing page' }).click();
  await page.waitForURL(`${configurationPath}/landing-page`);
  await expect(page.getByRole('heading', { level: 1, name: `Landing page preview: ${PARTNER.name}` })).toBeVisible();
  await expect(page.getByText(`Submit your products to ${PARTNER.name} for consideration`)).toBeVisible();
  await expect(page.getByRole('img', { name: `${PARTNER.name} logo` })).toBeVisible();
  await expectAccessible(page, 'landing page preview');
  await page.screenshot({ path: 'test-results/settings-landing-preview.png', fullPage: true });
  await page.getByRole('link', { name: '← Back to Customize New Item Intake' }).click();
  await expect(page).toHaveURL(configurationPath);

  // An unknown configuration goes back to the list.
  await page.goto('/settings/999999');
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto('/settings/999999/landing-page');
  await expect(page).toHaveURL(/\/settings$/);
});

test("a visitor opens the partner's landing page, signs in through its login and submits under its rules", async ({
  page,
}) => {
  await page.goto(at(''));
  await expect(page.getByRole('heading', { level: 1, name: PARTNER.name })).toBeVisible();
  await expect(page.getByRole('img', { name: `${PARTNER.name} logo` })).toBeVisible();
  for (const block of ['Easy Item Submission', 'Manage your Brand Profile', 'Supplier Resources']) {
    await expect(page.getByRole('heading', { level: 2, name: block })).toBeVisible();
  }
  await expect(page.getByText(`Submit your products to ${PARTNER.name} for consideration`)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Powered By');
  expect(
    await page
      .getByRole('main')
      .locator('section')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe(PRIMARY.rgb);
  expect(await page.getByRole('link', { name: 'Log in' }).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    BUTTON.rgb,
  );
  await expectAccessible(page, 'partner landing page');
  await page.screenshot({ path: 'test-results/partner-landing.png', fullPage: true });

  // The co-branded login: logo on the left, the form on the primary colour, a sign-up link.
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.waitForURL(at('/login'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Login with Product Hub portal credentials' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: `${PARTNER.name} logo` })).toBeVisible();
  expect(await backgroundOf(page, 'main')).toBe(PRIMARY.rgb);
  await expect(page.getByRole('link', { name: 'Create one' })).toBeVisible();
  await page.screenshot({ path: 'test-results/partner-login.png', fullPage: true });
  await page.setViewportSize({ width: 800, height: 900 });
  // Below 848 px the logo panel sits above the form (the layout follows the media query after a render).
  await expect
    .poll(async () => {
      const logoBox = await page.getByRole('banner').boundingBox();
      const formBox = await page.getByRole('main').boundingBox();
      return formBox!.y >= logoBox!.y + logoBox!.height - 1;
    })
    .toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByLabel('Email').fill(DEMO.supplier.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.supplier.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(at('/activity/requires_action'));

  // The signed-in shell takes the partner's colour and name.
  await expect(page.getByRole('banner').getByText(`for ${PARTNER.name}`)).toBeVisible();
  expect(await backgroundOf(page, 'header')).toBe(PRIMARY.rgb);

  // The intake applies this partner's rules: a product name and a marketing image; no shipping profile.
  const upc = uniqueEan13('41');
  await page.goto(at('/upload'));
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pack.png', mimeType: 'image/png', buffer: await plainImage() });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/30500\/upload\/draft\/[^/]+\/designate_upc$/);
  await page.getByLabel('UPC for pack.png').fill(upc);
  const name = page.getByLabel('Product name for pack.png');
  await expect(name).toHaveAttribute('aria-required', 'true');
  await name.focus();
  await name.blur();
  await expect(page.getByText('Please enter a product name.')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await name.fill('Northside Granola');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText(/marketing image\(s\) for the product with upc/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Marketing image for pack.png' }).check();
  await submit.click();
  await page.waitForURL(/\/30500\/upload\/draft\/[^/]+\/confirmation$/);
  await expect(page.getByRole('link', { name: `Continue with Submission to ${PARTNER.name}` })).toBeVisible();
});

test("a partner's blocking 'at least 2 images' rule at submit: staff add it, see per rule how many fail it and the open drafts it stops, confirm; the supplier's one-photo draft is refused at Submit with the rule's message; a submitted item shows the same score on Enter UPC(s), the activity list and its page", async ({
  page,
  browser,
}) => {
  // This partner (made in the first test) asks for a product name and a marketing image (weight 1 each, with the
  // UPC); its own rule of weight 3 asks for a second image.
  const MIN_2 = minTwoImagesRule(3);
  const SAVE = `mutation($partner: Int!, $rules: [ReadinessRuleInput!]!) { saveReadinessRules(partnerCompanyId: $partner, rules: $rules) { version } }`;
  const adminApi = await apiAs(DEMO.admin);
  // A supplier's open draft of one photo for this partner: the rule would stop it at Submit.
  const supplierApi = await apiAs(DEMO.supplier, PARTNER.companyId);
  await createNamedDraft(supplierApi, uniqueEan13('41'), 'Northside Oat Bar');
  await supplierApi.dispose();
  const adminContext = await browser.newContext();
  try {
    // The partner's administrator adds the rule on the partner's settings, checks what it changes, and saves.
    const { getPartnerConfigurations } = await graphql<{
      getPartnerConfigurations: { id: number; companyId: number }[];
    }>(
      adminApi,
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
    const configId = getPartnerConfigurations.find((c) => c.companyId === PARTNER.companyId)!.id;
    const admin = await adminContext.newPage();
    await signInThroughApi(admin, DEMO.admin);
    await admin.goto(`/settings/${configId}`);
    const editor = admin.getByRole('region', { name: READINESS_EDITOR_MSG.title });
    await editor.getByRole('button', { name: READINESS_EDITOR_MSG.add }).click();
    const rule = editor.getByRole('group', { name: /^Rule 1/ });
    await rule.getByRole('textbox', { name: 'Code', exact: true }).fill(MIN_2.code);
    await rule.getByRole('textbox', { name: 'Weight', exact: true }).fill(String(MIN_2.weight));
    await rule.getByRole('textbox', { name: 'Message', exact: true }).fill(MIN_2.message);
    await rule.getByRole('textbox', { name: 'How to fix', exact: true }).fill(MIN_2.fix);
    // Bad input first: more images than a draft may hold is stopped at once, naming the rule; nothing can be sent.
    await rule.getByRole('textbox', { name: 'Images', exact: true }).fill('11');
    await expect(editor.getByRole('alert')).toContainText(READINESS_MSG.tooManyImages(MIN_2.code));
    await expect(editor.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun })).toBeDisabled();
    await rule.getByRole('textbox', { name: 'Images', exact: true }).fill(String(MIN_2.min));
    await expect(editor.getByRole('alert')).toBeHidden();
    await expect(editor.getByRole('button', { name: READINESS_EDITOR_MSG.save })).toBeDisabled();
    await editor.getByRole('button', { name: READINESS_EDITOR_MSG.dryRun }).click();
    // What the server counts for these rules (its exact counts are held by server/test/readiness.test.ts).
    const expected = await dryRunReadiness(adminApi, PARTNER.companyId, [MIN_2]);
    expect(expected.judged).toBeGreaterThan(0);
    // The partner's earlier one-photo submission fails it, and the supplier's open draft would be stopped.
    const counts = expected.rules.find((r) => r.code === MIN_2.code)!;
    expect(counts.failing).toBeGreaterThan(0);
    expect(counts.becomesNotReady).toBe(counts.failing);
    expect(counts.draftsBlocked).toBeGreaterThan(0);
    const changes = editor.getByRole('status', { name: 'What saving would change' });
    await expect(changes).toContainText(READINESS_DRY_RUN_MSG.summary(expected));
    await expect(changes).toContainText(READINESS_DRY_RUN_MSG.drafts(expected));
    for (const r of expected.rules) await expect(changes).toContainText(READINESS_DRY_RUN_MSG.rule(r));
    await admin.screenshot({ path: 'test-results/readiness-rules-dry-run.png', fullPage: true });
    // A new blocking rule at submit stops suppliers: the editor asks first, naming it and the drafts it stops.
    await editor.getByRole('button', { name: READINESS_EDITOR_MSG.save }).click();
    const ask = editor.getByRole('alertdialog', { name: 'Confirm the new version' });
    await expect(ask).toContainText(READINESS_DRY_RUN_MSG.confirmStop([MIN_2.code], expected.draftsBlocked));
    await ask.getByRole('button', { name: READINESS_DRY_RUN_MSG.confirm }).click();
    const savedToast = admin.getByText(/^Rules saved as version \d+\./);
    await expect(savedToast).toBeVisible();
    const version = Number(/version (\d+)/.exec((await savedToast.textContent())!)![1]);

    const upc = uniqueEan13('41');
    await signInThroughApi(page, DEMO.supplier, PARTNER.companyId);
    await page.goto(at('/upload'));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: await plainImage() });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/30500\/upload\/draft\/[^/]+\/designate_upc$/);
    await page.getByLabel('UPC for front.png').fill(upc);
    await page.getByLabel('Product name for front.png').fill('Northside Muesli');
    await page.getByRole('checkbox', { name: 'Marketing image for front.png' }).check();

    // While typing: half the weight passes, and the rule says what to do.
    await expect(page.getByText(READINESS_MSG.score(upc, 50), { exact: true })).toBeVisible();
    const fixes = page.getByRole('list', { name: `Rules to fix for ${upc}` });
    await expect(fixes.getByRole('listitem').filter({ hasText: MIN_2.fix })).toContainText(
      READINESS_MSG.severityLabel.blocking,
    );
    await page.screenshot({ path: 'test-results/readiness-live.png', fullPage: true });
    // Submit names the blocking rule before anything is sent.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(READINESS_MSG.blocksSubmit(upc, [MIN_2]))).toBeVisible();
    await expect(page).toHaveURL(/designate_upc$/);

    // A second image of the same product: 100%, and Submit goes through.
    const back = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: back });
    await page.getByLabel('UPC for back.png').fill(upc);
    await page.getByLabel('Product name for back.png').fill('Northside Muesli');
    await expect(page.getByText(READINESS_MSG.score(upc, 100), { exact: true })).toBeVisible();
    await expect(fixes).toHaveCount(0);
    // What Submit said no longer holds: it goes.
    await expect(page.getByText(READINESS_MSG.blocksSubmit(upc, [MIN_2]))).toBeHidden();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/30500\/upload\/draft\/[^/]+\/confirmation$/);
    // On the activity list the product has the score Enter UPC(s) showed (after the specification's columns): the
    // bulk-edit fields staff fill in after submission are not in it.
    await page.goto(at('/activity/pending'));
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: displayUpc(upc) }) });
    await expect(page.getByRole('columnheader', { name: 'Readiness' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '100%', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/readiness-activity.png', fullPage: true });
    // Its detail page: the same score, the version of the rules it was judged against, nothing for the supplier to fix.
    await row.getByRole('link', { name: displayUpc(upc) }).click();
    const detail = page.getByRole('region', { name: 'Readiness for this partner' });
    await expect(detail).toContainText(READINESS_MSG.judgedAgainst(version));
    await expect(detail.getByText(READINESS_MSG.score(upc, 100), { exact: true })).toBeVisible();
    await expect(detail.getByRole('listitem')).toHaveCount(0);

    // Staff: the review queue filtered by "not ready" and by the rule lists the partner's earlier one-image
    // submissions (moved by the background recompute after the save), each naming the rule, and not the new one.
    await admin.goto(`/review?partner=${PARTNER.companyId}&size=50`);
    const queue = admin.getByRole('table');
    await expect(queue.getByRole('row').nth(1)).toBeVisible();
    // The readiness filters sit behind "More filters" until one is set.
    await admin.getByRole('button', { name: /^More filters/ }).click();
    await admin.getByRole('checkbox', { name: /Not ready only/ }).click();
    await expect(admin).toHaveURL(/notReady=true/);
    await admin.getByRole('textbox', { name: 'Fails rule' }).fill(MIN_2.code);
    await expect(admin).toHaveURL(new RegExp(`rule=${MIN_2.code}`));
    // The background recompute moves them: the queue's own answer lists one before the page, loaded again, can.
    await expect
      .poll(
        async () => {
          const res = await admin.request.get(`/api/review/queue?${new URL(admin.url()).searchParams}`);
          return res.ok() && (await res.text()).includes(MIN_2.code);
        },
        { message: 'the recompute to list a one-image submission under the rule' },
      )
      .toBe(true);
    await admin.reload();
    await expect(queue.getByRole('row').filter({ hasText: MIN_2.code }).first()).toBeVisible();
    await expect(admin.getByRole('checkbox', { name: /Not ready only/ })).toBeChecked();
    const rows = queue.getByRole('row').filter({ has: admin.getByRole('cell') });
    for (const r of await rows.all()) await expect(r).toContainText(`${MIN_2.code}`);
    await expect(queue.getByRole('row').filter({ hasText: displayUpc(upc) })).toHaveCount(0);
    await admin.screenshot({ path: 'test-results/readiness-review-queue.png', fullPage: true });
    // The recompute the save started, in the jobs console with its progress (every submission of the partner judged).
    await admin.goto('/admin/jobs?state=done&type=submissions.recomputeReadiness');
    await expect(
      admin
        .getByRole('table', { name: 'Jobs' })
        .getByRole('row')
        .filter({ hasText: /\d+ of \d+ \(100%\)/ })
        .first(),
    ).toBeVisible();
  } finally {
    await graphql(adminApi, SAVE, { partner: PARTNER.companyId, rules: [] });
    await adminApi.dispose();
    await adminContext.close();
  }
});

test('a supplier or a read-only administrator opening /settings sees the 403 message', async ({ browser }) => {
  for (const who of [DEMO.supplier, DEMO.viewer]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, who);
    for (const path of ['/settings', '/settings/1', '/settings/1/landing-page']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText(
        "Did you take a wrong turnip? We can't display the page requested.",
      );
      await expect(page.getByRole('heading', { name: 'Customize New Item Intake' })).toBeHidden();
    }
    await context.close();
  }
});
