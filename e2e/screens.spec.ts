import { expect, test, type Page } from '@playwright/test';
import { barcodeImage } from '../server/test/fixtures.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DEMO, signInThroughApi } from './support/fixtures.ts';
import { apiAs, createNamedDraft, graphql, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// The net over every route of both parts, as each role that can see it, at a phone, a tablet and a laptop. A page
// fails on horizontal overflow, on a main-navigation item cut off (or hidden with no Menu to open it), on any serious
// or critical axe violation, and on any console error, logged-out pages included. One page load per route; the widths
// are taken by resizing the loaded page.

/**
 * A phone, a tablet and a laptop: one width in each layout the app has (its breakpoints are 576, 768 and 992 px). A
 * wide screen (1920 px) is the laptop's markup with more room: no media query or responsive prop of the app lies
 * between 1366 and 1920 px, so nothing can overflow or be cut off there that does not at 1366 px.
 */
const WIDTHS = [390, 768, 1366] as const;
const AXE_WIDTHS: readonly number[] = WIDTHS;
const HEIGHT = 900;
const PARTNER = 30443;
const CATALOGUED = '0001234567895'; // demo catalogue (server/src/demo/seed.ts)

type Who = { email: string; password: string };
interface Role {
  name: string;
  who: Who | null;
  /** The partner whose co-branded login the role signs in through (for the partner's pages). */
  partner?: number;
  routes: (ids: SeededIds) => string[];
}

interface SeededIds {
  draftId: string;
  submissionId: string;
  shippingProfileId: string;
  partnerConfigurationId: string;
  importJobId: string;
}

const supplierRoutes = (ids: SeededIds) => [
  '/activity/requires_action',
  '/activity/all',
  '/activity/archived',
  '/activity/pending',
  '/upload/file_select',
  `/upload/draft/${ids.draftId}/designate_upc`,
  `/upload/draft/${ids.draftId}/confirmation`,
  `/productSubmissions/${ids.submissionId}`,
  `/productSubmissions/${ids.submissionId}/resubmit`,
  `/productSubmissions/${ids.submissionId}/resubmit/confirmation`,
  '/cataloguedProducts',
  `/cataloguedProducts/${CATALOGUED}`,
  `/cataloguedProducts/${CATALOGUED}/upload/file_select`,
  `/cataloguedProducts/${CATALOGUED}/upload/confirmation`,
  '/account/information',
  '/account/password',
  '/account/notifications',
  `/edit-multiple?productSubmissionIds=${ids.submissionId}`,
  `/edit-multiple/confirmation?productSubmissionIds=${ids.submissionId}`,
  '/vendor-authorization',
  '/brandProfile',
  '/shippingProfiles',
  `/shippingProfiles/${ids.shippingProfileId}/assignments`,
  '/schedule',
];

const ROLES: Role[] = [
  {
    name: 'a visitor',
    who: null,
    routes: () => [
      '/',
      '/login',
      '/login/admin',
      '/reset-password',
      '/reset-password/not-a-real-token',
      '/schedule',
      `/${PARTNER}`,
      `/${PARTNER}/login`,
    ],
  },
  { name: 'a supplier', who: DEMO.supplier, routes: (ids) => supplierRoutes(ids) },
  // The second user of the same company, through the partner's co-branded login: the partner's pages.
  {
    name: "a supplier on the partner's pages",
    who: DEMO.supplier2,
    partner: PARTNER,
    routes: (ids) => supplierRoutes(ids).map((path) => `/${PARTNER}${path}`),
  },
  {
    name: 'an administrator',
    who: DEMO.admin,
    routes: (ids) => [
      '/activity/pending',
      '/activity/all',
      `/productSubmissions/${ids.submissionId}`,
      '/cataloguedProducts',
      `/cataloguedProducts/${CATALOGUED}`,
      '/shippingProfiles',
      `/shippingProfiles/${ids.shippingProfileId}/assignments`,
      '/access',
      '/settings',
      `/settings/${ids.partnerConfigurationId}`,
      `/settings/${ids.partnerConfigurationId}/landing-page`,
      '/account/information',
      '/admin/jobs',
      '/admin/audit',
      '/webhooks?companyId=1001',
      '/people',
      '/people/companies/1001',
    ],
  },
  {
    name: 'a read-only administrator',
    who: DEMO.viewer,
    routes: (ids) => [
      '/activity/pending',
      '/activity/all',
      `/productSubmissions/${ids.submissionId}`,
      '/cataloguedProducts',
      `/cataloguedProducts/${CATALOGUED}`,
      '/settings',
      '/admin/jobs',
      '/admin/audit',
    ],
  },
  // A supplier whose company has bulk-ingestion access (granted below): Sunrise Orchards, whose menus no other spec
  // counts. Plain login: the vendor terms prompt belongs to the partner's pages and its own spec.
  {
    name: 'a supplier with bulk ingestion',
    who: DEMO.vendor,
    routes: (ids) => ['/import-jobs', `/import-jobs/${ids.importJobId}`],
  },
];

let ids: SeededIds;
test.beforeAll(async () => {
  ids = await seed();
});

test.describe.configure({ mode: 'parallel' });

/** Routes per test: small enough that the two workers share the load evenly and no test runs long. */
const CHUNK = 6;
const PLACEHOLDER_IDS: SeededIds = {
  draftId: '',
  submissionId: '',
  shippingProfileId: '',
  partnerConfigurationId: '',
  importJobId: '',
};

for (const role of ROLES) {
  const count = role.routes(PLACEHOLDER_IDS).length;
  for (let from = 0; from < count; from += CHUNK) {
    const part = count > CHUNK ? ` (routes ${from + 1}-${Math.min(from + CHUNK, count)} of ${count})` : '';
    test(`every route as ${role.name}${part}: no overflow at ${WIDTHS.join(', ')} px, no serious axe violation at ${AXE_WIDTHS.join(', ')} px, no console error`, async ({
      page,
    }) => {
      const problems: string[] = [];
      const consoleErrors = watchConsole(page);
      await page.setViewportSize({ width: 1366, height: HEIGHT });
      if (role.who) await signInThroughApi(page, role.who, role.partner);
      for (const path of role.routes(ids).slice(from, from + CHUNK)) {
        consoleErrors.length = 0;
        await page.goto(path);
        await settled(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await settled(page);
          const overflow = await overflowAfterResize(page);
          if (overflow > 0)
            problems.push(
              `${path} at ${width} px: the page is ${overflow} px wider than the window (${await widestElements(page)})`,
            );
          const clipped = await clippedNavigation(page);
          if (clipped) problems.push(`${path} at ${width} px: main navigation: ${clipped}`);
          if (!AXE_WIDTHS.includes(width)) continue;
          const severe = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
          if (severe.length) problems.push(`${path} at ${width} px: axe\n${describeViolations(severe)}`);
        }
        if (consoleErrors.length) problems.push(`${path}: console errors\n  ${consoleErrors.join('\n  ')}`);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
}

/** Console errors (a failed request too, such as a session probe answered 401) and uncaught exceptions. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/**
 * How much wider than the window the page is, once the layout has followed the resize: some layouts switch through a
 * media query listener (a render later), so an overflow counts once it has stayed the same for ten frames. Frames, not
 * seconds: a busy machine draws them later, but in the same order as the renders they follow.
 */
async function overflowAfterResize(page: Page): Promise<number> {
  const measure = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  let overflow = await measure();
  for (let unchanged = 0; overflow > 0 && unchanged < 10;) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const next = await measure();
    unchanged = next === overflow ? unchanged + 1 : 0;
    overflow = next;
  }
  return overflow;
}

/**
 * What is wrong with the main navigation at this width, or null: an item cut off by its row or the window, or items
 * hidden without a visible Menu button to show them (a logged-out page has no main navigation).
 */
function clippedNavigation(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
    if (!nav) return null;
    const shown = (el: Element) => el.getClientRects().length > 0;
    const links = Array.from(nav.querySelectorAll<HTMLElement>('a'));
    const toggle = nav.querySelector<HTMLElement>('button[aria-expanded]');
    if (!links.every(shown)) return toggle && shown(toggle) ? null : 'items hidden with no Menu button';
    const limit = document.documentElement.clientWidth;
    for (const link of links) {
      const r = link.getBoundingClientRect();
      let box = link.parentElement;
      // The nearest ancestor that clips its content.
      while (box && box !== nav && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      const clip = box && box !== nav ? box.getBoundingClientRect() : { left: 0, right: limit };
      if (r.left < Math.max(0, clip.left) - 1 || r.right > Math.min(limit, clip.right) + 1)
        return `'${link.textContent}' is cut off (${Math.round(r.left)}-${Math.round(r.right)} px)`;
    }
    return null;
  });
}

/** The page has its heading, nothing says it is loading, and no animation is running. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Checked every 100 ms, not at every frame: reading innerText lays the whole page out each time.
  await page.waitForFunction(
    () =>
      !/Loading…|Loading\.\.\./.test(document.body.innerText) &&
      !document.querySelector('[aria-busy="true"], .mantine-Loader-root') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
    undefined,
    { polling: 100 },
  );
}

/** The elements that stick out on the right, to name in a failure. */
function widestElements(page: Page): Promise<string> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > limit + 1 && r.width > 0) {
        const name =
          el.tagName.toLowerCase() +
          (el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : '');
        out.push(`${name} right=${Math.round(r.right)}`);
      }
      if (out.length >= 5) break;
    }
    return out.join(', ');
  });
}

