import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// One real portal (embedded PGlite in a fresh folder) with a loopback SMTP catcher and OpenID Connect provider.
// E2E_PORT_OFFSET shifts every port so two checkouts can run their browser tests at the same time.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = { portal: 3917 + offset, mailHttp: 2592 + offset, smtp: 2591 + offset, oidc: 9317 + offset };
export const E2E = {
  portal: `http://127.0.0.1:${port.portal}`,
  mailApi: `http://127.0.0.1:${port.mailHttp}`,
  smtpPort: port.smtp,
  oidc: `http://127.0.0.1:${port.oidc}`,
};

/**
 * Debian's chromium-headless-shell (Chromium's old headless mode, what Playwright itself runs headless tests on) when
 * it is there: the full browser's new headless mode renders through a GPU process and a browser UI it does not show,
 * which costs CPU and renders nothing a test reads (docs/decisions/testing-and-ci.md). CHROMIUM_PATH chooses another.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p));

const ACCOUNT_CHANGING_SPECS = ['**/account.spec.ts', '**/password-reset.spec.ts'];

export default defineConfig({
  testDir: './e2e',
  // Specs that change a shared demo account's password or details run last, once no other spec can be signing in
  // as that account (run side by side, a sign-in could meet the changed password).
  projects: [
    { name: 'portal', testMatch: '**/*.spec.ts', testIgnore: ACCOUNT_CHANGING_SPECS },
    { name: 'account changes', testMatch: ACCOUNT_CHANGING_SPECS, dependencies: ['portal'] },
  ],
  fullyParallel: false,
  // Three: the browser waits on the portal and on timers, so a third worker fills the idle time (measured in
  // docs/decisions/testing-and-ci.md).
  workers: 3,
  retries: 0,
  // Limits that stop a hung test, never budgets: every wait is for a condition, and a machine twice as slow and busy
  // as ours only takes longer. An assertion waits until its test's limit (0), as actions and navigations do: what
  // it waits for is often queued work (checks, mail, imports) behind other specs' uploads, which no per-assertion
  // figure bounds on every machine. No spec sets a limit of its own but a try inside toPass (toPass tries again).
  // 600 s, as the server tests: a test may wait on the queue two or three times.
  timeout: 600_000,
  expect: { timeout: 0 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: E2E.portal,
    // No trace by default: recording one snapshots the DOM and films the screen for every passing test too, and a CI
    // log cannot show it. `npx playwright test --trace retain-on-failure` records them.
    trace: 'off',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Pages live for seconds: V8's optimising compilers (TurboFan, Maglev) spend more compiling than they save.
        // Measured in docs/decisions/testing-and-ci.md, "The browser runs page scripts unoptimised".
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/support/mail-catcher.ts',
      url: `${E2E.mailApi}/messages`,
      env: { MAIL_CATCHER_SMTP_PORT: String(E2E.smtpPort), MAIL_CATCHER_HTTP_PORT: String(port.mailHttp) },
      reuseExistingServer: false,
      timeout: 300_000,
    },
    {
      command: `node --import tsx server/test/support/oidc-provider.ts --port ${port.oidc} --redirect ${E2E.portal}/api/auth/oidc/callback`,
      url: `${E2E.oidc}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 300_000,
    },
    {
      // The built server (scripts/build-server.mjs): it starts on half the CPU of one loaded through tsx.
      command: 'rm -rf .tmp/e2e-data && node scripts/build-server.mjs && node server/dist/main.mjs',
      url: `${E2E.portal}/api/feature-flags/enabled`,
      env: {
        DATA_DIR: '.tmp/e2e-data',
        PORT: String(port.portal),
        PUBLIC_URL: E2E.portal,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        OIDC_ISSUER: E2E.oidc,
        OIDC_CLIENT_ID: 'portal',
        OIDC_NAME: 'Staff SSO',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        // Every spec signs in as the same few demo users, in parallel: far more GraphQL per user than a person sends.
        GRAPHQL_RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
        // Two media jobs claimed at a time although the one media process reads one file at a time: the second waits in
        // the pool instead of for the next claim, which keeps the process busy while specs upload in parallel
        // (docs/decisions/testing-and-ci.md). Fairness is not tested here.
        WORKER_CONCURRENCY_MEDIA: '2',
        // Reading each uploaded photo's text costs about 5 s of CPU: only e2e/product-facts.spec.ts looks at what it
        // reads, on a portal of its own with reading on.
        READ_PHOTO_TEXT: 'off',
        // The undo window (10 s by default) is a clock the specs race between a decision and its Z: three times that,
        // so that a busy machine cannot close it first. Specs that wait for a decision's e-mail wait this long.
        DECISION_UNDO_SECONDS: '30',
        // No load balancer to drain: stop at once when the run ends.
        SHUTDOWN_DRAIN_SECONDS: '0',
        // Webhook specs deliver to a receiver on loopback.
        WEBHOOK_ALLOW_PRIVATE: 'on',
        // ...and nowhere else: no test may reach off this machine.
        WEBHOOK_LOOPBACK_ONLY: 'on',
      },
      reuseExistingServer: false,
      timeout: 300_000,
    },
  ],
});
