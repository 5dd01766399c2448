import { expect, test, type Browser } from '@playwright/test';
import { APPROVAL_MSG, displayUpc } from '@portal/domain';
import { E2E } from '../playwright.config.ts';
import { expectAccessible } from './support/axe.ts';
import { DEMO, mailsTo, pageAt } from './support/fixtures.ts';
import { apiAs, graphql, submitProducts, uniqueEan13 } from './support/seed-api.ts';

// A partner's second approval of rejections: the administrator turns it on in the partner's settings; a rejection
// waits "Waiting for second approval" in the queue, its reviewer cannot approve it, the supplier hears nothing; a
// second reviewer approves it from the item, and only then is the supplier e-mailed. The partner is a company of this
// spec's own (with a configuration made here), so that no other spec's decisions wait.

/** A second reviewer: Stella Staff, signed in through the staff SSO (the loopback OpenID Connect provider). */
async function secondReviewer(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login/admin');
  await page.getByRole('link', { name: 'Continue with Staff SSO' }).click();
  await page.getByPlaceholder('Enter any login').fill('staff-admin');
  await page.getByPlaceholder('and password').fill('whatever');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(`${E2E.portal}/activity/pending`);
  return page;
}

test('a rejection waits for a second reviewer, who approves it; only then is the supplier told', async ({
  browser,
}) => {
  const admin = await apiAs(DEMO.admin);
  const tag = uniqueEan13('41').slice(-6);
  const company = await admin.post('/api/people/companies', { data: { name: `Approval Partner ${tag}` } });
  expect(company.status(), await company.text()).toBe(201);
  const partnerId = ((await company.json()) as { id: number }).id;
  const created = await graphql<{ createPartnerConfiguration: { id: number } }>(
    admin,
    'mutation($companyId: Int!) { createPartnerConfiguration(companyId: $companyId) { id } }',
    { companyId: partnerId },
  );
  const configId = created.createPartnerConfiguration.id;
  // Its intake asks for no shipping profile at Submit (the new configuration's default does).
  await graphql(
    admin,
    `
      mutation ($id: Int!, $input: PartnerConfigurationInput!) {
        updatePartnerConfiguration(partnerConfigurationId: $id, input: $input) {
          id
        }
      }
    `,
    {
      id: configId,
      input: {
        primaryColor: '#1f5f8b',
        landingPageEnabled: true,
        fieldRules: [{ field: 'shippingProfile', required: false }],
      },
    },
  );

  // The administrator asks for a second approval of rejections, and an SLA, in the partner's settings.
  const settings = await pageAt(browser, DEMO.admin, `/settings/${configId}`);
  await expect(settings.getByRole('heading', { level: 2, name: 'Review' })).toBeVisible();
  await settings.getByRole('textbox', { name: 'Review SLA (hours)' }).fill('48');
  await settings.getByRole('combobox', { name: 'Second approval' }).click();
  await settings.getByRole('option', { name: 'For rejections', exact: true }).click();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Partner configuration saved')).toBeVisible();
  await settings.context().close();

  // A product of Green Valley sent to that partner (signed in through its portal).
  const supplier = await apiAs(DEMO.supplier2, partnerId);
  const upc = uniqueEan13('41');
  await submitProducts(supplier, [{ upc, productName: `Approval Oats ${tag}` }]);
  const queue = `/review?partner=${partnerId}&size=100`;
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/review/queue?partner=${partnerId}&size=100`);
        const { items } = (await res.json()) as { items: { id: string; upc: string }[] };
        id = items.find((i) => i.upc === upc)?.id ?? '';
        return id;
      },
      { message: 'the item to wait for review' },
    )
    .not.toBe('');
  const aboutIt = async () => (await mailsTo(DEMO.supplier2.email)).filter((m) => m.text.includes(upc));
  const mailsBefore = (await aboutIt()).length;

  // The first reviewer rejects it from the keyboard: R, a typed reason, Enter.
  const first = await pageAt(browser, DEMO.admin, `/review/${id}?partner=${partnerId}`);
  await expect(first.getByRole('heading', { level: 1, name: /^Review / })).toBeVisible();
  await first.keyboard.press('r');
  const dialog = first.getByRole('dialog', { name: 'Reject this item' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The barcode is cut off on the front.');
  await first.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const panel = first.getByRole('region', { name: APPROVAL_MSG.waitingLabel });
  await expect(panel).toContainText('Rejected by you');
  await expect(panel).toContainText(APPROVAL_MSG.ownDecision);
  await expect(panel.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await expectAccessible(first, 'the review view with a decision waiting for a second approval');
  // The server refuses the same reviewer too, saying why.
  const own = await first.request.post(`/api/review/approvals/${id}`, {
    data: { action: 'approve' },
    headers: { origin: E2E.portal },
  });
  expect(own.status()).toBe(403);
  expect(((await own.json()) as { message: string }).message).toBe(APPROVAL_MSG.ownDecision);

  // The second reviewer finds it with the queue's "Waiting for second approval" filter and approves it.
  const second = await secondReviewer(browser);
  // Below the split view's 1280 px: the row's link opens the item on its own page.
  await second.setViewportSize({ width: 1200, height: 800 });
  await second.goto(queue);
  // The filter moves into the address and the page renders again: the box is looked at afresh there.
  await second.getByRole('checkbox', { name: APPROVAL_MSG.waitingLabel }).click();
  await expect(second.getByRole('checkbox', { name: APPROVAL_MSG.waitingLabel })).toBeChecked();
  await expect(second).toHaveURL(/approval=true/);
  const row = second.getByRole('row').filter({ hasText: displayUpc(upc) });
  await expect(row.getByText('Reject: 2nd approval')).toBeVisible();
  await second.screenshot({ path: 'test-results/review-approval-queue.png' });
  // Nothing has been told yet.
  expect((await aboutIt()).length).toBe(mailsBefore);
  await row.getByRole('link', { name: displayUpc(upc) }).click();
  const waiting = second.getByRole('region', { name: APPROVAL_MSG.waitingLabel });
  await expect(waiting).toContainText('Rejected by Ada Admin');
  await expect(waiting).toContainText('Reason: The barcode is cut off on the front.');
  await second.screenshot({ path: 'test-results/review-approval-item.png' });
  await waiting.getByRole('button', { name: 'Approve rejection' }).click();
  await expect(second.getByText('Decision approved: the supplier has been told.')).toBeVisible();
  await expect(second.getByText('This item has been decided: Rejected.')).toBeVisible();

  // Now, and only now, the supplier is e-mailed about the rejection.
  await expect.poll(async () => (await aboutIt()).length, { message: 'the rejection e-mail' }).toBe(mailsBefore + 1);
  await Promise.all([first.context().close(), second.context().close(), supplier.dispose(), admin.dispose()]);
});
