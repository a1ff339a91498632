#!/usr/bin/env bash
# `npm test`: runs the whole suite. When no Secret Service is reachable but gnome-keyring is installed,
# the suite runs inside a private D-Bus session with a private unlocked keyring (scripts/with-keyring.sh),
# so keychain tests use a real keychain and never the user's own.
set -euo pipefail
cd "$(dirname "$0")/.."
exec scripts/with-keyring.sh --if-missing npx vitest run "$@"
