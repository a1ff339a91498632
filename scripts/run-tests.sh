#!/usr/bin/env bash
# `npm test`: runs the whole suite. When no Secret Service is reachable but gnome-keyring is installed,
# the suite runs inside a private D-Bus session with a private unlocked keyring (scripts/with-keyring.sh),
# so keychain tests use a real keychain and never the user's own.
#
# With no arguments, scripts/run-suite.sh runs the whole suite on two lanes side by side (the unit tests
# then the CLI's integration tests in the background; the other integration and the browser tests in
# front, one file at a time, one retry), then a few timing-sensitive files alone; every failure is repeated
# at the very end and the exit status is the worst of the runs.
# With arguments (files, folders, vitest flags), one vitest runs exactly what was asked.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -gt 0 ]; then
  exec scripts/with-keyring.sh --if-missing npx vitest run "$@"
fi
exec scripts/with-keyring.sh --if-missing bash scripts/run-suite.sh
