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
 * Made of: the entries' format (journal-format.ts), what they hold (journal-index.ts), the one write lane
 * (write-lane.ts), the writes waiting to share an entry (journal-commits.ts), batched deletes
 * (journal-deletes.ts) and filing (journal-filing.ts).
 */
import { createCommitQueue } from './journal-commits';
import { createBatchedDelete } from './journal-deletes';
import { createFiling } from './journal-filing';
import { EMPTY_JOURNAL_BYTES, MAX_JOURNAL_ENTRY_BYTES, entryCost } from './journal-format';
import { createJournalIndex } from './journal-index';
import type { SecureStore } from './secure-store';
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

export const isJournaledStore = (store: SecureStore): store is JournaledStore =>
  'settle' in store && 'recover' in store;

export function createJournaledStore(
  inner: SecureStore,
  options: JournaledStoreOptions = {},
): JournaledStore {
  const maxBytes = options.maxEntryBytes ?? MAX_JOURNAL_ENTRY_BYTES;
  const index = createJournalIndex(inner);
  let closed = false;
  // User writes go first; filing only when nothing else waits.
  const lane = createWriteLane(() => filing.nextStep());
  const filing = createFiling({
    inner,
    index,
    wake: () => lane.wake(),
    autoFile: options.autoFile ?? true,
    fileAfterMs: options.fileAfterMs ?? 1_000,
    onFilingError: options.onFilingError,
    closed: () => closed,
    writesWaiting: () => commits.size > 0,
  });
  const commits = createCommitQueue({
    inner,
    index,
    lane,
    maxBytes,
    lingerMs: options.lingerMs ?? 15,
    onCommitted: () => filing.schedule(),
  });

  return {
    kind: inner.kind,

    async get(account) {
      return index.valueOf(account) ?? inner.get(account);
    },

    set(account, value) {
      if (closed) return inner.set(account, value);
      const cost = entryCost(account, value);
      if (EMPTY_JOURNAL_BYTES + cost <= maxBytes) return commits.add(account, value, cost);
      // Too big to share an entry (a site password with many members): its own account, at once.
      return lane.run(async () => {
        await index.purge([account]);
        await inner.set(account, value);
      });
    },

    delete: createBatchedDelete({ inner, index, lane }),

    async list() {
      return index.overlay(await inner.list());
    },

    recover: () =>
      lane.run(async () => {
        index.adopt(await inner.list());
        if (index.hasJournals()) filing.schedule();
      }),

    settle() {
      if (closed) return Promise.reject(new Error('the keychain journal is closed'));
      if (commits.lingering) commits.commitNow();
      return filing.settle();
    },

    get pending() {
      return index.size + commits.size;
    },

    async close() {
      if (commits.size > 0) commits.commitNow();
      closed = true;
      filing.stopTimer();
      if (lane.busy) await lane.idle();
      filing.abandon(new Error('the keychain journal was closed before filing finished'));
    },
  };
}