/** The records the routes need: a draft, a submission, a shipping profile, an import job. */
async function seed(): Promise<SeededIds> {
  const supplier = await apiAs(DEMO.supplier);
  const admin = await apiAs(DEMO.admin);
  const vendor = await apiAs(DEMO.vendor);
  try {
    const draftId = await createNamedDraft(supplier, uniqueEan13('40'), 'Screens check');
    const [submissionId] = await submitDraft(
      supplier,
      await createNamedDraft(supplier, uniqueEan13('40'), 'Screens check'),
    );
    const profile = await graphql<{ createShippingProfile: { id: string } }>(
      supplier,
      'mutation($input: ShippingProfileInput!) { createShippingProfile(input: $input) { id } }',
      { input: { name: `Screens ${Date.now()}`, caseCount: 12 } },
    );
    const configurations = await graphql<{ getPartnerConfigurations: { id: number; companyId: number }[] }>(
      admin,
      '{ getPartnerConfigurations { id companyId } }',
      {},
    );
    const partnerConfiguration = configurations.getPartnerConfigurations.find((c) => c.companyId === PARTNER)!;
    // Bulk ingestion for Sunrise Orchards (1003): once per database; a second grant answers a conflict.
    await admin.post('/graphql', {
      data: {
        query:
          'mutation($input: BulkIngestionOrganizationInput!) { createBulkIngestionOrganization(input: $input) { id } }',
        variables: { input: { companyId: 1003, folderName: 'sunrise_screens', imageSource: 'UPLOADS_ONLY' } },
      },
    });
    const job = await vendor.post('/api/bulkIngestion/jobs', {
      multipart: { files: { name: 'front.png', mimeType: 'image/png', buffer: await barcodeImage(uniqueEan13('41')) } },
    });
    expect(job.ok(), `import job: ${job.status()} ${await job.text()}`).toBe(true);
    return {
      draftId,
      submissionId,
      shippingProfileId: profile.createShippingProfile.id,
      partnerConfigurationId: String(partnerConfiguration.id),
      importJobId: String(((await job.json()) as { id: number }).id),
    };
  } finally {
    await Promise.all([supplier.dispose(), admin.dispose(), vendor.dispose()]);
  }
}
