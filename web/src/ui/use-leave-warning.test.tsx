import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useLeaveWarning } from './use-leave-warning.ts';

const leave = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('useLeaveWarning', () => {
  it('asks before a reload only while active, and stops asking once done or gone', () => {
    const { rerender, unmount } = renderHook(({ active }) => useLeaveWarning(active), {
      initialProps: { active: false },
    });
    expect(leave()).toBe(false);
    rerender({ active: true });
    expect(leave()).toBe(true);
    rerender({ active: false });
    expect(leave()).toBe(false);
    rerender({ active: true });
    unmount();
    expect(leave()).toBe(false);
  });
});
