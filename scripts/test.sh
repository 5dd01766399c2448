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

# ESLint (type-checked rules, one core, the longest of these) runs while the schema check, the web build and the type
# check use the other, and goes on into the unit tests' first minute; its output and time follow the unit tests.
lint_started=$SECONDS
{ npm run --silent lint; echo "exit $?"; echo "lint took $((SECONDS - lint_started)) s"; } > .tmp/lint.log 2>&1 &
lint_pid=$!
step "GraphQL schema and generated operations are current" node --import tsx scripts/check-generated.ts
step "build the web app" npm run --silent build
step "typecheck" npm run --silent typecheck
lint_done() { wait "$lint_pid"; cat .tmp/lint.log; grep -qx 'exit 0' .tmp/lint.log; }
step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
step "lint (ESLint, zero warnings)" lint_done
if [ "${SKIP_E2E:-}" != "1" ]; then
  step "browser tests (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
fi
echo; echo "== whole test run: $((SECONDS / 60)) min $((SECONDS % 60)) s"
node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json
exit $fail
