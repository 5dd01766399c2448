import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { FeedLag } from './FeedLag.tsx';

describe('FeedLag', () => {
  it('says the change feed is up to date when nothing holds it back', () => {
    renderWithApp(<FeedLag lag={{ seconds: 0, xids: 0 }} />, { path: '/admin/jobs' });
    expect(screen.getByRole('status', { name: 'Change feed lag' }).textContent).toBe('Change feed: up to date.');
  });
  it('names the age of the transaction holding it back and how far behind it is', () => {
    renderWithApp(<FeedLag lag={{ seconds: 125.4, xids: 42 }} />, { path: '/admin/jobs' });
    expect(screen.getByRole('status', { name: 'Change feed lag' }).textContent).toBe(
      'Change feed: waiting for a transaction open 125 s (42 transaction ids behind).',
    );
  });
});
