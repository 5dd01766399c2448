import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_BLOCK_MSG, PHOTO_ISSUE_MSG } from '@portal/domain';
import { barcodeImage } from '../server/test/fixtures.ts';
import { DEMO, pageAs, signInThroughApi } from './support/fixtures.ts';
import { apiAs, graphql, uniqueEan13 } from './support/seed-api.ts';

// Issue 20: photo checks. A blurred photo shows its warning beside its thumbnail on Enter UPC(s), without a reload;
// the warning does not block Submit until the partner's switch in Customize New Item Intake makes it; staff see a
// badge on the verification view and find the item with the pending list's photo-issues filter.

const PARTNER = 30443;
interface Config {
  id: number;
  companyId: number;
  primaryColor: string;
  secondaryColor: string | null;
  landingPageEnabled: boolean;
}

test('a blurred photo warns on Enter UPC(s), blocks Submit only once the partner switch is on, and shows a badge for staff', async ({
  page,
  browser,
}) => {
  const upc = uniqueEan13('41');
  const blurred = await sharp(await barcodeImage(upc))
    .blur(6)
    .png()
    .toBuffer();
  const adminApi = await apiAs(DEMO.admin);
  const configs = await graphql<{ getPartnerConfigurations: Config[] }>(
    adminApi,
    'query { getPartnerConfigurations { id companyId primaryColor secondaryColor landingPageEnabled } }',
    {},
  );
  const config = configs.getPartnerConfigurations.find((c) => c.companyId === PARTNER)!;
  const admin = await pageAs(browser, DEMO.admin);

  await signInThroughApi(page, DEMO.supplier2, PARTNER);
  await page.goto(`/${PARTNER}/upload`);
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'blurry.png', mimeType: 'image/png', buffer: blurred }]);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/designate_upc$/);
  // The page was opened before the media job finished: the warning arrives by itself.
  const warnings = page.getByRole('list', { name: 'Photo warnings for blurry.png' });
  await expect(warnings.getByRole('listitem').filter({ hasText: PHOTO_ISSUE_MSG.BLURRY() })).toBeVisible();
  await page.getByLabel('UPC for blurry.png').fill(upc);
  await page.getByLabel('Product name for blurry.png').fill('Blurry Oats');
  await page.getByRole('checkbox', { name: 'Marketing image for blurry.png' }).check();
  await page.screenshot({ path: 'test-results/photo-warnings.png', fullPage: true });

  try {
    // The partner makes BLURRY block Submit.
    await admin.goto(`/settings/${config.id}`);
    const blocks = admin.getByRole('switch', { name: 'Blurry blocks Submit' });
    await expect(blocks).not.toBeChecked();
    await blocks.check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Partner configuration saved')).toBeVisible();
    await admin.screenshot({ path: 'test-results/photo-checks-switches.png', fullPage: true });
    // The save is audited with only what changed, in words: no field rule, no JSON.
    await admin.goto(`/admin/audit?action=partner_configuration.updated&targetId=${config.id}`);
    const saved = admin.getByRole('row').filter({ hasText: 'Photo checks that block Submit: Blurry' }).first();
    await expect(saved).toBeVisible();
    await expect(saved).not.toContainText('{');
    await expect(saved).not.toContainText('required');
    await admin.goBack();
    await expect(blocks).toBeChecked();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(PHOTO_BLOCK_MSG.blocked('blurry.png', PHOTO_ISSUE_MSG.BLURRY()))).toBeVisible();
    await expect(page).toHaveURL(/designate_upc$/);

    await blocks.uncheck();
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(admin.getByText('Partner configuration saved').first()).toBeVisible();
  } finally {
    // Other specs submit through this partner: never leave a check blocking.
    await graphql(
      adminApi,
      'mutation($id: Int!, $input: PartnerConfigurationInput!) { updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) { id } }',
      {
        id: config.id,
        input: {
          primaryColor: config.primaryColor,
          secondaryColor: config.secondaryColor,
          landingPageEnabled: config.landingPageEnabled,
          blockingPhotoChecks: [],
        },
      },
    );
    await adminApi.dispose();
  }

  // A warning alone does not block.
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/confirmation$/);

  // Staff: the pending list narrowed to photo issues has it; its verification view shows the badge.
  await admin.goto('/activity/pending');
  // The filter lives in the address (it follows the click once the URL has changed).
  const onlyPhotoIssues = admin.getByRole('checkbox', { name: 'Only items with photo issues' });
  await onlyPhotoIssues.click();
  await expect(onlyPhotoIssues).toBeChecked();
  await expect(admin).toHaveURL(/photo=issues/);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: upc, exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: upc, exact: true }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Submission verification' })).toBeVisible();
  const blurryBadge = admin
    .getByRole('list', { name: 'Photo issues' })
    .getByRole('listitem')
    .filter({ hasText: 'Blurry in blurry.png' });
  await expect(blurryBadge).toBeVisible();
  // The badge's label may be in capitals; the file it names is written as it is (what a screen reader reads, too).
  await expect(blurryBadge).toHaveText(/\sin blurry\.png$/, { useInnerText: true });
  await expect(admin.getByText('Flagged for Review')).toBeVisible();
  await admin.screenshot({ path: 'test-results/photo-checks-badges.png', fullPage: true });
  // Back to the list keeps its filter in the address.
  await admin.getByRole('link', { name: 'Back to Submission Activity' }).click();
  await expect(admin).toHaveURL(/\/activity\/pending\?photo=issues$/);
  await expect(onlyPhotoIssues).toBeChecked();
  await admin.close();
});
