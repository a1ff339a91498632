#!/usr/bin/env bash
# `npm test`: runs the whole suite. When no Secret Service is reachable but gnome-keyring is installed,
# the suite runs inside a private D-Bus session with a private unlocked keyring (scripts/with-keyring.sh),
# so keychain tests use a real keychain and never the user's own.
set -euo pipefail
cd "$(dirname "$0")/.."
has_secret_service() {
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] &&
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"
}
if [ -z "${MINERDECK_IN_PRIVATE_BUS:-}" ] && ! has_secret_service \
  && command -v gnome-keyring-daemon >/dev/null && command -v dbus-run-session >/dev/null; then
  exec scripts/with-keyring.sh npx vitest run "$@"
fi
exec npx vitest run "$@"
