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
 */
import { randomBytes } from 'node:crypto';
import type { SecureStore, StoredEntry } from './secure-store';

export const JOURNAL_PREFIX = 'journal/';
/** Windows Credential Manager caps a credential blob at 2,560 bytes; stay well under. */
export const MAX_JOURNAL_ENTRY_BYTES = 2_000;

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

type JournalContent = Map<string, string>;

const encodeJournal = (content: Iterable<[string, string]>): string =>
  JSON.stringify({ v: 1, entries: [...content] });

/** `undefined` for anything that is not a journal entry of ours (left alone, never deleted). */
export function decodeJournal(value: string): JournalContent | undefined {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (typeof parsed !== 'object' || parsed === null || !('entries' in parsed)) return undefined;
    const { entries } = parsed;
    if (!Array.isArray(entries)) return undefined;
    const content: JournalContent = new Map();
    for (const e of entries) {
      if (!Array.isArray(e) || typeof e[0] !== 'string' || typeof e[1] !== 'string') return undefined;
      content.set(e[0], e[1]);
    }
    return content;
  } catch {
    return undefined;
  }
}

export const isJournaledStore = (store: SecureStore): store is JournaledStore =>
  'settle' in store && 'recover' in store;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const isJournal = (account: string): boolean => account.startsWith(JOURNAL_PREFIX);

