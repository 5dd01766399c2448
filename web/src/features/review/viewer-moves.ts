import { typingIn, type ReviewKeyPress } from './review-keys.ts';

/**
 * How the image viewer moves, apart from the component so it can be tested without a browser: zooming about the
 * pointer, and panning from the keyboard once zoomed.
 */
type Offset = { x: number; y: number };

/**
 * The pan that keeps the point under the pointer where it is when the zoom changes. `pointer` is the pointer's
 * offset from the middle of the viewer (the image is scaled about its middle), `pan` the image's offset now. The
 * point under the pointer is (pointer - pan) / zoom in the image's own units; it stays under the pointer when
 * pointer = pan' + nextZoom × that. At 100% the image sits in the middle again.
 */
export function panAfterZoom(pan: Offset, zoom: number, nextZoom: number, pointer: Offset): Offset {
  if (nextZoom <= 1) return { x: 0, y: 0 };
  const k = nextZoom / zoom;
  return { x: pointer.x - k * (pointer.x - pan.x), y: pointer.y - k * (pointer.y - pan.y) };
}

/** A fifth of the viewer per arrow press: five presses cross it. */
export const PAN_STEP = 0.2;

/**
 * How far an arrow key moves the zoomed image, in pixels, or null when the key is not for panning: only arrows,
 * without modifiers, while zoomed in, and not while typing in a field or when something else (the region being
 * marked) has taken the key. An arrow moves the view as a scroll bar would: → shows more of the right, so the
 * image moves left.
 */
export function panKeyMove(press: ReviewKeyPress, zoomed: boolean, size: { width: number; height: number }) {
  if (!zoomed || press.ctrlKey || press.metaKey || press.altKey || press.defaultPrevented) return null;
  if (typingIn(press.target)) return null;
  const [dx, dy] = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[press.key] ?? [];
  if (dx === undefined) return null;
  return { x: dx * PAN_STEP * size.width, y: dy * PAN_STEP * size.height };
}
