/**
 * Writes waiting to share a keychain journal entry: each waits up to the linger time for others (or until
 * an entry is full), then all go out in as few entries as fit, in the write lane; each write resolves once
 * its entry is in the keychain — durable — or fails with that entry.
 */
import type { JournalContent } from './journal-format';
import { EMPTY_JOURNAL_BYTES, encodeJournal, journalNamer, pack } from './journal-format';
import type { JournalIndex } from './journal-index';
import type { SecureStore } from './secure-store';
import type { WriteLane } from './write-lane';

export interface CommitQueue {
  /** Queues a write costing `cost` bytes of an entry; resolves once its journal entry is durable. */
  add(account: string, value: string, cost: number): Promise<void>;
  /** Commits what waits now rather than after the linger. */
  commitNow(): void;
  /** A write waits for others to share its entry. */
  readonly lingering: boolean;
  /** Writes not committed yet. */
  readonly size: number;
}

interface QueuedWrite {
  account: string;
  value: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createCommitQueue(deps: {
  inner: SecureStore;
  index: JournalIndex;
  lane: WriteLane;
  maxBytes: number;
  lingerMs: number;
  /** Entries were committed: filing may start when writes go quiet. */
  onCommitted: () => void;
}): CommitQueue {
  const { inner, index, lane, maxBytes } = deps;
  const journalName = journalNamer();
  const queued: QueuedWrite[] = [];
  let queuedBytes = 0;
  let commitQueued = false;
  let lingerTimer: NodeJS.Timeout | undefined;

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
    deps.onCommitted();
  }

  function commitNow(): void {
    clearTimeout(lingerTimer);
    lingerTimer = undefined;
    if (commitQueued) return;
    commitQueued = true;
    lane.push(commit);
  }

  return {
    add(account, value, cost) {
      return new Promise<void>((resolve, reject) => {
        queued.push({ account, value, resolve, reject });
        queuedBytes += cost;
        if (EMPTY_JOURNAL_BYTES + queuedBytes >= maxBytes) commitNow();
        else if (lingerTimer === undefined && !commitQueued)
          lingerTimer = setTimeout(commitNow, deps.lingerMs);
      });
    },
    commitNow,
    get lingering() {
      return lingerTimer !== undefined;
    },
    get size() {
      return queued.length;
    },
  };
}
