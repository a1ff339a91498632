#!/usr/bin/env bash
# Runs a command with a private Secret Service (gnome-keyring) on a private D-Bus session, so keychain tests
# talk to a real keychain without touching the user's own. Used by `npm test` when no Secret Service is on
# the bus, and by tests that need a keyring of their own (`--locked`: to see how the app meets a locked
# one). The keyring lives in a throw-away folder and the daemon is stopped after.
#
#   scripts/with-keyring.sh [--locked] <command…>    (re-executes itself inside dbus-run-session)
#   scripts/with-keyring.sh --if-missing <command…>  only when no Secret Service is on the session bus (and
#                                   gnome-keyring is installed); else runs the command as it is. For `npm test`
#                                   and `npm run demo` (a laptop without a keyring running).
set -euo pipefail
has_secret_service() {
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] &&
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"
}
if [ "${1:-}" = "--if-missing" ]; then
  shift
  if [ -n "${MINERDECK_IN_PRIVATE_BUS:-}" ] || has_secret_service ||
    ! command -v gnome-keyring-daemon >/dev/null || ! command -v dbus-run-session >/dev/null; then
    exec "$@"
  fi
  echo "with-keyring: no Secret Service is running in this session: a private keyring serves this run" \
    "(its contents are removed when it ends)." >&2
fi
if [ "${MINERDECK_KEYRING_STAGE:-}" != inner ]; then
  export MINERDECK_KEYRING_STAGE=inner
  exec dbus-run-session -- "$0" "$@"
fi
# Not inherited: a test inside this session that asks for a keyring of its own gets a new bus.
unset MINERDECK_KEYRING_STAGE
export MINERDECK_IN_PRIVATE_BUS=1
locked=0
if [ "${1:-}" = "--locked" ]; then
  locked=1
  shift
fi

keyring_home=$(mktemp -d -t minerdeck-keyring.XXXXXX)
export XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/run" XDG_CACHE_HOME="$keyring_home/cache"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" "$XDG_CACHE_HOME" && chmod 700 "$XDG_RUNTIME_DIR"

# --unlock reads the login keyring's password from stdin and creates the keyring unlocked.
daemon_env=$(printf %s "minerdeck-test" | gnome-keyring-daemon --unlock --components=secrets)
eval "$daemon_env"
export GNOME_KEYRING_CONTROL
daemon_pid="${GNOME_KEYRING_PID:-}"
cleanup() {
  [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null || true
  rm -rf "$keyring_home"
}
trap cleanup EXIT

# Wait (bounded) until the Secret Service name is on the bus.
for _ in $(seq 1 50); do has_secret_service && break; sleep 0.1; done

if [ "$locked" = 1 ]; then
  dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
    org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
  dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
    org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked |
    grep -q "boolean true" || { echo "with-keyring: could not lock the keyring" >&2; exit 97; }
fi
"$@"
