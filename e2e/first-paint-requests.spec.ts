import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { DEMO, signInThroughApi } from './support/fixtures.ts';
import { apiAs, createNamedDraft, submitDraft, uniqueEan13 } from './support/seed-api.ts';

// A first paint waits on no chain of API calls: on a 150 ms line every call that waits on another's answer adds a
// round trip to the time before the page is usable (npm run bench -- web measures it). Each page is opened cold with
// every API and GraphQL answer held back: a signed-out page must show its form (or its one read must have been asked)
// while nothing has been answered, and a signed-in page must have asked everything its first paint needs before any
// answer arrives. Only the calls asked in that first moment are then answered; any call asked later stays unanswered,
// so a page that needs one (the feature flags after the session, a read that waits for the user) never becomes usable.

const API = /^\/(api|graphql)(\/|$)/;

interface Call {
  method: string;
  path: string;
  body: string | null;
}

/** Holds every API and GraphQL answer; `answerFirstCalls` lets those asked so far through, and no later one. */
async function holdApi(page: Page) {
  const calls: Call[] = [];
  const held: Route[] = [];
  await page.route(
    (url) => API.test(url.pathname),
    (route) => {
      const request: Request = route.request();
      const url = new URL(request.url());
      calls.push({ method: request.method(), path: url.pathname + url.search, body: request.postData() });
      held.push(route);
    },
  );
  return {
    calls,
    answerFirstCalls: async () => {
      const first = held.splice(0);
      await Promise.all(first.map((route) => route.continue()));
      return first.length;
    },
  };
}

const listed = (calls: Call[]) =>
  calls.map((c) => `${c.method} ${c.path}${c.body ? ` ${c.body.slice(0, 80)}` : ''}`).join('\n') || '(none)';

test.describe.configure({ mode: 'parallel' });

test('/login shows its form while no API call has been answered, cold', async ({ page }) => {
  const api = await holdApi(page);
  await page.goto('/login', { waitUntil: 'commit' });
  // Usable: the e-mail field shown and enabled, as npm run bench -- web counts it.
  await expect(page.getByLabel('Email')).toBeEnabled();
  expect(
    api.calls.filter((c) => c.path.startsWith('/api/user')),
    listed(api.calls),
  ).toEqual([]);
});

interface FirstPaint {
  path: string;
  who: { email: string; password: string } | null;
  /** The page's own first read, asked at once (none: the page is usable with no answer at all). */
  firstRead: ((call: Call) => boolean) | null;
  /** What a user came for, visible once the first reads are answered. */
  usable: (page: Page) => ReturnType<Page['locator']>;
  /** The page's own code file: when given, its first read must be asked while that file is still held back. */
  pageCode?: RegExp;
  /** Its first read comes answered in the page (web/src/routes/page-reads.ts): never asked, usable with no answer. */
  inPage?: boolean;
}

const graphql = (operation: string) => (call: Call) =>
  call.path === '/graphql' && (call.body ?? '').includes(operation);

