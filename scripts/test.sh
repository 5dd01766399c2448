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
step() { echo; echo "== $1"; shift; "$@" || { echo "FAILED: $*"; fail=1; }; }

# The type check (one core) runs while the schema check and the web build use the other; its output follows them.
npm run --silent typecheck > .tmp/typecheck.log 2>&1 &
typecheck_pid=$!
step "GraphQL schema and generated operations are current" node --import tsx scripts/check-generated.ts
step "build the web app" npm run --silent build
typecheck_done() { wait "$typecheck_pid"; local rc=$?; cat .tmp/typecheck.log; return $rc; }
step "typecheck" typecheck_done
step "unit and integration tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
if [ "${SKIP_E2E:-}" != "1" ]; then
  step "browser tests (Playwright, Chromium)" env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
fi
node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json
exit $fail
