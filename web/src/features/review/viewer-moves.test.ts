import { describe, expect, it } from 'vitest';
import { panAfterZoom, panKeyMove, PAN_STEP } from './viewer-moves.ts';

const press = (key: string, more: Record<string, unknown> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: document.body,
  ...more,
});

describe('zooming about the pointer', () => {
  it('keeps the point under the pointer where it is', () => {
    const pan = { x: 30, y: -10 };
    const pointer = { x: 120, y: 80 };
    const [zoom, next] = [2, 3];
    const under = { x: (pointer.x - pan.x) / zoom, y: (pointer.y - pan.y) / zoom };
    const after = panAfterZoom(pan, zoom, next, pointer);
    expect(after.x + next * under.x).toBeCloseTo(pointer.x, 9);
    expect(after.y + next * under.y).toBeCloseTo(pointer.y, 9);
  });

  it('zooms about the middle when the pointer is there, and puts the image back at 100%', () => {
    expect(panAfterZoom({ x: 0, y: 0 }, 1, 1.2, { x: 0, y: 0 })).toEqual({ x: 0, y: 0 });
    expect(panAfterZoom({ x: 40, y: 40 }, 2, 1, { x: 100, y: 0 })).toEqual({ x: 0, y: 0 });
  });
});

describe('panning from the keyboard', () => {
  const size = { width: 500, height: 400 };
  it('an arrow moves the view a fifth of the viewer, as a scroll bar would', () => {
    expect(panKeyMove(press('ArrowRight'), true, size)).toEqual({ x: -PAN_STEP * 500, y: 0 });
    expect(panKeyMove(press('ArrowLeft'), true, size)).toEqual({ x: PAN_STEP * 500, y: 0 });
    expect(panKeyMove(press('ArrowDown'), true, size)).toEqual({ x: 0, y: -PAN_STEP * 400 });
    expect(panKeyMove(press('ArrowUp'), true, size)).toEqual({ x: 0, y: PAN_STEP * 400 });
  });

  it('leaves the arrows alone at 100%, with a modifier, in a field, or when the region being marked took them', () => {
    expect(panKeyMove(press('ArrowRight'), false, size)).toBeNull();
    expect(panKeyMove(press('ArrowRight', { shiftKey: true, altKey: true }), true, size)).toBeNull();
    expect(panKeyMove(press('ArrowRight', { target: document.createElement('textarea') }), true, size)).toBeNull();
    expect(panKeyMove(press('ArrowRight', { defaultPrevented: true }), true, size)).toBeNull();
    expect(panKeyMove(press('j'), true, size)).toBeNull();
  });
});
