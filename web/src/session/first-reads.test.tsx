import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FIRST_READS_ELEMENT_ID } from '@portal/domain';
import { AppProviders } from '../app-providers.tsx';
import { routes } from '../router.tsx';
import { buildUser } from '../test/fixtures.ts';
import { parseFirstReads, type FirstReads } from './first-reads.ts';

/** The page as the server sends it: its first reads answered in a JSON block (server/src/lib/web-app.ts). */
function pageWith(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_READS_ELEMENT_ID;
  block.textContent = text;
  document.head.append(block);
}

/** Requests left unanswered by the test, answered when it ends. */
const unanswered: ((r: Response) => void)[] = [];

/** The app at `path`; every request stays unanswered while the test runs, and is recorded. */
function openApp(path: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      return new Promise<Response>((answer) => unanswered.push(answer));
    }),
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
  return asked;
}

const SESSION_READS = ['/api/user?optional=true', '/api/feature-flags/enabled'];

describe("the page's first reads", () => {
  afterEach(() => {
    // A session probe still waiting is shared by whoever asks next (session-api.ts): the next test file in this
    // worker would wait on it for ever.
    for (const answer of unanswered.splice(0)) answer(new Response('null', { status: 503 }));
    cleanup();
    vi.unstubAllGlobals();
    document.getElementById(FIRST_READS_ELEMENT_ID)?.remove();
  });

  it('are read from the JSON block, and ignored when missing or not what the server writes', () => {
    const reads: FirstReads = {
      user: buildUser(),
      flags: ['BRAND_PROFILE'],
      answers: { 'POST /graphql {"query":"query Q { x }","variables":{}}': { data: { x: 1 } } },
    };
    expect(parseFirstReads(document)).toBeNull();
    pageWith(JSON.stringify(reads));
    expect(parseFirstReads(document)).toEqual(reads);
    for (const text of ['{"user":', '[]', '{"user":null}', '{"user":[],"flags":[]}', '']) {
      document.getElementById(FIRST_READS_ELEMENT_ID)!.textContent = text;
      expect(parseFirstReads(document), text).toBeNull();
    }
  });

  it("let a visitor's /login show its form with no request answered, and none asked for the session", async () => {
    pageWith(JSON.stringify({ user: null, flags: [] }));
    const asked = openApp('/login');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(asked.filter((url) => SESSION_READS.includes(url))).toEqual([]);
  });

  it('let a signed-in page render in its shell with no request answered, and none asked for the session', async () => {
    pageWith(JSON.stringify({ user: buildUser(), flags: ['SUBMISSION_LIST_VIEW'] }));
    const asked = openApp('/activity/requires_action');
    expect(await screen.findByRole('heading', { name: 'My Products - Submission Activity' })).toBeTruthy();
    expect(asked.filter((url) => SESSION_READS.includes(url))).toEqual([]);
  });

  it('without them, the app asks the server for the session, as on the dev server', async () => {
    const asked = openApp('/login');
    await vi.waitFor(() => expect(asked).toContain('/api/user?optional=true'));
  });
});
