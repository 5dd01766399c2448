import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
});
