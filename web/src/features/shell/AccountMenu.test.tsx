import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SCOPES } from '@portal/domain';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AccountMenu } from './AccountMenu.tsx';

describe('AccountMenu', () => {
  it('opens from a button named after the user and links with the partner prefix', async () => {
    const user = buildUser({
      firstName: 'Ada',
      isAuth0User: true,
      scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions],
    });
    renderWithApp(<AccountMenu />, { session: buildSession({ user }), partnerId: 30443 });

    fireEvent.click(screen.getByRole('button', { name: 'Ada' }));

    expect(await screen.findByRole('menuitem', { name: 'Account' })).toHaveProperty(
      'href',
      expect.stringMatching(/\/30443\/account\/information$/),
    );
    expect(screen.getByRole('menuitem', { name: 'Access' }).getAttribute('href')).toBe('/30443/access');
    const schedule = screen.getByRole('menuitem', { name: /Submission Schedule/ });
    expect(schedule.getAttribute('href')).toBe('/30443/schedule');
    expect(schedule.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('menuitem', { name: /FAQs/ }).getAttribute('href')).toBe('/static/FAQs.pdf');
    expect(screen.queryByRole('menuitem', { name: 'Settings' })).toBeNull();
  });

  it('logs out through the session', async () => {
    const session = buildSession({ user: buildUser() });
    renderWithApp(<AccountMenu />, { session });
    fireEvent.click(screen.getByRole('button', { name: 'Sam' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(session.signOut).toHaveBeenCalledOnce();
  });
});
