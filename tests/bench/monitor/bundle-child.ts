/**
 * The monitor benchmark's measured processes (the monitoring process and the bare floor) run as bundled
 * JavaScript, built the way the shipped `minerdeck` CLI is (scripts/build-cli.mjs: esbuild, one ES module
 * for Node 20, dependencies included) — not through the tsx loader the other children use.
 *
 * Why: tsx compiles with esbuild's `keepNames`, which wraps every function made at run time in
 * `__name(fn, "fn")`, an `Object.defineProperty` on the new function. That turns each closure into an
 * object with a property dictionary of its own (≈ 250 bytes more, measured in a heap snapshot: 3.5 a device
 * kept, 8.8 MB at 10,000 devices, and a define per closure made by each poll), and the loader itself adds
 * ≈ 45 MB of RSS before any device. Neither the CLI bundle nor Electron's main process (electron-vite) keeps
 * names, so the figures under tsx were the loader's as much as the monitor's.
 * `MONITOR_BENCH_TSX=1` runs them through tsx as before, for comparing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from '../../support/run-cli';

/**
 * CommonJS dependencies (http-parser-js) call `require`, which an ES module does not have: the CLI bundle
 * makes one the same way (its banner).
 */
const BANNER =
  "import { createRequire as __benchRequire } from 'node:module';\nconst require = __benchRequire(import.meta.url);";

export interface Bundled {
  /** The bundled script of each entry, by the entry's path as given. */
  scripts: Map<string, string>;
  dispose(): Promise<void>;
}

/** Bundles each entry (paths relative to the repository) into a temporary directory. */
export async function bundleChildren(entries: readonly string[]): Promise<Bundled> {
  const dir = await mkdtemp(join(tmpdir(), 'minerdeck-monitor-bench-'));
  const scripts = new Map<string, string>();
  for (const entry of entries) {
    const outfile = join(dir, basename(entry).replace(/\.ts$/, '.mjs'));
    await build({
      entryPoints: [join(REPO_ROOT, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      legalComments: 'none',
      banner: { js: BANNER },
      logLevel: 'warning',
    });
    scripts.set(entry, outfile);
  }
  return { scripts, dispose: () => rm(dir, { recursive: true, force: true }) };
}
