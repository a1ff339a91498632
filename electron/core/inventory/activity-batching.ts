/**
 * Group commit for the activity log: every write to devices appends an entry and waits until it is on disk
 * (design.md, Commissioning actions 6), and each inventory update reads, checks and rewrites the whole file
 * (a 1,000-device site's is megabytes). Entries asked for while an update runs are appended together in
 * the next one, so a Commission's hundreds of entries cost a few rewrites, not hundreds, and a rollout's
 * turn no longer queues behind them one by one. Each caller still gets its own entry (or its own error)
 * once that entry is written; the order of the calls is the order in the log.
 */
import type { ActivityEntry } from '../../../shared/domain/commission';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { Inventory } from './schema';
import type { InventoryStore } from './store';

export type ActivityInput = Omit<ActivityEntry, 'id' | 'by'>;

interface Waiting {
  input: ActivityInput;
  settle: (result: Result<ActivityEntry>) => void;
}

/** `append` adds one entry to the draft (or says why it cannot); it runs inside the store's update. */
export type AppendOne = (draft: Inventory, input: ActivityInput) => Result<ActivityEntry>;

export function batchedActivityWriter(
  store: Pick<InventoryStore, 'update'>,
  append: AppendOne,
): (input: ActivityInput) => Promise<Result<ActivityEntry>> {
  let waiting: Waiting[] = [];
  let writing = false;

  async function writeWaiting(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await writeBatch(batch);
    }
    writing = false;
  }

  /**
   * One update for the whole batch. A batch the store refused (an entry the file's schema refuses, a full
   * disk) is tried again entry by entry, so one caller's bad entry never costs the others theirs and each
   * gets its own answer.
   */
  async function writeBatch(batch: readonly Waiting[]): Promise<void> {
    const written = await updateOnce(batch);
    if (written.ok) return written.value.forEach((answer, index) => batch[index]?.settle(answer));
    if (batch.length === 1) return batch.forEach((one) => one.settle(written));
    for (const one of batch) await writeBatch([one]);
  }

  /** The store returns its failures; should it ever throw, every caller of the batch still gets an answer. */
  async function updateOnce(batch: readonly Waiting[]): Promise<Result<Result<ActivityEntry>[]>> {
    try {
      return await store.update((draft) => ok(batch.map(({ input }) => append(draft, input))));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return err('INTERNAL', `Cannot record the activity: ${message}.`);
    }
  }

  return (input) =>
    new Promise<Result<ActivityEntry>>((settle) => {
      waiting.push({ input, settle });
      if (!writing) void writeWaiting();
    });
}
