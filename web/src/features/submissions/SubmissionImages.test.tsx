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

  it("lists a reviewer's comments under their file, a region's numbered and said in words", () => {
    const file = {
      fileName: 'front.jpg',
      imageUrl: '/api/productSubmissions/s1/image/front.jpg',
      thumbnailUrl: '/api/productSubmissions/s1/image/front.jpg?thumbnail=true',
      isMarketingImage: false,
      qualityIssues: [],
      barcodeRegion: null,
    } as unknown as SubmissionFile;
    const comments = [
      { target: 'upc' as const, fileName: null, region: null, text: 'Not this one.' },
      { target: 'file' as const, fileName: 'front.jpg', region: null, text: 'Too dark overall.' },
      {
        target: 'region' as const,
        fileName: 'front.jpg',
        region: { x: 0.7, y: 0.7, w: 0.2, h: 0.2 },
        text: 'Glare on the code.',
      },
    ];
    renderWithApp(<SubmissionImages files={[file]} comments={comments} />);
    const list = screen.getByRole('list', { name: "Reviewer's comments on front.jpg" });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Reviewer: Too dark overall.', '1 The bottom right area of the image: Glare on the code.']);
    expect(screen.queryByText('Not this one.')).toBeNull();
  });
});
