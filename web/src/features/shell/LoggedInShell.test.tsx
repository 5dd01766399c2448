import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LoggedInShell } from './LoggedInShell.tsx';

const PARTNER = 30443;

/** The shell at `path` for a supplier signed in through `sessionPartner`'s page, the partner's configuration answered. */
function renderShell(path: string, sessionPartner: number | null, configStatus = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === `/api/companies/${PARTNER}/partner-configuration`
        ? jsonResponse(configStatus, { id: 1, companyId: PARTNER, companyName: 'FRESH MARKET GROCERS' })
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'x' }),
    ),
  );
  const user = buildUser({ sessionPartnerCompanyId: sessionPartner });
  return renderWithApp(
    <LoggedInShell>
      <p>Upload page</p>
    </LoggedInShell>,
    {
      path,
      session: buildSession({ user }),
      routes: [{ path: `/${PARTNER}/*`, element: <p>Under the partner</p> }],
    },
  );
}

describe('LoggedInShell: the partner whose rules apply is the one the address shows', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves a page without a partner in its address under the partner the session was signed in through', async () => {
    const { router } = renderShell('/upload?x=1#top', PARTNER);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${PARTNER}/upload`));
    expect(router.state.location.search).toBe('?x=1');
    expect(router.state.location.hash).toBe('#top');
    expect(await screen.findByText('Under the partner')).toBeTruthy();
  });

  it('leaves the page where it is for a session without a partner', async () => {
    const { router } = renderShell('/upload', null);
    expect(await screen.findByText('Upload page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/upload');
  });

  it("leaves the page where it is when the session's partner cannot be loaded", async () => {
    const { router } = renderShell('/upload', PARTNER, 500);
    expect(await screen.findByText('Upload page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/upload');
  });
});
