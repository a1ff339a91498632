/**
 * Makes a batch of keychain writes cheap where each write is expensive, keeping docs/design.md's one account
 * per secret as the layout everything settles into.
 *
 * Why: gnome-keyring (the Secret Service on most Linux laptops) re-encrypts and rewrites its whole keyring
 * on every item it creates, so one write costs time proportional to the items already there (measured
 * here: 10 ms a write on an empty keyring, 30 ms at 500 items; 500 API keys took 14.7 s of keychain time
 * alone). A technician provisioning 500 devices would wait for the keychain, not the devices.
 *
 * How: writes are group-committed into a few journal entries (`journal/<time>-<tag>-<seq>`, each under
 * 2,000 bytes so Windows' 2,560-byte credential limit holds), and a write resolves once its journal entry
 * is in the keychain — durable, surviving a crash. When writes go quiet, the journal is *filed*: each
 * secret is written to its own account, then the journal entry is deleted. Reads see journalled values at
 * once; listing hides journal entries and shows what they hold. A journal left behind (crash, a CLI that
 * exited) is picked up by `recover()` in the next process and filed there.
 *
 * Every write (commits, filing, deletes, direct writes) runs in one lane, so no two touch the keychain at
 * once (parallel writes are slower on gnome-keyring anyway) and there are no ordering races: user writes
 * go first, filing only when nothing else waits. Safety rules:
 * - the newest journal entry wins for an account (names sort by creation);
 * - deleting an account, or writing one directly (a value too big for the journal), first rewrites every
 *   journal entry that still holds it, so a crash can never bring an older value back;
 * - a journal entry is deleted only after all its current values are filed, so filing twice is harmless.
 *
 * Made of: the entries' format and packing (journal-format.ts), what they hold (journal-index.ts) and the
 * one write lane (write-lane.ts); this module queues, commits, deletes and files.
 */
import type { JournalContent } from './journal-format';
import {
  EMPTY_JOURNAL_BYTES,
  MAX_JOURNAL_ENTRY_BYTES,
  encodeJournal,
  entryCost,
  journalNamer,
  pack,
} from './journal-format';
import { createJournalIndex } from './journal-index';
import type { FilingStep } from './journal-index';
import type { SecureStore } from './secure-store';
import type { LaneTask } from './write-lane';
import { createWriteLane } from './write-lane';

export interface JournaledStoreOptions {
  /** How long a write waits for others to share its journal entry. Default 15 ms. */
  lingerMs?: number;
  /** Quiet time after the last write before filing starts. Default 1 s. */
  fileAfterMs?: number;
  /** File on its own when writes go quiet (long-lived processes). Default true. */
  autoFile?: boolean;
  maxEntryBytes?: number;
  /** A filing step failed: the values stay in the journal (safe) and filing stops until `settle()`. */
  onFilingError?: (error: unknown) => void;
}

export interface JournaledStore extends SecureStore {
  /** Loads journal entries left by earlier processes so reads see them, and files them when allowed. */
  recover(): Promise<void>;
  /** Files everything now; resolves when no journal entry is left. */
  settle(): Promise<void>;
  /** Values waiting in journal entries (not yet in their own accounts). */
  readonly pending: number;
  /** Commits what is queued and stops filing after the current step; the journal stays for later. */
  close(): Promise<void>;
}

