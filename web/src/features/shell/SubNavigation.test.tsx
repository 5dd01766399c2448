import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { SubNavigation } from './SubNavigation.tsx';

describe('SubNavigation', () => {
  it('marks the current section with aria-current="page", under a partner prefix too', () => {
    renderWithApp(<SubNavigation />, {
      path: '/30443/productSubmissions/5',
      partnerId: 30443,
      session: buildSession({ user: buildUser() }),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const submissions = screen.getByRole('link', { name: 'Submissions' });
    expect(nav.contains(submissions)).toBe(true);
    expect(submissions.getAttribute('aria-current')).toBe('page');
    expect(submissions.getAttribute('href')).toBe('/30443/activity');
    expect(screen.getByRole('link', { name: 'Catalog' }).getAttribute('aria-current')).toBeNull();
  });

  it('on a phone, a Menu button names the current section and opens a list of every section (no clipped strip)', () => {
    renderWithApp(<SubNavigation />, {
      path: '/shippingProfiles',
      session: buildSession({ user: buildUser(), flags: ['BRAND_PROFILE', 'SHIPPING_PROFILE'] }),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: /Menu/ });
    expect(toggle.textContent).toContain('Shipping Profiles');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(nav.contains(list)).toBe(true);
    expect(list.hasAttribute('data-open')).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(list.hasAttribute('data-open')).toBe(true);
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Submissions', 'Catalog', 'Brand Profile', 'Shipping Profiles']);
    // Escape closes it and gives focus back to the button.
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
