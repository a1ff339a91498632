/**
 * The app built once per source state, shared by every e2e suite and the UI benchmark: `electron-vite
 * build` into tests/.tmp/built-app/<hash of the sources>, where the hash covers the renderer, shared,
 * electron code and the build config. Suites in parallel workers wait for one build instead of running
 * several (each takes 10–20 s on a 2-core machine): the first takes a lock folder, the others poll.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './run-cli';

const run = promisify(execFile);
const SOURCES = ['renderer', 'shared', 'electron', 'electron.vite.config.ts', 'package-lock.json'];
const ROOT = join(REPO_ROOT, 'tests/.tmp/built-app');
const STALE_LOCK_MS = 180_000;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** Changes whenever a file the build reads changes. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => filesUnder(join(REPO_ROOT, s))).sort()) {
    hash.update(relative(REPO_ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The folder holding `main/`, `preload/` and `renderer/` of the current sources. */
export async function builtApp(): Promise<string> {
  const hash = sourceHash();
  const out = join(ROOT, hash);
  const done = join(out, 'renderer/index.html');
  const lock = `${out}.lock`;
  mkdirSync(ROOT, { recursive: true });
  for (;;) {
    if (existsSync(done) && !existsSync(lock)) return out;
    try {
      mkdirSync(lock);
    } catch {
      // Another worker builds; a lock older than any build is left by a killed run.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(done)) {
        const cli = join(REPO_ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
        await run(process.execPath, [cli, 'build', '--outDir', out, '--logLevel', 'error'], {
          cwd: REPO_ROOT,
          timeout: 170_000,
        });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
    // Older builds are dropped so tests/.tmp does not grow with every change.
    for (const name of readdirSync(ROOT)) {
      if (name !== hash && !name.endsWith('.lock'))
        rmSync(join(ROOT, name), { recursive: true, force: true });
    }
    return out;
  }
}