interface QueuedWrite {
  account: string;
  value: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** Deletes waiting to run together in one purge pass, while their task is still the last one in the lane. */
interface DeleteBatch {
  waiters: Map<string, Waiter<boolean>[]>;
  task: LaneTask;
}

export const isJournaledStore = (store: SecureStore): store is JournaledStore =>
  'settle' in store && 'recover' in store;

export function createJournaledStore(
  inner: SecureStore,
  options: JournaledStoreOptions = {},
): JournaledStore {
  const lingerMs = options.lingerMs ?? 15;
  const fileAfterMs = options.fileAfterMs ?? 1_000;
  const maxBytes = options.maxEntryBytes ?? MAX_JOURNAL_ENTRY_BYTES;
  const autoFile = options.autoFile ?? true;

  const index = createJournalIndex(inner);
  const journalName = journalNamer();
  const queued: QueuedWrite[] = [];
  let queuedBytes = 0;
  let commitQueued = false;
  let lingerTimer: NodeJS.Timeout | undefined;
  let fileTimer: NodeJS.Timeout | undefined;
  let filing = false;
  let closed = false;
  let deletes: DeleteBatch | undefined;
  let settleWaiters: Waiter<void>[] = [];
  // User writes go first; filing only when nothing else waits.
  const lane = createWriteLane(() => nextFilingStep());

  function scheduleFiling(): void {
    if (!autoFile || closed) return;
    clearTimeout(fileTimer);
    fileTimer = setTimeout(() => {
      filing = true;
      lane.wake();
    }, fileAfterMs);
    fileTimer.unref();
  }

  function finishSettling(error?: unknown): void {
    const waiters = settleWaiters;
    settleWaiters = [];
    for (const w of waiters) {
      if (error === undefined) w.resolve();
      else w.reject(error);
    }
  }

  /** Commits everything queued so far: one keychain write per journal entry. */
  async function commit(): Promise<void> {
    commitQueued = false;
    const writes = queued.splice(0);
    queuedBytes = 0;
    for (const chunk of pack(writes, maxBytes)) {
      const name = journalName();
      const content: JournalContent = new Map(chunk.map((w) => [w.account, w.value]));
      try {
        await inner.set(name, encodeJournal(content));
      } catch (error) {
        for (const w of chunk) w.reject(error);
        continue;
      }
      index.committed(name, content);
      for (const w of chunk) w.resolve();
    }
    scheduleFiling();
  }

  function queueCommit(): void {
    clearTimeout(lingerTimer);
    lingerTimer = undefined;
    if (commitQueued) return;
    commitQueued = true;
    lane.push(commit);
  }

  async function runDeletes(batch: DeleteBatch): Promise<void> {
    if (deletes === batch) deletes = undefined;
    const accounts = [...batch.waiters.keys()];
    const wasPending = new Set(accounts.filter((account) => index.valueOf(account) !== undefined));
    try {
      await index.purge(accounts);
    } catch (error) {
      for (const waiting of batch.waiters.values()) for (const w of waiting) w.reject(error);
      return;
    }
    for (const [account, waiting] of batch.waiters) {
      try {
        const deleted = (await inner.delete(account)) || wasPending.has(account);
        for (const w of waiting) w.resolve(deleted);
      } catch (error) {
        for (const w of waiting) w.reject(error);
      }
    }
  }

  /** Writes a current value to its own account, or retires a journal entry all of whose values are filed. */
  async function file(step: FilingStep): Promise<void> {
    try {
      if (step.kind === 'file') await inner.set(step.account, step.value);
      else await inner.delete(step.journal);
      index.done(step);
    } catch (error) {
      filing = false;
      options.onFilingError?.(error);
      finishSettling(error);
    }
  }

  function nextFilingStep(): LaneTask | undefined {
    if (!filing || closed || queued.length > 0) return undefined;
    const step = index.nextFiling();
    if (step === undefined) {
      filing = false;
      finishSettling();
      return undefined;
    }
    return () => file(step);
  }

  return {
    kind: inner.kind,

    async get(account) {
      return index.valueOf(account) ?? inner.get(account);
    },

    set(account, value) {
      if (closed) return inner.set(account, value);
      const cost = entryCost(account, value);
      if (EMPTY_JOURNAL_BYTES + cost > maxBytes) {
        // Too big to share an entry (a site password with many members): its own account, at once.
        return lane.run(async () => {
          await index.purge([account]);
          await inner.set(account, value);
        });
      }
      return new Promise<void>((resolve, reject) => {
        queued.push({ account, value, resolve, reject });
        queuedBytes += cost;
        if (EMPTY_JOURNAL_BYTES + queuedBytes >= maxBytes) queueCommit();
        else if (lingerTimer === undefined && !commitQueued) lingerTimer = setTimeout(queueCommit, lingerMs);
      });
    },

    delete(account) {
      return new Promise<boolean>((resolve, reject) => {
        // Joins the deletes waiting at the end of the lane (nothing queued after them, so no write of the
        // same account can be overtaken): a bulk password change deletes 500 pending entries, and one
        // purge pass for many of them spares a journal rewrite — a whole-keyring rewrite — for each.
        const joining = deletes !== undefined && lane.last() === deletes.task ? deletes : undefined;
        const batch: DeleteBatch = joining ?? { waiters: new Map(), task: async () => runDeletes(batch) };
        const waiting = batch.waiters.get(account) ?? [];
        waiting.push({ resolve, reject });
        batch.waiters.set(account, waiting);
        if (joining !== undefined) return;
        deletes = batch;
        lane.push(batch.task);
      });
    },

    async list() {
      return index.overlay(await inner.list());
    },

    recover: () =>
      lane.run(async () => {
        index.adopt(await inner.list());
        if (index.hasJournals()) scheduleFiling();
      }),

    settle() {
      if (closed) return Promise.reject(new Error('the keychain journal is closed'));
      return new Promise<void>((resolve, reject) => {
        settleWaiters.push({ resolve, reject });
        if (lingerTimer !== undefined) queueCommit();
        clearTimeout(fileTimer);
        filing = true;
        lane.wake();
      });
    },

    get pending() {
      return index.size + queued.length;
    },

    async close() {
      if (queued.length > 0) queueCommit();
      closed = true;
      clearTimeout(fileTimer);
      if (lane.busy) await lane.idle();
      finishSettling(new Error('the keychain journal was closed before filing finished'));
    },
  };
}
