import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer } from '../submissions/fake-server.test-helper.ts';
import { buildProduct, listPage } from './catalogue.test-helper.ts';
import { CARD_LAYOUT_MAX_PX } from '../../ui/stacked-table.ts';
import { CataloguedListPage } from './CataloguedListPage.tsx';

const useMediaQuery = vi.hoisted(() => vi.fn(() => true));
vi.mock('@mantine/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@mantine/hooks')>()),
  useMediaQuery,
}));

describe('Catalogued list on a narrow screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows cards with UPC, description and date modified instead of the table', async () => {
    fakeServer({ CataloguedProducts: listPage([buildProduct()]) });
    renderWithApp(<CataloguedListPage />, {
      path: '/cataloguedProducts',
      session: buildSession({ user: buildUser() }),
    });
    const link = await screen.findByRole('link', { name: '0036000291452' });
    expect(useMediaQuery).toHaveBeenCalledWith(`(max-width: ${CARD_LAYOUT_MAX_PX}px)`, undefined, {
      getInitialValueInEffect: false,
    });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(screen.getByRole('list', { name: 'Catalogued items' })).getByRole('listitem');
    expect(card.contains(link)).toBe(true);
    expect(within(card).getByText('Tomato Soup')).toBeTruthy();
    expect(within(card).getByText('Date Modified: 03/07/2025')).toBeTruthy();
    expect(within(card).queryByText('Green Valley')).toBeNull();
  });
});
