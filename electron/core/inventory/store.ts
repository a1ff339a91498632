/**
 * The inventory file in the data folder: loaded, migrated and validated on every read (cheaply: a file
 * whose size, time and inode did not change since this store read or wrote it is not parsed again),
 * changed only through `update`, a read-modify-write that runs one at a time in this process and under the
 * lock file across processes, so the app and a terminal command never lose each other's changes.
 *
 * A file that cannot be used is never silently replaced: an unreadable or invalid one is renamed aside
 * (`inventory.corrupt-<time>.json`) and reported before an empty inventory starts; an older one is copied
 * to `inventory.v<N>.json` before its first migrated write; a newer one is refused, read and write.
 */
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { InventoryProblem } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-file';
import type { UpdateOne } from './update-batching';
import { batchedUpdates } from './update-batching';
import type { LockOptions } from './file-lock';
import { acquireLock } from './file-lock';
import { migrate } from './migrations';
import type { Inventory } from './schema';
import { describeIssues, emptyInventory, INVENTORY_SCHEMA_VERSION, inventorySchema } from './schema';

export const INVENTORY_FILE = 'inventory.json';
const LOCK_FILE = 'inventory.lock';

export interface InventoryStoreOptions {
  dataDir: string;
  lock?: LockOptions;
  now?: () => Date;
}

export interface InventoryStore {
  readonly dataDir: string;
  readonly path: string;
  /** The current inventory, validated; a copy the caller may keep. */
  load(): Promise<Result<Inventory>>;
  /**
   * Runs `change` on a fresh copy of the inventory under the lock and writes the result atomically when
   * `change` succeeds and changed something. Nothing is written when it fails. Updates asked for while
   * one is written share the next write (update-batching.ts): `change` may run more than once, each
   * time on a fresh copy, and must change nothing but its draft.
   */
  update<T>(change: (draft: Inventory) => Result<T>): Promise<Result<T>>;
  /** What loading found (a corrupt file kept aside, a migration), oldest first; for the UI and the CLI. */
  problems(): InventoryProblem[];
}

interface Loaded {
  inventory: Inventory;
  /** The file's bytes when it was migrated from an older version, to keep before overwriting. */
  migratedFrom?: { version: number; text: string };
  /** `inventory` as compact JSON, made once (an update compares its draft with it to skip a no-op write). */
  json?: string;
}

/** The file is the same while these are (an atomic write makes a new inode). */
const keyOf = (info: { size: number; mtimeMs: number; ino: number }): string =>
  `${info.size}:${info.mtimeMs}:${info.ino}`;

const codeOf = (error: unknown): string | undefined => (error as NodeJS.ErrnoException | undefined)?.code;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
/** `2025-11-21T00-36-12-345Z`: sortable, and valid in a Windows file name. */
const fileTime = (date: Date): string => date.toISOString().replace(/[:.]/g, '-');

