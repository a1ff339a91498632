#!/usr/bin/env bash
# `npm test`: runs the whole suite. When no Secret Service is reachable but gnome-keyring is installed,
# the suite runs inside a private D-Bus session with a private unlocked keyring (scripts/with-keyring.sh),
# so keychain tests use a real keychain and never the user's own.
#
# With no arguments, the unit tests (tests/unit: no devices, no browser, short) run in a vitest of their
# own beside the rest (integration and browser tests, which spend much of their time waiting on devices'
# and the browser's clocks, one file at a time, one retry): on a 2-core CI machine that keeps both cores busy. The
# unit output comes after the rest's, then every failure again at the very end; the exit status is the
# worse of the two.
# With arguments (files, folders, vitest flags), one vitest runs exactly what was asked.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -gt 0 ]; then
  exec scripts/with-keyring.sh --if-missing npx vitest run "$@"
fi
exec scripts/with-keyring.sh --if-missing bash scripts/run-suite.sh
