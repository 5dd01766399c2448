// The run's closing lines from the vitest and Playwright JSON reports: each failure with the start of its error (a CI
// log is often read from its end only), then one line for the whole run, "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

const ERROR_LINES = 8;
let passed = 0,
  failed = 0,
  skipped = 0;
const failures = [];

// Terminal colour codes begin with the escape character.
// oxlint-disable-next-line no-control-regex
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLines = (text) =>
  plain(text)
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, ERROR_LINES)
    .map((line) => `    ${line}`);

const SNAPSHOT_LINES = 40;
/**
 * What the page showed when a browser test failed (the accessibility snapshot Playwright writes into its error context):
 * a CI machine's screenshots stay on it, and this is often what tells a slow page from a wrong one.
 */
function pageAtFailure(attachments = []) {
  const context = attachments.find((a) => a.name === 'error-context' && a.path && existsSync(a.path));
  if (!context) return [];
  const snapshot = /```yaml\n([\s\S]*?)```/.exec(readFileSync(context.path, 'utf8'))?.[1];
  if (!snapshot) return [];
  const lines = snapshot.split('\n').filter((line) => line.trim());
  const shown = lines.slice(0, SNAPSHOT_LINES).map((line) => `      ${line}`);
  if (lines.length > SNAPSHOT_LINES) shown.push(`      … ${lines.length - SNAPSHOT_LINES} more lines`);
  return ['    the page at the failure:', ...shown];
}

function* playwrightTests(suite) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { spec, test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child);
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === 'failed')
          failures.push([
            `vitest ${result.name}: ${assertion.fullName}`,
            ...firstLines(assertion.failureMessages?.join('\n')),
          ]);
      }
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((a) => a.status === 'failed')) {
        failures.push([`vitest ${result.name}: the file failed to run`, ...firstLines(result.message)]);
      }
    }
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) {
      for (const { spec, test } of playwrightTests(suite)) {
        const last = test.results?.at(-1);
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        const where = last.error?.location
          ? `${last.error.location.file}:${last.error.location.line}`
          : `${spec.file}:${spec.line}`;
        failures.push([
          `playwright ${spec.title} (${last.status} after ${Math.round(last.duration / 1000)} s, at ${where})`,
          ...firstLines(last.error?.message),
          ...pageAtFailure(last.attachments),
        ]);
      }
    }
  }
}
if (failures.length) console.log(`\nfailures:\n${failures.map((lines) => `  ${lines.join('\n')}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
