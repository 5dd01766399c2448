import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol rather than added as a <script>: the portal's
// Content-Security-Policy (script-src 'self') rightly refuses inline scripts.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns the violations. Frames are left out: the only one is the
 * schedule PDF, which is not a document axe can read. Throws if axe checked nothing at all.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // @ts-expect-error -- injected above
    const result = await window.axe.run(document, { iframes: false, resultTypes: ['violations'] });
    if (result.passes.length === 0) throw new Error('axe ran no passing check: nothing was scanned');
    return result.violations.map((v: AxeViolation) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** A readable list for a failure message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .map(
            (n) => `    at ${JSON.stringify(n.target)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

/** Fails the test on any serious or critical violation, once animations have settled. */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    polling: 100,
  });
  const severe = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(severe, `axe on ${what}:\n${describeViolations(severe)}`).toEqual([]);
}