/** Splits queued writes into journal entries under the byte limit, later writes to one account winning. */
function pack(writes: readonly QueuedWrite[], maxBytes: number): QueuedWrite[][] {
  const chunks: QueuedWrite[][] = [];
  let current: QueuedWrite[] = [];
  let size = encodeJournal([]).length;
  for (const write of writes) {
    const cost = bytes(JSON.stringify([write.account, write.value])) + 1;
    if (current.length > 0 && size + cost > maxBytes) {
      chunks.push(current);
      current = [];
      size = encodeJournal([]).length;
    }
    current.push(write);
    size += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export function createJournaledStore(
  inner: SecureStore,
  options: JournaledStoreOptions = {},
): JournaledStore {
  const lingerMs = options.lingerMs ?? 15;
  const fileAfterMs = options.fileAfterMs ?? 1_000;
  const maxBytes = options.maxEntryBytes ?? MAX_JOURNAL_ENTRY_BYTES;
  const autoFile = options.autoFile ?? true;
  const emptyJournalBytes = encodeJournal([]).length;

  /** What each journal entry in the keychain holds right now. */
  const journals = new Map<string, JournalContent>();
  /** The newest journalled value of each account, and the entry holding it. */
  const latest = new Map<string, { journal: string; value: string }>();
  /** `journal\naccount` pairs already written to their own account while the journal entry still exists. */
  const filed = new Set<string>();
  const queued: QueuedWrite[] = [];
  let queuedBytes = 0;
  const urgent: (() => Promise<void>)[] = [];
  const tag = randomBytes(4).toString('hex');
  let seq = 0;
  let commitQueued = false;
  let lingerTimer: NodeJS.Timeout | undefined;
  let fileTimer: NodeJS.Timeout | undefined;
  let filing = false;
  let closed = false;
  let pumping = false;
  let idleWaiters: (() => void)[] = [];
  let settleWaiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];

  const journalName = (): string => {
    seq += 1;
    return `${JOURNAL_PREFIX}${String(Date.now()).padStart(14, '0')}-${tag}-${String(seq).padStart(8, '0')}`;
  };

  /** Runs urgent tasks first, then one filing step at a time while nothing urgent waits. Tasks never throw. */
  function pump(): void {
    if (pumping) return;
    pumping = true;
    void (async () => {
      for (;;) {
        const task = urgent.shift() ?? nextFilingStep();
        if (task === undefined) break;
        await task();
      }
      pumping = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    })();
  }

  function runUrgent<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      urgent.push(() => task().then(resolve, reject));
      pump();
    });
  }

  function scheduleFiling(): void {
    if (!autoFile || closed) return;
    clearTimeout(fileTimer);
    fileTimer = setTimeout(() => {
      filing = true;
      pump();
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
      journals.set(name, content);
      for (const [account, value] of content) latest.set(account, { journal: name, value });
      for (const w of chunk) w.resolve();
    }
    scheduleFiling();
  }

  function queueCommit(): void {
    clearTimeout(lingerTimer);
    lingerTimer = undefined;
    if (commitQueued) return;
    commitQueued = true;
    urgent.push(commit);
    pump();
  }

  /**
   * Removes `accounts` from every journal entry holding them, before they are deleted or written directly:
   * one rewrite per journal entry however many of them it holds.
   */
  async function purge(accounts: readonly string[]): Promise<void> {
    for (const account of accounts) latest.delete(account);
    for (const [name, content] of [...journals]) {
      if (!accounts.some((account) => content.has(account))) continue;
      const rest = new Map(content);
      for (const account of accounts) rest.delete(account);
      if (rest.size === 0) {
        await inner.delete(name);
        journals.delete(name);
      } else {
        await inner.set(name, encodeJournal(rest));
        journals.set(name, rest);
      }
    }
  }

  interface DeleteBatch {
    waiters: Map<string, { resolve: (deleted: boolean) => void; reject: (error: unknown) => void }[]>;
    task: () => Promise<void>;
  }
  /** The deletes waiting to run together, while their task is still the last one in the lane. */
  let deletes: DeleteBatch | undefined;

  async function runDeletes(batch: DeleteBatch): Promise<void> {
    if (deletes === batch) deletes = undefined;
    const accounts = [...batch.waiters.keys()];
    const wasPending = new Set(accounts.filter((account) => latest.has(account)));
    try {
      await purge(accounts);
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

  /** The next filing step: write one current value to its own account, or retire a filed journal entry. */
  function nextFilingStep(): (() => Promise<void>) | undefined {
    if (!filing || closed || queued.length > 0) return undefined;
    const oldest = [...journals.keys()].sort()[0];
    if (oldest === undefined) {
      filing = false;
      finishSettling();
      return undefined;
    }
    const content = journals.get(oldest) ?? new Map<string, string>();
    const unfiled = [...content].find(
      ([account]) => latest.get(account)?.journal === oldest && !filed.has(`${oldest}\n${account}`),
    );
    return async () => {
      try {
        if (unfiled !== undefined) {
          const [account, value] = unfiled;
          await inner.set(account, value);
          filed.add(`${oldest}\n${account}`);
          return;
        }
        await inner.delete(oldest);
        journals.delete(oldest);
        for (const [account] of content) {
          filed.delete(`${oldest}\n${account}`);
          if (latest.get(account)?.journal === oldest) latest.delete(account);
        }
      } catch (error) {
        filing = false;
        options.onFilingError?.(error);
        finishSettling(error);
      }
    };
  }

  /** Takes over journal entries found in the keychain (another process's, or one that crashed). */
  function adopt(entries: readonly StoredEntry[]): void {
    for (const { account, value } of entries) {
      if (!isJournal(account) || journals.has(account)) continue;
      const content = decodeJournal(value);
      if (content !== undefined) journals.set(account, content);
    }
    for (const name of [...journals.keys()].sort()) {
      for (const [account, value] of journals.get(name) ?? []) latest.set(account, { journal: name, value });
    }
  }

  return {
    kind: inner.kind,

    async get(account) {
      return latest.get(account)?.value ?? inner.get(account);
    },

    set(account, value) {
      if (closed) return inner.set(account, value);
      const cost = bytes(JSON.stringify([account, value])) + 1;
      if (emptyJournalBytes + cost > maxBytes) {
        // Too big to share an entry (a site password with many members): its own account, at once.
        return runUrgent(async () => {
          await purge([account]);
          await inner.set(account, value);
        });
      }
      return new Promise<void>((resolve, reject) => {
        queued.push({ account, value, resolve, reject });
        queuedBytes += cost;
        if (emptyJournalBytes + queuedBytes >= maxBytes) queueCommit();
        else if (lingerTimer === undefined && !commitQueued) lingerTimer = setTimeout(queueCommit, lingerMs);
      });
    },

    delete(account) {
      return new Promise<boolean>((resolve, reject) => {
        // Joins the deletes waiting at the end of the lane (nothing queued after them, so no write of the
        // same account can be overtaken): a bulk password change deletes 500 pending entries, and one
        // purge pass for many of them spares a journal rewrite — a whole-keyring rewrite — for each.
        const joining = deletes !== undefined && urgent.at(-1) === deletes.task ? deletes : undefined;
        const batch: DeleteBatch = joining ?? {
          waiters: new Map(),
          task: async () => runDeletes(batch),
        };
        const waiting = batch.waiters.get(account) ?? [];
        waiting.push({ resolve, reject });
        batch.waiters.set(account, waiting);
        if (joining !== undefined) return;
        deletes = batch;
        urgent.push(batch.task);
        pump();
      });
    },

    async list() {
      const values = new Map<string, string>();
      const overlay = new Map<string, { journal: string; value: string }>();
      for (const { account, value } of await inner.list()) {
        if (!isJournal(account)) {
          values.set(account, value);
          continue;
        }
        // Journal entries another process wrote after this one started: the newest wins there too.
        for (const [a, v] of decodeJournal(value) ?? []) {
          const seen = overlay.get(a);
          if (seen === undefined || seen.journal < account) overlay.set(a, { journal: account, value: v });
        }
      }
      for (const [a, entry] of latest) {
        const seen = overlay.get(a);
        if (seen === undefined || seen.journal <= entry.journal) overlay.set(a, entry);
      }
      for (const [a, { value }] of overlay) values.set(a, value);
      return [...values].map(([account, value]) => ({ account, value }));
    },

    recover: () =>
      runUrgent(async () => {
        adopt(await inner.list());
        if (journals.size > 0) scheduleFiling();
      }),

    settle() {
      if (closed) return Promise.reject(new Error('the keychain journal is closed'));
      return new Promise<void>((resolve, reject) => {
        settleWaiters.push({ resolve, reject });
        if (lingerTimer !== undefined) queueCommit();
        clearTimeout(fileTimer);
        filing = true;
        pump();
      });
    },

    get pending() {
      return latest.size + queued.length;
    },

    async close() {
      if (queued.length > 0) queueCommit();
      closed = true;
      clearTimeout(fileTimer);
      if (pumping) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      finishSettling(new Error('the keychain journal was closed before filing finished'));
    },
  };
}
