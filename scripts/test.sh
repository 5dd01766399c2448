#!/usr/bin/env bash
# Every test of the portal: formatting, types, schema freshness, unit and integration (PGlite and PostgreSQL), browser.
set -uo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-installed.mjs || exit 1
mkdir -p .tmp

# The barcode and facts tests read real photos from the shared datasets (README): one clear line when they are not
# there, instead of a failure in every test that reads one.
datasets="${DATASETS_DIR:-../shared/datasets}"
if [ ! -d "$datasets/barcode-photos" ]; then
  echo "The test photos were not found at $datasets/barcode-photos: clone beside ../shared, or set DATASETS_DIR to its datasets folder." >&2
  exit 1
fi

# Server tests also run on a PostgreSQL server: TEST_DATABASE_URL, or the local one when it answers.
if [ -z "${TEST_DATABASE_URL:-}" ] && command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test
fi
echo "== PostgreSQL for server tests: ${TEST_DATABASE_URL:-none (PGlite only)}"

fail=0
step() { local name=$1 started=$SECONDS; echo; echo "== $name"; shift; "$@" || { echo "FAILED: $*"; fail=1; }; echo "== $name: $((SECONDS - started)) s"; }

# The two test steps spend most of their time waiting rather than computing: the unit and integration tests on
# databases and the server processes they start, the browser tests on the portal, its jobs and the browser's timers.
# Run one after the other, each left most of the two cores idle; so they run at the same time, and the checks
# (formatting, the generated code's freshness, the lint with its type check), which only compute, fill what is left.
# A step in the background writes its output and time to .tmp/NAME.log; `finish NAME` waits for it, prints the log
# and fails when the step did. The unit and integration tests print as they go; the others after them.
pid_of() { echo "pid_${1//[^a-zA-Z0-9]/_}"; }
start() { local name=$1 started=$SECONDS; shift; { "$@"; echo "exit $?"; echo "$name took $((SECONDS - started)) s"; } > ".tmp/$name.log" 2>&1 & eval "$(pid_of "$name")=$!"; }
start_check() { start "$1" npm run --silent "$1"; }
finish() { local pid_var log=".tmp/$1.log"; pid_var=$(pid_of "$1"); wait "${!pid_var}"; grep -v '^exit [0-9]*$' "$log"; grep -qx 'exit 0' "$log"; }

step "build the web app and the server" npm run --silent build

# The browser tests' portal, mail catcher and identity provider listen on fixed ports shifted by E2E_PORT_OFFSET
# (playwright.config.ts), as do the portals two specs start of their own (3967 and 3969). Unless it is set, another
# run or a service on this machine may hold them (RabbitMQ's epmd holds 4369): take the first offset, from one this
# process's id picks, whose six ports nobody answers on.
in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [ -z "${E2E_PORT_OFFSET:-}" ]; then
  for i in $(seq 0 49); do
    offset=$(( ((i + $$) % 50) * 100 ))
    in_use $((3917 + offset)) || in_use $((2592 + offset)) || in_use $((2591 + offset)) || in_use $((9317 + offset)) ||
      in_use $((3967 + offset)) || in_use $((3969 + offset)) || break
  done
  export E2E_PORT_OFFSET=$offset
fi

e2e=0
if [ "${SKIP_E2E:-}" != "1" ]; then
  e2e=1
  start playwright env PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/playwright.json npx playwright test --reporter=list,json
fi
start_check format:check
start_check check-generated
start_check lint
step "unit and integration tests (the browser tests and the checks beside them)" npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json
step "formatting (oxfmt; npm run format fixes it)" finish format:check
step "GraphQL schema and generated operations are current" finish check-generated
step "lint and type check (oxlint with TypeScript 7's checker, zero warnings)" finish lint
if [ "$e2e" = 1 ]; then step "browser tests (Playwright, Chromium)" finish playwright; fi
echo; echo "== whole test run: $((SECONDS / 60)) min $((SECONDS % 60)) s"
node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json
exit $fail
