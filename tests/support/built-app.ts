/**
 * The app built once per source state, shared by every e2e suite and the UI benchmark: `electron-vite
 * build` into tests/.tmp/built-app/<hash of the sources>, where the hash covers the renderer, shared,
 * electron code and the build config. Suites in parallel workers wait for one build instead of running
 * several (each takes 10–20 s on a 2-core machine): the first takes a lock folder, the others poll.
 *
 * Several engineers (or terminals) run suites on one checkout at once, each against the sources as they
 * were when it started: a build is dropped only once no running process uses it. Each process that gets a
 * build leaves a lease (`<hash>.users/<pid>`); older builds are removed after a new build only when none
 * of their leases is held by a live process, none was taken in the last minutes, and no one is building
 * them. No extra build, so CI takes no longer.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './run-cli';

const run = promisify(execFile);
const SOURCES = ['renderer', 'shared', 'electron', 'electron.vite.config.ts', 'package-lock.json'];
const ROOT = join(REPO_ROOT, 'tests/.tmp/built-app');
const STALE_LOCK_MS = 180_000;
/** A build whose lease was taken this recently is kept, whatever became of the process (it may be starting). */
const RECENT_USE_MS = 10 * 60_000;
/** A build folder's name: the source hash. */
const BUILD_NAME = /^[0-9a-f]{16}$/;

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lease files this process holds, removed when it exits. */
const leases = new Set<string>();

/** Marks `out` as used by this process until it exits (refreshed on every call). */
function takeLease(out: string): void {
  const users = `${out}.users`;
  const lease = join(users, String(process.pid));
  mkdirSync(users, { recursive: true });
  writeFileSync(lease, new Date().toISOString());
  if (leases.size === 0) process.once('exit', () => leases.forEach((file) => rmSync(file, { force: true })));
  leases.add(lease);
}

/** Whether a live process holds a lease on the build in `root/name`, or one was taken recently. */
function inUse(root: string, name: string, now: number): boolean {
  const users = join(root, `${name}.users`);
  if (!existsSync(users)) return false;
  return readdirSync(users).some((pid) => {
    const taken = statSync(join(users, pid), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    return now - taken < RECENT_USE_MS || isAlive(Number(pid));
  });
}

/**
 * Removes the builds in `root` other than `keep` that nobody uses or builds (see the file comment). Each is
 * first renamed away, so a process looking for it at that moment builds it again rather than finding it
 * half removed.
 */
export function dropUnusedBuilds(root: string, keep: string, now = Date.now()): void {
  for (const name of readdirSync(root)) {
    // What a killed run was removing.
    const dropper = /\.dropped-(\d+)$/.exec(name)?.[1];
    if (dropper !== undefined && !isAlive(Number(dropper)))
      rmSync(join(root, name), { recursive: true, force: true });
    if (name === keep || !BUILD_NAME.test(name)) continue;
    const lock = statSync(join(root, `${name}.lock`), { throwIfNoEntry: false });
    if (lock !== undefined && now - lock.mtimeMs < STALE_LOCK_MS) continue;
    if (inUse(root, name, now)) continue;
    const trash = join(root, `${name}.dropped-${process.pid}`);
    try {
      renameSync(join(root, name), trash);
    } catch {
      continue; // Another process dropped it first.
    }
    rmSync(trash, { recursive: true, force: true });
    rmSync(join(root, `${name}.users`), { recursive: true, force: true });
  }
}

/** The folder holding `main/`, `preload/` and `renderer/` of the current sources. */
export async function builtApp(): Promise<string> {
  const hash = sourceHash();
  const out = join(ROOT, hash);
  const done = join(out, 'renderer/index.html');
  const lock = `${out}.lock`;
  mkdirSync(ROOT, { recursive: true });
  // The lease comes before the check, so a process dropping old builds sees it from then on.
  takeLease(out);
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
    // Older builds are dropped so tests/.tmp does not grow with every change, once nobody uses them.
    dropUnusedBuilds(ROOT, hash);
    return out;
  }
}
