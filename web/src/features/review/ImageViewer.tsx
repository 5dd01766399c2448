import { forwardRef, useImperativeHandle, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';

export interface ImageViewerHandle {
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  rotate: () => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 8;

/**
 * One image large: zoom (buttons, the wheel, + and -), pan (drag, once zoomed) and rotate by quarter turns. The
 * view is reset when the image changes (the caller keys it by the image).
 */
export const ImageViewer = forwardRef<ImageViewerHandle, { src: string; alt: string }>(function ImageViewer(
  { src, alt },
  ref,
) {
  const [zoom, setZoom] = useState(1);
  const [turn, setTurn] = useState(0);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null);

  const zoomTo = (z: number) => {
    const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
    setZoom(next);
    if (next === 1) setPan({ x: 0, y: 0 });
  };
  const api: ImageViewerHandle = {
    zoomIn: () => zoomTo(zoom * 1.5),
    zoomOut: () => zoomTo(zoom / 1.5),
    fit: () => {
      setZoom(1);
      setPan({ x: 0, y: 0 });
      setTurn(0);
    },
    rotate: () => setTurn((t) => (t + 90) % 360),
  };
  useImperativeHandle(ref, () => api);

  const onWheel = (e: WheelEvent) => zoomTo(zoom * (e.deltaY < 0 ? 1.2 : 1 / 1.2));
  const onPointerDown = (e: PointerEvent) => {
    if (zoom === 1) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: pan.x, y: pan.y, startX: e.clientX, startY: e.clientY };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (d) setPan({ x: d.x + (e.clientX - d.startX), y: d.y + (e.clientY - d.startY) });
  };
  const onPointerUp = () => (drag.current = null);

  return (
    <div>
      <div
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        style={{
          height: 'min(70vh, 640px)',
          overflow: 'hidden',
          background: 'var(--mantine-color-gray-1)',
          borderRadius: 4,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: zoom > 1 ? 'grab' : 'zoom-in',
          touchAction: 'none',
        }}
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          style={{
            maxWidth: '100%',
            maxHeight: '100%',
            objectFit: 'contain',
            transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom}) rotate(${turn}deg)`,
            transition: drag.current ? 'none' : 'transform 120ms ease-out',
            userSelect: 'none',
          }}
        />
      </div>
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
