import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { displayUpc, type ImageRegion, type ReviewCommentInput } from '@portal/domain';
import type { SubmissionFile } from '../submissions/submission-api.ts';
import { theme } from '../../ui/theme.ts';
import { ImageViewer, KEYBOARD_REGION, type ImageViewerHandle } from './ImageViewer.tsx';
import { ReviewFiles } from './ReviewFiles.tsx';

const inMantine = (ui: React.ReactElement) =>
  render(
    <MantineProvider theme={theme} env="test">
      {ui}
    </MantineProvider>,
  );
const image = () => document.querySelector<HTMLElement>('[data-marked-image]')!;
const zoomShown = () => screen.getByText(/^\d+%$/);

function Marking({ start = null }: { start?: ImageRegion | null }) {
  const [region, setRegion] = useState<ImageRegion | null>(start);
  return (
    <>
      <ImageViewer src="/a.jpg" alt="front.jpg, file 1 of 2" marking={{ region, onChange: setRegion }} />
      <output data-testid="region">{region ? JSON.stringify(region) : 'none'}</output>
    </>
  );
}
const regionNow = () => {
  const text = screen.getByTestId('region').textContent!;
  return text === 'none' ? null : (JSON.parse(text) as ImageRegion);
};

/** The viewer box as laid out at 500 × 400 px from the page's top left (jsdom lays nothing out). */
function laidOut() {
  const viewer = screen.getByTestId('image-viewer');
  const rect = { left: 0, top: 0, width: 500, height: 400, right: 500, bottom: 400, x: 0, y: 0 };
  viewer.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect });
  return viewer;
}

/** A turn of the wheel at a point of the page (jsdom's WheelEvent does not take the pointer's place). */
function wheel(target: HTMLElement, deltaY: number, clientX: number, clientY: number) {
  const e = new MouseEvent('wheel', { bubbles: true, cancelable: true, clientX, clientY });
  Object.defineProperty(e, 'deltaY', { value: deltaY });
  fireEvent(target, e);
}

describe('moving about a zoomed image', () => {
  it('the wheel zooms about the pointer: the point under it stays there', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front" />);
    const viewer = laidOut();
    // 100 px right of the middle: zoomed 1.2 times about it, the image moves 20 px left.
    wheel(viewer, -100, 350, 200);
    expect(image().style.transform).toBe('translate(-20px, 0px) scale(1.2) rotate(0deg)');
    // Back out to 100%: the image is in the middle again.
    wheel(viewer, 100, 10, 10);
    expect(image().style.transform).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });

  it('once zoomed, the arrows pan a fifth of the viewer; at 100% they are left alone', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front" />);
    laidOut();
    const arrow = (key: string) => {
      const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      act(() => void document.body.dispatchEvent(e));
      return e;
    };
    expect(arrow('ArrowRight').defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(arrow('ArrowRight').defaultPrevented).toBe(true);
    expect(image().style.transform).toBe('translate(-100px, 0px) scale(1.5) rotate(0deg)');
    arrow('ArrowDown');
    arrow('ArrowDown');
    expect(image().style.transform).toBe('translate(-100px, -160px) scale(1.5) rotate(0deg)');
  });
});

