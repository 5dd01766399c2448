import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { REVIEW_SHORTCUTS } from '@portal/domain';
import { reviewKeyAction, stepFile, typingIn, type ReviewKeyPress, type ReviewKeyState } from './review-keys.ts';
import { useReviewKeys } from './use-review-keys.ts';

const open: ReviewKeyState = {
  dialogOpen: false,
  decidable: true,
  busy: false,
  commentsPending: false,
  undoOffered: false,
};
const press = (key: string, more: Partial<ReviewKeyPress> = {}): ReviewKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: document.body,
  ...more,
});
const action = (key: string, state: Partial<ReviewKeyState> = {}, more: Partial<ReviewKeyPress> = {}) =>
  reviewKeyAction(press(key, more), { ...open, ...state });

describe('the review keyboard map', () => {
  it.each([
    ['?', 'showShortcuts'],
    ['c', 'comment'],
    ['j', 'nextItem'],
    ['k', 'previousItem'],
    ['+', 'zoomIn'],
    ['=', 'zoomIn'],
    ['-', 'zoomOut'],
    ['0', 'fit'],
    ['t', 'rotate'],
    [']', 'nextFile'],
    ['[', 'previousFile'],
    ['m', 'markRegion'],
    ['a', 'accept'],
    ['r', 'reject'],
  ])('%s: %s', (key, expected) => {
    expect(action(key)).toBe(expected);
    // A letter does the same in capitals (Shift or Caps Lock).
    expect(action(key.toUpperCase())).toBe(expected);
  });

  it('leaves every other key alone', () => {
    for (const key of ['x', 'Enter', 'Escape', ' ', 'ArrowLeft', 'ArrowRight', '1', '9', 'Tab', 'Shift', 'F1'])
      expect(action(key), key).toBeNull();
  });

  it('has an action for every key the shortcuts list names', () => {
    const keys = REVIEW_SHORTCUTS.flatMap((s) => s.key.split(' / '));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) expect(action(key, { undoOffered: true }), key).not.toBeNull();
  });

  it('decides only an item still to decide, and not while a decision is on its way', () => {
    for (const state of [{ decidable: false }, { busy: true }]) {
      expect(action('a', state)).toBeNull();
      expect(action('r', state)).toBeNull();
      // Looking around still works.
      expect(action('j', state)).toBe('nextItem');
      expect(action('+', state)).toBe('zoomIn');
      expect(action(']', state)).toBe('nextFile');
    }
  });

  it('does nothing while a dialog is open (the reject dialog or the shortcuts list)', () => {
    for (const key of ['a', 'r', 'j', '?', '+', '[']) expect(action(key, { dialogOpen: true }), key).toBeNull();
  });

  it('does nothing with Ctrl, Cmd or Alt held, so the browser keeps its own shortcuts', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(action('r', {}, { [modifier]: true }), modifier).toBeNull();
      expect(action('0', {}, { [modifier]: true }), modifier).toBeNull();
    }
  });

  it('does nothing with a key something else has already handled', () => {
    expect(action('a', {}, { defaultPrevented: true })).toBeNull();
  });

  it('does nothing while typing in a field, a list or a menu', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    const inList = document.createElement('span');
    const list = document.createElement('div');
    list.setAttribute('role', 'listbox');
    list.append(inList);
    document.body.append(input, textarea, select, editable, list);
    for (const role of ['combobox', 'menu']) {
      const holder = document.createElement('div');
      holder.setAttribute('role', role);
      holder.append(document.createElement('span'));
      document.body.append(holder);
    }
    const menus = [...document.querySelectorAll('[role="combobox"] > span, [role="menu"] > span')];
    try {
      for (const target of [input, textarea, select, editable, inList, ...menus]) {
        expect(typingIn(target), target.outerHTML).toBe(true);
        expect(action('a', {}, { target }), target.outerHTML).toBeNull();
        expect(action('j', {}, { target }), target.outerHTML).toBeNull();
      }
      // A button or the page itself is not typing.
      const button = document.createElement('button');
      document.body.append(button);
      expect(action('a', {}, { target: button })).toBe('accept');
      expect(action('a', {}, { target: null })).toBe('accept');
      expect(action('a', {}, { target: window })).toBe('accept');
    } finally {
      document.body.replaceChildren();
    }
  });
});

describe('keys that keep a slip from losing work', () => {
  it('A with comments waiting for a rejection asks instead of accepting', () => {
    expect(action('a', { commentsPending: true })).toBe('confirmAccept');
    expect(action('A', { commentsPending: true })).toBe('confirmAccept');
    // R still rejects, with the comments.
    expect(action('r', { commentsPending: true })).toBe('reject');
    // Nothing to ask when the item cannot be decided.
    expect(action('a', { commentsPending: true, decidable: false })).toBeNull();
  });

  it('Z undoes the last decision while its undo is offered, whatever the item (the next one is on show)', () => {
    expect(action('z', { undoOffered: true })).toBe('undo');
    expect(action('Z', { undoOffered: true, decidable: false })).toBe('undo');
    expect(action('z', { undoOffered: true, busy: true })).toBe('undo');
    expect(action('z')).toBeNull();
    expect(action('z', { undoOffered: true, dialogOpen: true })).toBeNull();
    expect(action('z', { undoOffered: true }, { ctrlKey: true })).toBeNull();
  });

  it('M starts a region comment in the middle of the image; C on the image writes it', () => {
    expect(action('m')).toBe('markRegion');
    expect(action('m', { decidable: false })).toBeNull();
  });

  it('reaches a region comment from the image in at most 5 keys before the text', () => {
    // M marks the middle of the image, C goes to the comment box; then the text, and Enter adds it.
    const keys = ['m', 'c'];
    expect(keys.map((k) => action(k))).toEqual(['markRegion', 'comment']);
    expect(keys.length + 1).toBeLessThanOrEqual(5);
  });
});

describe('stepping through the files', () => {
  it('moves one file along and stays within the files', () => {
    expect(stepFile(0, 'nextFile', 3)).toBe(1);
    expect(stepFile(2, 'nextFile', 3)).toBe(2);
    expect(stepFile(2, 'previousFile', 3)).toBe(1);
    expect(stepFile(0, 'previousFile', 3)).toBe(0);
    expect(stepFile(0, 'nextFile', 0)).toBe(0);
  });
});

describe('useReviewKeys', () => {
  it('carries out the action of a key pressed on the page and keeps the key from doing anything else', () => {
    const run = vi.fn();
    const { rerender, unmount } = renderHook(({ state }) => useReviewKeys(state, run), {
      initialProps: { state: open },
    });
    const key = (k: string) => {
      const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
      document.body.dispatchEvent(e);
      return e;
    };
    expect(key('j').defaultPrevented).toBe(true);
    expect(run).toHaveBeenLastCalledWith('nextItem');
    expect(key('x').defaultPrevented).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);

    // The state of the latest render counts.
    rerender({ state: { ...open, dialogOpen: true } });
    expect(key('a').defaultPrevented).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    rerender({ state: open });
    key('A');
    expect(run).toHaveBeenLastCalledWith('accept');

    unmount();
    key('r');
    expect(run).toHaveBeenCalledTimes(2);
  });
});
