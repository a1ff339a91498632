#!/usr/bin/env bash
# Runs a command on a private D-Bus session with a fresh gnome-keyring of its own, optionally LOCKED, so
# tests can see how the app behaves with a locked keyring without touching the suite's shared keyring
# (or the developer's). Everything lives in a throw-away folder; the daemon is stopped after.
#
#   tests/support/private-keyring.sh [--locked] <command…>
set -euo pipefail
if [ -z "${MINERDECK_PRIVATE_KEYRING_INNER:-}" ]; then
  export MINERDECK_PRIVATE_KEYRING_INNER=1
  exec dbus-run-session -- "$0" "$@"
fi
locked=0
if [ "${1:-}" = "--locked" ]; then
  locked=1
  shift
fi

keyring_home=$(mktemp -d -t minerdeck-private-keyring.XXXXXX)
export XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/run" XDG_CACHE_HOME="$keyring_home/cache"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" "$XDG_CACHE_HOME" && chmod 700 "$XDG_RUNTIME_DIR"
daemon_env=$(printf %s "private-keyring" | gnome-keyring-daemon --unlock --components=secrets)
eval "$daemon_env"
export GNOME_KEYRING_CONTROL
daemon_pid="${GNOME_KEYRING_PID:-}"
cleanup() {
  [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null || true
  rm -rf "$keyring_home"
}
trap cleanup EXIT

on_bus() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"
}
for _ in $(seq 1 50); do on_bus && break; sleep 0.1; done

if [ "$locked" = 1 ]; then
  dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \
    org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
  dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets/collection/login \
    org.freedesktop.DBus.Properties.Get string:org.freedesktop.Secret.Collection string:Locked |
    grep -q "boolean true" || { echo "private-keyring: could not lock the keyring" >&2; exit 97; }
fi
"$@"
