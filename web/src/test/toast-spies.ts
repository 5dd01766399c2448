import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { toast } from '../ui/toast.ts';

const KINDS = ['success', 'error', 'warning'] as const;

/**
 * Makes the toasts spies for each test of the calling file, so a test can assert what a toast said. Spies on the one
 * `toast` object rather than vi.mock: most web test files share their worker's loaded modules (web/vitest.projects.ts),
 * where a file's module stand-in would outlive the file.
 */
export function spyOnToasts() {
  let spies: MockInstance[] = [];
  beforeEach(() => {
    spies = KINDS.map((kind) => vi.spyOn(toast, kind).mockReturnValue(''));
  });
  afterEach(() => {
    for (const spy of spies) spy.mockRestore();
  });
}
