#!/usr/bin/env bash
# Runs a command with a private, unlocked Secret Service (gnome-keyring) on a private D-Bus session, so
# keychain tests talk to a real keychain without touching the user's own. Used by `npm test` when no
# Secret Service is on the bus. The keyring lives in a throw-away folder and the daemon is stopped after.
#
#   scripts/with-keyring.sh <command…>    (re-executes itself inside dbus-run-session)
set -euo pipefail
if [ -z "${MINERDECK_IN_PRIVATE_BUS:-}" ]; then
  export MINERDECK_IN_PRIVATE_BUS=1
  exec dbus-run-session -- "$0" "$@"
fi

keyring_home=$(mktemp -d -t minerdeck-keyring.XXXXXX)
export XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

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
for _ in $(seq 1 50); do
  if dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; then
    break
  fi
  sleep 0.1
done
"$@"
