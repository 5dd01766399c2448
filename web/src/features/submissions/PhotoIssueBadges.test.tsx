import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DUPLICATE_BADGE_HELP } from '@portal/domain';
import { renderWithApp } from '../../test/render.tsx';
import { ExplainedBadge } from '../../ui/ExplainedBadge.tsx';
import { PhotoIssueBadges } from './PhotoIssueBadges.tsx';

describe('the two duplicate badges', () => {
  it('the same-picture badge says what it means and in which file, in its name and its tooltip', () => {
    renderWithApp(
      <PhotoIssueBadges files={[{ fileName: 'front.jpg', qualityIssues: [{ code: 'DUPLICATE', message: 'x' }] }]} />,
    );
    const list = screen.getByRole('list', { name: 'Photo issues' });
    const badge = within(list).getByText('Duplicate picture').closest('[data-help]')!;
    expect(badge.textContent).toBe(`Duplicate picture (${DUPLICATE_BADGE_HELP.picture} In front.jpg.)`);
    expect(badge.getAttribute('data-help')).toBe(`${DUPLICATE_BADGE_HELP.picture} In front.jpg.`);
    expect(badge.getAttribute('tabindex')).toBe('0');
  });

  it('the same-UPC badge says it is about another submission of the code, not a picture', () => {
    renderWithApp(<ExplainedBadge help={DUPLICATE_BADGE_HELP.upc}>Duplicate UPC</ExplainedBadge>);
    const badge = screen.getByText('Duplicate UPC').closest('[data-help]')!;
    expect(badge.getAttribute('tabindex')).toBe('0');
    expect(badge.textContent).toBe(`Duplicate UPC (${DUPLICATE_BADGE_HELP.upc})`);
    expect(DUPLICATE_BADGE_HELP.upc).not.toBe(DUPLICATE_BADGE_HELP.picture);
  });
});
