#!/usr/bin/env bash
# Every test of the portal: types, schema freshness, unit and integration (PGlite and PostgreSQL), browser.
set -uo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-installed.mjs || exit 1
mkdir -p .tmp

# Server tests also run on a PostgreSQL server: TEST_DATABASE_URL, or the local one when it answers.
if [ -z "${TEST_DATABASE_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
fi
echo "== PostgreSQL for server tests: ${TEST_DATABASE_URL:-none (PGlite only)}"

fail=0
step() { local name=$1 started=$SECONDS; echo; echo "== $name"; shift; "$@" || { echo "FAILED: $*"; fail=1; }; echo "== $name: $((SECONDS - started)) s"; }

# Every step is CPU-bound on two cores except the browser tests, which leave about a fifth of the CPU idle (the
# browser waits on the portal and on timers). So the checks go there: the type check and ESLint run beside the
# browser tests (beside the unit tests when the browser tests are skipped), and print their output and time after.
finish() { local pid=$1 log=$2; wait "$pid"; grep -v '^exit [0-9]*$' "$log"; grep -qx 'exit 0' "$log"; }

step "GraphQL schema and generated operations are current" node --import tsx scripts/check-generated.ts
step "build the web app" npm run --silent build

checks() {
  local started=$SECONDS
  { npm run --silent typecheck; echo "exit $?"; echo "typecheck took $((SECONDS - started)) s"; } > .tmp/typecheck.log 2>&1 &
  typecheck_pid=$!
  { npm run --silent lint; echo "exit $?"; echo "lint took $((SECONDS - started)) s"; } > .tmp/lint.log 2>&1 &
  lint_pid=$!
}
[ "${SKIP_E2E:-}" = "1" ] && checks
step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
if [ "${SKIP_E2E:-}" != "1" ]; then
  checks
  step "browser tests (Playwright, Chromium; the type check and ESLint beside them)" env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
fi
step "typecheck" finish "$typecheck_pid" .tmp/typecheck.log
step "lint (ESLint, zero warnings)" finish "$lint_pid" .tmp/lint.log
echo; echo "== whole test run: $((SECONDS / 60)) min $((SECONDS % 60)) s"
node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json
exit $fail
