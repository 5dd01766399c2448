import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { AttributeComments, FieldComments, FileComments } from './ReviewComments.tsx';

const comments = [
  { target: 'upc' as const, text: 'The bars are cut off.', reason: 'The barcode is not readable on the photo.' },
  { target: 'upc' as const, text: 'Check the last digit.', reason: null },
  { target: 'file' as const, fileName: 'front.png', text: 'Show the front.', reason: 'Photo unclear' },
  { target: 'brand' as const, text: 'As on the pack.', reason: 'Brand mismatch' },
];

describe("the supplier's view of a reviewer's comments", () => {
  it('reads each comment with its reason in words, when the reviewer gave a reason code', () => {
    renderWithApp(
      <>
        <FieldComments comments={comments} field="upc" label="UPC" />
        <FileComments comments={comments} fileName="front.png" />
        <AttributeComments comments={comments} />
      </>,
    );
    const upc = screen.getByRole('list', { name: "Reviewer's comments on the UPC" });
    expect([...upc.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Reviewer: The bars are cut off. (Reason: The barcode is not readable on the photo.)',
      'Reviewer: Check the last digit.',
    ]);
    expect(screen.getByRole('list', { name: "Reviewer's comments on front.png" }).textContent).toBe(
      'Reviewer: Show the front. (Reason: Photo unclear)',
    );
    expect(screen.getByRole('region', { name: "Reviewer's comments on other details" }).textContent).toContain(
      'As on the pack. (Reason: Brand mismatch)',
    );
  });
});
