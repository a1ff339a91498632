/**
 * The built CLI for the tests and benchmarks that run it (run-cli.ts): `npm run build:cli`'s esbuild
 * bundle in out/cli, built once per test run by vitest's global setup (vitest.config.ts) — about a
 * second, and a no-op on disk when the sources did not change, so every run tests the current sources.
 * Parallel runs (several suites on one checkout) may rebuild it while another runs it:
 * scripts/build-cli.mjs writes each file atomically and keeps the chunks an older entry imports.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './run-cli';

/** Builds out/cli from the current sources; throws with esbuild's message when the build fails. */
export function buildCliBundle(): void {
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-cli.mjs')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  });
}

/** vitest global setup: runs once before any test file of the node project. */
export default function setup(): void {
  buildCliBundle();
}
