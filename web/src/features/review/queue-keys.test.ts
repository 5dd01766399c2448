import { describe, expect, it } from 'vitest';
import { moveCursor, queueKeyAction, rangeSelect } from './queue-keys.ts';

const press = (key: string, o: { shiftKey?: boolean; ctrlKey?: boolean; target?: EventTarget | null } = {}) => ({
  key,
  shiftKey: o.shiftKey ?? false,
  ctrlKey: o.ctrlKey ?? false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: o.target ?? document.body,
});

describe('the review queue keyboard map', () => {
  it('J/K move, X selects, Shift+X selects a range, Enter/O open, / searches, ? helps; either case', () => {
    expect(['j', 'J', 'k', 'x', 'o', 'O', 'Enter', '/', '?'].map((k) => queueKeyAction(press(k), false))).toEqual([
      'down',
      'down',
      'up',
      'toggle',
      'open',
      'open',
      'open',
      'search',
      'help',
    ]);
    expect(queueKeyAction(press('X', { shiftKey: true }), false)).toBe('toggleRange');
    expect(queueKeyAction(press('a'), false)).toBeNull();
  });

  it('leaves keys alone while typing, in a dialog or with Ctrl; a checkbox is not typing; Enter on a link is the link’s', () => {
    const input = document.createElement('input');
    expect(queueKeyAction(press('j', { target: input }), false)).toBeNull();
    expect(queueKeyAction(press('j'), true)).toBeNull();
    expect(queueKeyAction(press('j', { ctrlKey: true }), false)).toBeNull();
    const box = document.createElement('input');
    box.type = 'checkbox';
    expect(queueKeyAction(press('j', { target: box }), false)).toBe('down');
    const link = document.createElement('a');
    expect(queueKeyAction(press('Enter', { target: link }), false)).toBeNull();
    expect(queueKeyAction(press('o', { target: link }), false)).toBe('open');
  });

  it('the cursor starts at the top with J, at the bottom with K, and stays within the list', () => {
    expect(moveCursor(-1, 'down', 3)).toBe(0);
    expect(moveCursor(-1, 'up', 3)).toBe(2);
    expect(moveCursor(2, 'down', 3)).toBe(2);
    expect(moveCursor(0, 'up', 3)).toBe(0);
    expect(moveCursor(0, 'down', 0)).toBe(-1);
  });

  it("Shift+X gives every item from the anchor to the cursor the anchor's state; without an anchor it is X", () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    expect([...rangeSelect(ids, new Set(['b']), 'b', 3)].sort()).toEqual(['b', 'c', 'd']);
    expect([...rangeSelect(ids, new Set(['b']), 'b', 0)].sort()).toEqual(['a', 'b']);
    // The anchor was cleared: the range is cleared.
    expect([...rangeSelect(ids, new Set(['c', 'd', 'e']), 'b', 4)]).toEqual([]);
    expect([...rangeSelect(ids, new Set(), null, 2)]).toEqual(['c']);
  });
});
