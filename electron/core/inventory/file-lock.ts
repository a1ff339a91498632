/**
 * One writer at a time across processes: the app and a `minerdeck` command in a terminal may both change
 * the inventory, and a read-modify-write of one would otherwise lose the other's change. The lock is a file
 * holding its owner (PID, host, a random token), created atomically; it is held only for one
 * read-modify-write, milliseconds.
 *
 * A writer killed with SIGKILL leaves its lock file behind. It is stale when its PID no longer runs on
 * this host (or is our own PID with a token we never issued: an earlier process that had our PID), or
 * when it stayed unreadable for `unreadableStaleMs` (possible only where the lock had to be created with
 * O_EXCL and then written). A stale lock is moved aside, checked to be the one judged stale, and removed;
 * a lock on another host is never broken. Temporary files are named `<lock>.<pid>.<random>.tmp`, so the
 * store removes those of dead processes.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';

export interface LockOwner {
  pid: number;
  hostname: string;
  token: string;
  acquiredAt: string;
}

export interface FileLock {
  readonly owner: LockOwner;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): Promise<void>;
}

export interface LockOptions {
  /** How long to wait for another writer; default 5 s (a write takes milliseconds). */
  timeoutMs?: number;
  retryMs?: number;
  /** An unreadable lock file older than this is stale; default 10 s. */
  unreadableStaleMs?: number;
  hostname?: string;
}

/** Tokens of the locks this process holds: a lock with our PID and another token is a dead namesake's. */
const heldTokens = new Set<string>();

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;

/** Signal 0 checks existence without signalling; EPERM means it exists but belongs to another user. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

async function readOwner(path: string): Promise<LockOwner | undefined> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<LockOwner>;
    if (
      typeof value.pid !== 'number' ||
      typeof value.hostname !== 'string' ||
      typeof value.token !== 'string'
    ) {
      return undefined;
    }
    return value as LockOwner;
  } catch {
    return undefined;
  }
}

async function isStale(
  path: string,
  owner: LockOwner | undefined,
  o: Required<LockOptions>,
): Promise<boolean> {
  if (owner === undefined) {
    const info = await stat(path).catch(() => undefined);
    return info !== undefined && Date.now() - info.mtimeMs > o.unreadableStaleMs;
  }
  if (owner.hostname !== o.hostname) return false;
  if (owner.pid === process.pid) return !heldTokens.has(owner.token);
  return !isProcessAlive(owner.pid);
}

/** Moves the stale lock aside and removes it; gives back a lock that a live writer took meanwhile. */
async function breakLock(path: string, judged: LockOwner | undefined): Promise<void> {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await rename(path, aside);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return;
    throw error;
  }
  const moved = await readOwner(aside);
  if (moved?.token !== judged?.token) await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
}

/**
 * Creates the lock file with its owner already in it: written to a temporary file, then hard-linked to the
 * lock's name, which fails if the lock exists. So a writer killed at any moment leaves either no lock or a
 * readable one. Where the file system has no hard links (FAT on a USB stick) it falls back to O_EXCL.
 */
async function tryCreate(path: string, owner: LockOwner): Promise<boolean> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(owner), { mode: 0o600 });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    return await tryCreateExclusive(path, owner);
  } finally {
    await rm(temp, { force: true });
  }
}

async function tryCreateExclusive(path: string, owner: LockOwner): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, 'wx', 0o600);
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
  } finally {
    await handle.close();
  }
  return true;
}

export async function acquireLock(path: string, options: LockOptions = {}): Promise<Result<FileLock>> {
  const o: Required<LockOptions> = {
    timeoutMs: options.timeoutMs ?? 5_000,
    retryMs: options.retryMs ?? 15,
    unreadableStaleMs: options.unreadableStaleMs ?? 10_000,
    hostname: options.hostname ?? osHostname(),
  };
  const owner: LockOwner = {
    pid: process.pid,
    hostname: o.hostname,
    token: randomBytes(8).toString('hex'),
    acquiredAt: new Date().toISOString(),
  };
  const deadline = Date.now() + o.timeoutMs;
  for (;;) {
    // Registered before the file exists: another store of this process may read it at once.
    heldTokens.add(owner.token);
    let created = false;
    try {
      created = await tryCreate(path, owner);
    } finally {
      if (!created) heldTokens.delete(owner.token);
    }
    if (created) {
      let released = false;
      return ok({
        owner,
        async release() {
          if (released) return;
          released = true;
          heldTokens.delete(owner.token);
          if ((await readOwner(path))?.token === owner.token) await rm(path, { force: true });
        },
      });
    }
    const current = await readOwner(path);
    if (await isStale(path, current, o)) {
      await breakLock(path, current);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = current === undefined ? 'another process' : `process ${current.pid} on ${current.hostname}`;
      return errWithText(
        'TIMEOUT',
        `The inventory is being written by ${who} (lock file ${path}); try again in a moment.`,
        current === undefined
          ? message('errors.inventory.lockedByOther', { path })
          : message('errors.inventory.lockedBy', { pid: current.pid, host: current.hostname, path }),
        { lockPath: path },
      );
    }
    await sleep(o.retryMs);
  }
}
