/**
 * Deletes from the journaled keychain, batched: a delete joins those waiting at the end of the write lane
 * (nothing queued after them, so no write of the same account can be overtaken), and one pass removes all
 * their accounts from the journal entries holding them — a bulk password change deletes 500 pending
 * entries, and one purge pass for many of them spares a journal rewrite, a whole-keyring rewrite, for each.
 */
import type { JournalIndex } from './journal-index';
import type { SecureStore } from './secure-store';
import type { LaneTask, WriteLane } from './write-lane';

interface DeleteBatch {
  waiters: Map<string, { resolve: (deleted: boolean) => void; reject: (error: unknown) => void }[]>;
  task: LaneTask;
}

/** `delete(account)` of the journaled store: whether anything was there, journalled or filed. */
export function createBatchedDelete(deps: {
  inner: SecureStore;
  index: JournalIndex;
  lane: WriteLane;
}): (account: string) => Promise<boolean> {
  const { inner, index, lane } = deps;
  /** The deletes waiting to run together, while their task is still the last one in the lane. */
  let deletes: DeleteBatch | undefined;

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

  return (account) =>
    new Promise<boolean>((resolve, reject) => {
      const joining = deletes !== undefined && lane.last() === deletes.task ? deletes : undefined;
      const batch: DeleteBatch = joining ?? { waiters: new Map(), task: async () => runDeletes(batch) };
      const waiting = batch.waiters.get(account) ?? [];
      waiting.push({ resolve, reject });
      batch.waiters.set(account, waiting);
      if (joining !== undefined) return;
      deletes = batch;
      lane.push(batch.task);
    });
}
