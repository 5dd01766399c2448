import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { codeMark, factMarks, ImageWithMarks } from './ImageMarks.tsx';

/** Renders the marks over an image of 400 × 200 px (jsdom loads no image: its natural size is set by hand). */
function shown(marks: Parameters<typeof ImageWithMarks>[0]['marks']) {
  const { container } = render(<ImageWithMarks src="/front.jpg" alt="front.jpg" marks={marks} />);
  const img = container.querySelector('img')!;
  Object.defineProperty(img, 'naturalWidth', { value: 400 });
  Object.defineProperty(img, 'naturalHeight', { value: 200 });
  fireEvent.load(img);
  return container;
}

describe('the outline of the code read', () => {
  const region = { x: 0.25, y: 0.25, w: 0.5, h: 0.5 };

  it("draws a turned code as the polygon through its corners, at the code's angle", () => {
    const corners = [
      { x: 0.5, y: 0.25 },
      { x: 0.75, y: 0.5 },
      { x: 0.5, y: 0.75 },
      { x: 0.25, y: 0.5 },
    ];
    const container = shown([codeMark({ barcodeRegion: region, barcodeOutline: corners })!]);
    const polygon = container.querySelector('[data-mark="barcode"] polygon')!;
    expect(polygon.getAttribute('points')).toBe('200,50 300,100 200,150 100,100');
    expect(container.querySelector('[data-mark="barcode"] rect')).toBeNull();
  });

  it('draws the rectangle for a file read before corners were kept, and nothing without a code', () => {
    const container = shown([codeMark({ barcodeRegion: region, barcodeOutline: null })!]);
    const rect = container.querySelector('[data-mark="barcode"] rect')!;
    expect([rect.getAttribute('x'), rect.getAttribute('y'), rect.getAttribute('width')]).toEqual(['100', '50', '200']);
    expect(codeMark({ barcodeRegion: null, barcodeOutline: null })).toBeNull();
  });
});

describe('where the product facts were read', () => {
  it('outlines the regions read from the file on show, labelled by their field; typed values and other files are not', () => {
    const region = { x: 0.1, y: 0.5, width: 0.5, height: 0.25 };
    const marks = factMarks(
      [
        { field: 'calories', source: 'photo', fileName: 'panel.jpg', region },
        { field: 'protein', source: 'corrected', fileName: 'panel.jpg', region: { ...region, y: 0.75 } },
        { field: 'sodium', source: 'photo', fileName: 'back.jpg', region },
        { field: 'iron', source: 'typed', fileName: null, region: null },
      ],
      'panel.jpg',
    );
    expect(marks.map((m) => m.label)).toEqual(['calories', 'protein']);
    const container = shown(marks);
    const rect = container.querySelector('[data-mark="fact"][data-label="calories"] rect')!;
    expect([rect.getAttribute('x'), rect.getAttribute('y'), rect.getAttribute('width')]).toEqual(['40', '100', '200']);
  });
});