describe('the image viewer', () => {
  it('shows the image whole, named for screen readers, at 100%', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front.jpg, file 1 of 2" />);
    expect(screen.getByRole('img', { name: 'front.jpg, file 1 of 2' })).toHaveProperty(
      'src',
      expect.stringMatching(/\/a\.jpg$/),
    );
    expect(zoomShown().textContent).toBe('100%');
    // The zoom level is said as it changes.
    expect(zoomShown().getAttribute('aria-live')).toBe('polite');
    expect(image().style.transform).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);
    // Not marking: the image box is no stop for the keyboard, the buttons do what the pointer does.
    expect(screen.getByTestId('image-viewer').getAttribute('tabindex')).toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('zooms in and out by half again with the buttons, between 100% and 800%', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front" />);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    fireEvent.click(zoomIn);
    expect(zoomShown().textContent).toBe('150%');
    expect(image().style.transform).toContain('scale(1.5)');
    expect(zoomOut).toHaveProperty('disabled', false);
    for (let i = 0; i < 6; i++) fireEvent.click(zoomIn);
    expect(zoomShown().textContent).toBe('800%');
    expect(zoomIn).toHaveProperty('disabled', true);
    fireEvent.click(zoomOut);
    expect(zoomShown().textContent).toBe('533%');
    for (let i = 0; i < 6; i++) fireEvent.click(zoomOut);
    expect(zoomShown().textContent).toBe('100%');
    expect(zoomOut).toHaveProperty('disabled', true);
  });

  it('zooms with the wheel: up is in, down is out', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front" />);
    fireEvent.wheel(screen.getByTestId('image-viewer'), { deltaY: -100 });
    expect(zoomShown().textContent).toBe('120%');
    fireEvent.wheel(screen.getByTestId('image-viewer'), { deltaY: 100 });
    expect(zoomShown().textContent).toBe('100%');
  });

  it('pans by dragging once zoomed in, and not before', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front" />);
    const box = screen.getByTestId('image-viewer');
    fireEvent.pointerDown(box, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 140, clientY: 90 });
    fireEvent.pointerUp(box, { pointerId: 1 });
    expect(image().style.transform).toContain('translate(0px, 0px)');

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.pointerDown(box, { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 140, clientY: 90 });
    expect(image().style.transform).toContain('translate(40px, -10px)');
    fireEvent.pointerUp(box, { pointerId: 1 });
    // Moving without a button held after the drag leaves the image where it is.
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 300, clientY: 300 });
    expect(image().style.transform).toContain('translate(40px, -10px)');

    // Back to 100% the image is centred again.
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(image().style.transform).toContain('translate(0px, 0px)');
  });

  it('turns by quarter turns, and Fit undoes zoom, pan and turn', () => {
    inMantine(<ImageViewer src="/a.jpg" alt="front" />);
    const turn = screen.getByRole('button', { name: 'Turn the image 90 degrees' });
    fireEvent.click(turn);
    expect(image().style.transform).toContain('rotate(90deg)');
    for (let i = 0; i < 3; i++) fireEvent.click(turn);
    expect(image().style.transform).toContain('rotate(0deg)');
    fireEvent.click(turn);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.pointerDown(screen.getByTestId('image-viewer'), { pointerId: 1, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(screen.getByTestId('image-viewer'), { pointerId: 1, clientX: 20, clientY: 30 });
    fireEvent.pointerUp(screen.getByTestId('image-viewer'), { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Fit the image' }));
    expect(image().style.transform).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
    expect(zoomShown().textContent).toBe('100%');
  });

  it('does from its handle what the workspace keys ask (+, -, 0, T)', () => {
    const ref = createRef<ImageViewerHandle>();
    inMantine(<ImageViewer ref={ref} src="/a.jpg" alt="front" />);
    const handle = (fn: (h: ImageViewerHandle) => void) => act(() => fn(ref.current!));
    handle((h) => h.zoomIn());
    expect(zoomShown().textContent).toBe('150%');
    handle((h) => h.rotate());
    expect(image().style.transform).toBe('translate(0px, 0px) scale(1.5) rotate(90deg)');
    handle((h) => h.zoomOut());
    expect(zoomShown().textContent).toBe('100%');
    handle((h) => h.zoomIn());
    handle((h) => h.fit());
    expect(image().style.transform).toBe('translate(0px, 0px) scale(1) rotate(0deg)');
  });
});

describe('marking a region on the image from the keyboard', () => {
  it('is a labelled group that takes focus and says where the region is', () => {
    inMantine(<Marking />);
    const group = screen.getByRole('group', {
      name: 'Region on the image: drag to draw it, or arrows move it and Shift+arrows resize it',
    });
    expect(group.getAttribute('tabindex')).toBe('0');
    expect(group.getAttribute('aria-describedby')).toBe('review-region-words');
    const words = document.getElementById('review-region-words')!;
    expect(words.textContent).toBe('No region yet.');
    expect(words.getAttribute('aria-live')).toBe('polite');
  });

  it('moves the region with the arrows, from the middle half when none is marked yet', () => {
    inMantine(<Marking />);
    const group = screen.getByRole('group');
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(regionNow()).toEqual({ ...KEYBOARD_REGION, x: 0.3 });
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    expect(regionNow()?.y).toBeCloseTo(0.35);
    expect(document.getElementById('review-region-words')!.textContent).toBe('Region: the centre of the image.');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(group, { key: 'ArrowUp' });
    for (let i = 0; i < 10; i++) fireEvent.keyDown(group, { key: 'ArrowLeft' });
    // It stops at the image's edge.
    expect(regionNow()).toEqual({ x: 0, y: 0, w: 0.5, h: 0.5 });
    expect(document.getElementById('review-region-words')!.textContent).toBe('Region: the top left area of the image.');
  });

  it('resizes the region with Shift and the arrows, never past the image or to nothing', () => {
    inMantine(<Marking start={{ x: 0.7, y: 0.7, w: 0.1, h: 0.1 }} />);
    const group = screen.getByRole('group');
    fireEvent.keyDown(group, { key: 'ArrowRight', shiftKey: true });
    expect(regionNow()?.w).toBeCloseTo(0.15);
    expect(regionNow()?.h).toBeCloseTo(0.1);
    for (let i = 0; i < 10; i++) fireEvent.keyDown(group, { key: 'ArrowUp', shiftKey: true });
    expect(regionNow()?.h).toBeCloseTo(0.02);
    for (let i = 0; i < 10; i++) fireEvent.keyDown(group, { key: 'ArrowRight', shiftKey: true });
    const r = regionNow()!;
    expect(r.x + r.w).toBeLessThanOrEqual(1);
  });

  it('leaves other keys, and the arrows when not marking, to the page', () => {
    inMantine(<Marking />);
    const e = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    screen.getByRole('group').dispatchEvent(e);
    expect(e.defaultPrevented).toBe(false);
    expect(regionNow()).toBeNull();
  });
});

const file = (name: string, more: Partial<SubmissionFile> = {}) =>
  ({
    fileName: name,
    imageUrl: `/files/${name}`,
    thumbnailUrl: `/thumbs/${name}`,
    detectedUpcs: [],
    barcodeRegion: null,
    ...more,
  }) as unknown as SubmissionFile;

describe("the item's files", () => {
  function Files({ comments = [] }: { comments?: ReviewCommentInput[] }) {
    const [index, setIndex] = useState(0);
    const files = [
      file('front.jpg', { detectedUpcs: ['036000291452'], photoRoles: ['front', 'barcode'] }),
      file('back.jpg'),
    ];
    return (
      <ReviewFiles
        itemId="item-1"
        files={files}
        fileIndex={index}
        onFileIndex={setIndex}
        viewer={null}
        comments={comments}
        marking={null}
      />
    );
  }

  /** These files, the first on show, nothing else to do. */
  const FixedFiles = ({ files }: { files: SubmissionFile[] }) => (
    <ReviewFiles
      itemId="i"
      files={files}
      fileIndex={0}
      onFileIndex={() => {}}
      viewer={null}
      comments={[]}
      marking={null}
    />
  );

  it('shows one file large, named with its place among the files and what it shows, and the others to pick', () => {
    inMantine(<Files />);
    expect(screen.getByRole('img', { name: 'front.jpg, file 1 of 2' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Files' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Show front.jpg' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Show back.jpg' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText(/^front\.jpg — code read: /).textContent).toBe(
      `front.jpg — code read: ${displayUpc('036000291452')} — shows: Front, Barcode face`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Show back.jpg' }));
    expect(screen.getByRole('img', { name: 'back.jpg, file 2 of 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show back.jpg' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('back.jpg — no code read')).toBeTruthy();
  });

  it('says the code is still being read while the checks run, not that none was read', () => {
    inMantine(<FixedFiles files={[file('late.jpg', { detectionStatus: 'pending' })]} />);
    expect(screen.getByText('late.jpg — reading the code…')).toBeTruthy();
    expect(screen.queryByText(/no code read/)).toBeNull();
  });

  it('opens the next image at 100% however the previous one was zoomed', () => {
    inMantine(<Files />);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoomShown().textContent).toBe('150%');
    fireEvent.click(screen.getByRole('button', { name: 'Show back.jpg' }));
    expect(zoomShown().textContent).toBe('100%');
  });

  it('says so when the item has no files', () => {
    inMantine(<FixedFiles files={[]} />);
    expect(screen.getByText('No files.')).toBeTruthy();
  });
});
