#!/usr/bin/env bash
# The whole suite in two vitest runs side by side (scripts/run-tests.sh says why): tests/unit in the
# background, its output kept in a file and shown at the end; integration and browser tests in front.
set -uo pipefail
cd "$(dirname "$0")/.."
# A test file anywhere else would run in neither: refuse rather than skip it silently.
stray=$(find tests -path tests/.tmp -prune -o \( -name '*.test.ts' -o -name '*.test.tsx' \) -print |
  grep -v -E '^tests/(unit|integration|e2e)/' || true)
if [ -n "$stray" ]; then
  echo "test files outside tests/unit, tests/integration and tests/e2e would not run: $stray" >&2
  exit 1
fi
unit_log=$(mktemp)
trap 'rm -f "$unit_log"' EXIT
npx vitest run tests/unit >"$unit_log" 2>&1 &
unit_pid=$!
npx vitest run tests/integration tests/e2e
rest=$?
wait "$unit_pid"
unit=$?
printf '\n=== unit tests (ran beside the rest) ===\n'
cat "$unit_log"
if [ "$rest" -ne 0 ] || [ "$unit" -ne 0 ]; then
  echo "tests failed: integration and browser tests exit $rest, unit tests exit $unit" >&2
  exit 1
fi
