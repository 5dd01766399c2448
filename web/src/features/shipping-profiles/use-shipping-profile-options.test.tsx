import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { SCOPES } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { useShippingProfileOptions } from '../drafts/use-shipping-profile-options.ts';
import { fakeServer } from '../submissions/fake-server.test-helper.ts';

function Options() {
  const options = useShippingProfileOptions();
  return <p>{options.length ? options.map((o) => `${o.value}:${o.label}`).join(', ') : 'none'}</p>;
}

const answers = {
  ShippingProfileOptions: {
    data: {
      getShippingProfileForCurrentUser: [
        { id: 4, name: 'Ambient' },
        { id: 7, name: 'Frozen' },
      ],
    },
  },
};

describe('the shipping profile selectors (intake step 2, catalogued product)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("list the supplier's company's profiles with the feature on", async () => {
    fakeServer(answers);
    renderWithApp(<Options />, { session: buildSession({ user: buildUser(), flags: ['SHIPPING_PROFILE'] }) });
    expect(await screen.findByText('4:Ambient, 7:Frozen')).toBeTruthy();
  });

  it('ask for nothing without the feature, or for administrators', async () => {
    const { calls } = fakeServer(answers);
    renderWithApp(<Options />, { session: buildSession({ user: buildUser(), flags: [] }) });
    renderWithApp(<Options />, {
      session: buildSession({
        user: buildUser({ scopes: [SCOPES.readAllProductSubmissions] }),
        flags: ['SHIPPING_PROFILE'],
      }),
    });
    expect(screen.getAllByText('none')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(0);
  });
});
