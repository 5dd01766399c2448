import { describe, expect, it } from 'vitest';
import { ProbeHysteresis } from './hysteresis.ts';

describe('probe hysteresis', () => {
  it('a probe failing every other time never reports the dependency down; three failures in a row do', () => {
    const state = new ProbeHysteresis(3, 2);
    const flapping = Array.from({ length: 301 }, (_, i) => state.record(i % 2 === 0));
    expect(flapping.every(Boolean)).toBe(true);
    // Two failures and an answer: still up.
    expect([state.record(false), state.record(false), state.record(true)]).toEqual([true, true, true]);
    expect([state.record(false), state.record(false), state.record(false)]).toEqual([true, true, false]);
    expect(state.isUp).toBe(false);
  });

  it('once down, it is up again only after two answers in a row', () => {
    const state = new ProbeHysteresis(3, 2);
    for (let i = 0; i < 3; i++) state.record(false);
    expect([state.record(true), state.record(false), state.record(true), state.record(true)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});
