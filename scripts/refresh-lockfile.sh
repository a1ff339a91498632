#!/usr/bin/env bash
# Rebuilds package-lock.json from package.json in a clean folder. npm can drop platform-specific optional
# packages (rollup's native builds) from a lockfile updated in place (npm/cli#4828), after which `npm ci`
# on a fresh machine refuses the lockfile. Run this after adding or removing a dependency;
# tests/unit/build/lockfile.test.ts fails when the lockfile has that gap.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp package.json "$work/"
(cd "$work" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund >/dev/null)
cp "$work/package-lock.json" package-lock.json
echo "package-lock.json rebuilt from package.json"
