import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { PHOTO_ISSUE_MSG } from '@portal/domain';
import { renderWithApp } from '../../test/render.tsx';
import type { SubmissionFile } from './submission-api.ts';
import { SubmissionImages } from './SubmissionImages.tsx';

describe('Submission images', () => {
  it("shows each file's photo issues with their advice, not only a label", () => {
    const file = {
      fileName: 'front.jpg',
      imageUrl: '/api/productSubmissions/s1/image/front.jpg',
      thumbnailUrl: '/api/productSubmissions/s1/image/front.jpg?thumbnail=true',
      isMarketingImage: false,
      qualityIssues: [
        { code: 'LOW_RESOLUTION', message: PHOTO_ISSUE_MSG.LOW_RESOLUTION() },
        { code: 'DUPLICATE', message: PHOTO_ISSUE_MSG.DUPLICATE('side.jpg in this submission') },
      ],
    } as unknown as SubmissionFile;
    renderWithApp(<SubmissionImages files={[file]} />);
    const issues = screen.getByRole('list', { name: 'Photo issues of front.jpg' });
    for (const message of [
      PHOTO_ISSUE_MSG.LOW_RESOLUTION(),
      PHOTO_ISSUE_MSG.DUPLICATE('side.jpg in this submission'),
    ]) {
      const shown = within(issues).getByText(message);
      expect(shown.closest('.visually-hidden')).toBeNull();
    }
  });
});
