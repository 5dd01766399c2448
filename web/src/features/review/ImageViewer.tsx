import {
  forwardRef,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { regionInWords, type ImageRegion } from '@portal/domain';
import { ImageWithMarks, pointOnImage, type ImageMark } from '../submissions/ImageMarks.tsx';
import { panAfterZoom, panKeyMove } from './viewer-moves.ts';

export interface ImageViewerHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  rotate: () => void;
  /** Puts the focus on the image (while marking a region: the arrows move it). */
  focus: () => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 8;

/** Marking a region for a comment: the rectangle so far (null: none yet) and where a new one goes. */
export interface RegionMarking {
  region: ImageRegion | null;
  onChange: (region: ImageRegion) => void;
}

const STEP = 0.05;
const MIN_SIDE = 0.02;
const clampRegion = (r: ImageRegion): ImageRegion => {
  const w = Math.min(1, Math.max(MIN_SIDE, r.w));
  const h = Math.min(1, Math.max(MIN_SIDE, r.h));
  return { x: Math.min(1 - w, Math.max(0, r.x)), y: Math.min(1 - h, Math.max(0, r.y)), w, h };
};
/** Where a region starts when it is marked from the keyboard: the middle half of the image. */
export const KEYBOARD_REGION: ImageRegion = { x: 0.25, y: 0.25, w: 0.5, h: 0.5 };

/**
 * One image large: zoom (buttons, + and -, the wheel about the pointer), pan (drag or arrows, once zoomed) and rotate by quarter turns, with
 * marks over it (where the code was read, the comments' regions). While marking, a drag draws the region instead
 * of panning, and from the keyboard the arrows move it and Shift+arrows resize it. The view is reset when the image
 * changes (the caller keys it by the image).
 */
export const ImageViewer = forwardRef<
  ImageViewerHandle,
  { src: string; alt: string; marks?: readonly ImageMark[]; marking?: RegionMarking | null }
>(function ImageViewer({ src, alt, marks = [], marking = null }, ref) {
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const box = useRef<HTMLDivElement>(null);

  /** To a new zoom, about the middle of the viewer or about a point given as its offset from the middle. */
  const zoomTo = (z: number, about = { x: 0, y: 0 }) => {
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
    setZoom(next);
    setPan(panAfterZoom(pan, zoom, next, about));
  };
  // Once zoomed, the arrows pan (unless the region being marked or a field takes them): listened on the window, so
  // they work wherever the focus is on the page, as the review's other keys do.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const rect = box.current?.getBoundingClientRect();
      const move = rect && panKeyMove(e, zoom > 1 && !document.querySelector('[role="dialog"]'), rect);
      if (!move) return;
      e.preventDefault();
      setPan((p) => ({ x: p.x + move.x, y: p.y + move.y }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const api: ImageViewerHandle = {
    zoomIn: () => zoomTo(zoom * 1.5),
    zoomOut: () => zoomTo(zoom / 1.5),
    fit: () => {
      setZoom(1);
      setPan({ x: 0, y: 0 });
      setTurn(0);
    },
    rotate: () => setTurn((t) => (t + 90) % 360),
    focus: () => box.current?.focus(),
  };
  useImperativeHandle(ref, () => api);

  // The wheel zooms about the pointer: the point under it stays there. Listened on the box itself, not passively, so
  // that the wheel over the image zooms it without scrolling the page as well (which would move the point away).
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const about = { x: e.clientX - rect.left - rect.width / 2, y: e.clientY - rect.top - rect.height / 2 };
      zoomTo(zoom * (e.deltaY < 0 ? 1.2 : 1 / 1.2), about);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });
  const onPointerDown = (e: PointerEvent) => {
    if (marking && svg.current) {
      e.currentTarget.setPointerCapture(e.pointerId);
      drawing.current = pointOnImage(svg.current, e.clientX, e.clientY);
      return;
    }
    if (zoom === 1) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: pan.x, y: pan.y, startX: e.clientX, startY: e.clientY };
  };
  const onPointerMove = (e: PointerEvent) => {
    const from = drawing.current;
    if (from && marking && svg.current) {
      const to = pointOnImage(svg.current, e.clientX, e.clientY);
      const region = {
        x: Math.min(from.x, to.x),
        y: Math.min(from.y, to.y),
        w: Math.abs(to.x - from.x),
        h: Math.abs(to.y - from.y),
      };
      if (region.w >= MIN_SIDE && region.h >= MIN_SIDE) marking.onChange(region);
      return;
    }
    const d = drag.current;
    if (d) setPan({ x: d.x + (e.clientX - d.startX), y: d.y + (e.clientY - d.startY) });
  };
  const onPointerUp = () => {
    drag.current = null;
    drawing.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!marking) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const r = marking.region ?? KEYBOARD_REGION;
    const [dx, dy] = move;
    marking.onChange(clampRegion(e.shiftKey ? { ...r, w: r.w + dx, h: r.h + dy } : { ...r, x: r.x + dx, y: r.y + dy }));
  };
  const shown: ImageMark[] = [
    ...marks,
    ...(marking?.region ? [{ region: marking.region, kind: 'draft' as const, label: '+' }] : []),
  ];

  return (
    <div>
      {/* While marking, the box takes the arrows (move) and Shift+arrows (resize); a drag draws the region. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- while marking it is a labelled, focusable group taking the arrows; otherwise the buttons below do what the pointer does */}
      <div
        ref={box}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onKeyDown}
        {...(marking && {
          tabIndex: 0,
          role: 'group',
          'aria-label': 'Region on the image: drag to draw it, or arrows move it and Shift+arrows resize it',
          'aria-describedby': 'review-region-words',
        })}
        data-testid="image-viewer"
        style={{
          position: 'relative',
          height: 'min(70vh, 640px)',
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-1)',
          borderRadius: 4,
          cursor: marking ? 'crosshair' : zoom > 1 ? 'grab' : 'zoom-in',
          touchAction: 'none',
          outlineOffset: 2,
        }}
      >
        <ImageWithMarks
          ref={svg}
          src={src}
          alt={alt}
          marks={shown}
          style={{
            position: 'absolute',
            inset: 0,
            transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom}) rotate(${turn}deg)`,
            transition: drag.current || drawing.current ? 'none' : 'transform 120ms ease-out',
            userSelect: 'none',
          }}
        />
      </div>
      {marking && (
        <Text size="xs" id="review-region-words" aria-live="polite">
          {marking.region ? `Region: ${regionInWords(marking.region).toLowerCase()} of the image.` : 'No region yet.'}
        </Text>
      )}
      <Group gap="xs" mt={4} justify="center">
        <Tooltip label="Zoom out (-)">
          <ActionIcon variant="default" aria-label="Zoom out" onClick={() => api.zoomOut()} disabled={zoom <= MIN_ZOOM}>
            −
          </ActionIcon>
        </Tooltip>
        <Text size="xs" aria-live="polite" w={44} ta="center">
          {Math.round(zoom * 100)}%
        </Text>
        <Tooltip label="Zoom in (+)">
          <ActionIcon variant="default" aria-label="Zoom in" onClick={() => api.zoomIn()} disabled={zoom >= MAX_ZOOM}>
            +
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Fit (0)">
          <ActionIcon variant="default" aria-label="Fit the image" onClick={() => api.fit()}>
            ⤢
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Turn 90° (T)">
          <ActionIcon variant="default" aria-label="Turn the image 90 degrees" onClick={() => api.rotate()}>
            ↻
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
});