const PAGES: FirstPaint[] = [
  {
    path: '/30443',
    who: null,
    firstRead: (call) => call.path.startsWith('/api/companies/30443/partner-configuration'),
    usable: (page) => page.getByRole('link', { name: 'Log in' }),
    inPage: true,
  },
  {
    path: '/activity/requires_action',
    who: DEMO.supplier,
    firstRead: (call) => call.path === '/graphql',
    usable: (page) => page.getByRole('tabpanel').getByText(/./).first(),
  },
  {
    path: '/cataloguedProducts',
    who: DEMO.supplier,
    firstRead: graphql('CataloguedProducts'),
    usable: (page) => page.locator('main table tbody tr a').first(),
    inPage: true,
  },
  { path: '/upload', who: DEMO.supplier, firstRead: null, usable: (page) => page.getByText('Choose files') },
  {
    path: '/settings',
    who: DEMO.admin,
    firstRead: graphql('PartnerConfigurations'),
    usable: (page) => page.locator('main table tbody tr a').first(),
    inPage: true,
  },
  // At their plain addresses the staff pages' first reads come answered in the page; at any other address (a query
  // string the server does not answer) they are read ahead, before the page's code has arrived.
  {
    path: '/admin/audit',
    who: DEMO.admin,
    firstRead: (call) => call.path.startsWith('/api/audit'),
    usable: (page) => page.locator('main table tbody tr').first(),
    inPage: true,
  },
  {
    path: '/admin/audit?page=1',
    who: DEMO.admin,
    firstRead: (call) => call.path.startsWith('/api/audit?'),
    // Its rows, or the row saying there is none yet.
    usable: (page) => page.locator('main table tbody tr').first(),
    pageCode: /\/assets\/AuditPage-[^/]*\.js$/,
  },
  {
    path: '/admin/jobs',
    who: DEMO.admin,
    firstRead: (call) => call.path.startsWith('/api/admin/jobs'),
    usable: (page) => page.locator('main table tbody tr').first(),
    inPage: true,
  },
  {
    path: '/admin/jobs?page=1',
    who: DEMO.admin,
    firstRead: (call) => call.path.startsWith('/api/admin/jobs'),
    usable: (page) => page.locator('main table tbody tr').first(),
    pageCode: /\/assets\/JobsConsolePage-[^/]*\.js$/,
  },
];

for (const { path, who, firstRead, usable } of PAGES.filter((p) => p.inPage)) {
  test(`${path}${who ? ' (signed in)' : ''} is usable with no API call answered: its first read comes answered in the page, cold`, async ({
    page,
  }) => {
    if (who) await signInThroughApi(page, who);
    const api = await holdApi(page);
    await page.goto(path, { waitUntil: 'commit' });
    await expect(usable(page), listed(api.calls)).toBeVisible();
    expect(api.calls.filter(firstRead!), listed(api.calls)).toEqual([]);
  });
}

for (const { path, who, firstRead, usable, pageCode } of PAGES.filter((p) => !p.inPage)) {
  const ahead = pageCode ? ', and before its code has arrived' : '';
  test(`${path}${who ? ' (signed in)' : ''} asks its first reads at once, none waiting on another${ahead}, cold`, async ({
    page,
  }) => {
    if (who) await signInThroughApi(page, who);
    const api = await holdApi(page);
    // The page's code held back: on a slow line its download is the wait that reading ahead saves.
    const code: Route[] = [];
    if (pageCode)
      await page.route(
        (url) => pageCode.test(url.pathname),
        (route) => void code.push(route),
      );
    await page.goto(path, { waitUntil: 'commit' });
    let answered = 0;
    if (firstRead) {
      // Asked while nothing has been answered: it waits on no other call.
      await expect.poll(() => api.calls.some(firstRead)).toBe(true);
      if (pageCode) {
        expect(code.length, 'the page asked for its code').toBeGreaterThan(0);
        await Promise.all(code.splice(0).map((route) => route.continue()));
        await page.unroute((url) => pageCode.test(url.pathname));
      }
      answered = await api.answerFirstCalls();
    }
    // Usable on those answers alone: a call asked only after them stays unanswered, and the page would wait forever.
    await expect(usable(page), `answered:\n${listed(api.calls.slice(0, answered))}`).toBeVisible();
  });
}

test('/productSubmissions/:id (signed in) shows its item with no API call answered: its first read comes answered in the page, cold', async ({
  page,
}) => {
  const supplier = await apiAs(DEMO.supplier);
  const [id] = await submitDraft(supplier, await createNamedDraft(supplier, uniqueEan13('41'), 'Answered in the page'));
  await supplier.dispose();
  await signInThroughApi(page, DEMO.supplier);
  const api = await holdApi(page);
  await page.goto(`/productSubmissions/${id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Images' })).toBeVisible();
  await expect(page.getByText('Answered in the page')).toBeVisible();
  expect(api.calls.filter(graphql('SubmissionDetail')), listed(api.calls)).toEqual([]);
});
