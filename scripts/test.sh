#!/usr/bin/env bash
# Every test of the portal: formatting, types, schema freshness, unit and integration (PGlite and PostgreSQL), browser.
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

# Every step is CPU-bound on two cores except the unit and integration tests, which spend much of their time waiting
# on databases and the server processes they start, and the browser tests, which leave about a fifth of the CPU idle
# (the browser waits on the portal and on timers). So the checks go where there is room: formatting, the generated
# code's freshness and the type check beside the unit and integration tests, ESLint (one core for about a minute)
# beside the browser tests. Their output is printed when they finish, after the step they ran beside.
# A check (an npm script) in the background, its output and time in .tmp/NAME.log; `finish NAME` waits for it, prints
# the log and fails when the check did.
pid_of() { echo "pid_${1//[^a-zA-Z0-9]/_}"; }
start_check() { local name=$1 started=$SECONDS; { npm run --silent "$name"; echo "exit $?"; echo "$name took $((SECONDS - started)) s"; } > ".tmp/$name.log" 2>&1 & eval "$(pid_of "$name")=$!"; }
finish() { local pid_var log=".tmp/$1.log"; pid_var=$(pid_of "$1"); wait "${!pid_var}"; grep -v '^exit [0-9]*$' "$log"; grep -qx 'exit 0' "$log"; }

step "build the web app" npm run --silent build

start_check format:check
start_check check-generated
start_check typecheck
step "unit and integration tests (formatting, generated code and the type check beside them)" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
step "formatting (Prettier; npm run format fixes it)" finish format:check
step "GraphQL schema and generated operations are current" finish check-generated
step "typecheck" finish typecheck

start_check lint
if [ "${SKIP_E2E:-}" != "1" ]; then
  step "browser tests (Playwright, Chromium; ESLint beside them)" env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
fi
step "lint (ESLint, zero warnings)" finish lint
echo; echo "== whole test run: $((SECONDS / 60)) min $((SECONDS % 60)) s"
node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json
exit $fail