export function createInventoryStore(options: InventoryStoreOptions): InventoryStore {
  const { dataDir } = options;
  const now = options.now ?? (() => new Date());
  const path = join(dataDir, INVENTORY_FILE);
  const lockPath = join(dataDir, LOCK_FILE);
  const problems: InventoryProblem[] = [];
  let cache: { key: string; loaded: Loaded } | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  async function withLock<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const lock = await acquireLock(lockPath, options.lock);
    if (!lock.ok) return lock;
    try {
      await removeStaleTempFiles(path);
      await removeStaleTempFiles(lockPath);
      return await task();
    } finally {
      await lock.value.release();
    }
  }

  /** Renames the unusable file aside, unless another writer replaced it meanwhile. */
  async function keepAside(
    text: string,
    reason: string,
    locked: boolean,
    reasonText?: MessageRef,
  ): Promise<Result<Loaded>> {
    const setAside = async (): Promise<Result<Loaded>> => {
      const current = await readFile(path, 'utf8').catch(() => undefined);
      if (current !== text) return read(true);
      const keptAt = join(dataDir, `inventory.corrupt-${fileTime(now())}.json`);
      await rename(path, keptAt);
      problems.push({
        kind: 'corrupt',
        message: `The inventory file could not be used (${reason}). It was kept as ${keptAt} and an empty inventory was started.`,
        text: message('errors.inventory.corrupt', { reason: reasonText ?? reason, path: keptAt }),
        keptAt,
      });
      cache = undefined;
      return ok({ inventory: emptyInventory() });
    };
    return locked ? setAside() : withLock(setAside);
  }

  async function read(locked: boolean): Promise<Result<Loaded>> {
    const info = await stat(path).catch((error: unknown) => {
      if (codeOf(error) === 'ENOENT') return undefined;
      throw error;
    });
    if (info === undefined) return ok({ inventory: emptyInventory() });
    const key = keyOf(info);
    if (cache?.key === key) return ok(cache.loaded);
    const text = await readFile(path, 'utf8');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      const why = messageOf(error);
      return keepAside(text, `not valid JSON: ${why}`, locked, message('errors.inventory.notJson', { why }));
    }
    const migrated = migrate(data);
    if (!migrated.ok && migrated.reason === 'newer') {
      return errWithText(
        'FORBIDDEN',
        `The inventory at ${path} was ${migrated.message}; update Minerdeck to use it.`,
        message('errors.inventory.newer', {
          path,
          version: migrated.fromVersion,
          known: INVENTORY_SCHEMA_VERSION,
        }),
      );
    }
    if (!migrated.ok) return keepAside(text, migrated.message, locked);
    const loaded: Loaded =
      migrated.fromVersion < INVENTORY_SCHEMA_VERSION
        ? { inventory: migrated.inventory, migratedFrom: { version: migrated.fromVersion, text } }
        : { inventory: migrated.inventory };
    cache = { key, loaded };
    return ok(loaded);
  }

  async function write(inventory: Inventory, loaded: Loaded): Promise<Result<void>> {
    const checked = inventorySchema.safeParse(inventory);
    if (!checked.success) {
      const issues = describeIssues(checked.error);
      return errWithText(
        'INTERNAL',
        `The change would make the inventory invalid: ${issues}.`,
        message('errors.inventory.changeInvalid', { issues }),
      );
    }
    if (loaded.migratedFrom !== undefined) {
      const keptAt = join(dataDir, `inventory.v${loaded.migratedFrom.version}.json`);
      await writeFileAtomic(keptAt, loaded.migratedFrom.text);
      problems.push({
        kind: 'migrated',
        message: `The inventory was upgraded from schema version ${loaded.migratedFrom.version} to ${INVENTORY_SCHEMA_VERSION}; the old file was kept as ${keptAt}.`,
        text: message('errors.inventory.migrated', {
          from: loaded.migratedFrom.version,
          to: INVENTORY_SCHEMA_VERSION,
          path: keptAt,
        }),
        keptAt,
      });
    }
    cache = undefined;
    await writeFileAtomic(path, `${JSON.stringify(checked.data, null, 2)}\n`);
    // What was just written, validated, is the next update's starting point: under the lock nobody else
    // wrote since, so the file need not be read, parsed and checked again (a 1,000-device Commission
    // rewrites a file of megabytes hundreds of times: docs/benchmarks.md "field"). Nothing else holds
    // `checked.data`; `load` and `update` hand out copies.
    const written = await stat(path).catch(() => undefined);
    if (written !== undefined) cache = { key: keyOf(written), loaded: { inventory: checked.data } };
    return ok(undefined);
  }

  const failure = (what: 'read' | 'write', error: unknown): Result<never> => {
    const reason = messageOf(error);
    return errWithText(
      'INTERNAL',
      `Cannot ${what} the inventory at ${path}: ${reason}.`,
      message('errors.inventory.cannot', { what, path, reason }),
    );
  };

  /** Runs after every earlier update of this store. */
  function serialized<T>(task: () => Promise<Result<T>>): Promise<Result<T>> {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  }

  /** One change under the lock: read (or the cache), change a copy, write it when it changed something. */
  const updateOne: UpdateOne<Inventory> = (change) =>
    serialized(async () => {
      try {
        return await withLock(async () => {
          const loaded = await read(true);
          if (!loaded.ok) return loaded;
          const before = (loaded.value.json ??= JSON.stringify(loaded.value.inventory));
          const draft = structuredClone(loaded.value.inventory);
          const result = change(draft);
          if (!result.ok || JSON.stringify(draft) === before) return result;
          const written = await write(draft, loaded.value);
          return written.ok ? result : written;
        });
      } catch (error) {
        return failure('write', error);
      }
    });
  const batched = batchedUpdates(updateOne);

  return {
    dataDir,
    path,
    async load() {
      try {
        const loaded = await read(false);
        return loaded.ok ? ok(structuredClone(loaded.value.inventory)) : loaded;
      } catch (error) {
        return failure('read', error);
      }
    },
    update: batched,
    problems: () => [...problems],
  };
}
