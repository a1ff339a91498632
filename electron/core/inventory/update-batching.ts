/**
 * Group commit for every inventory update: each `update` reads, checks and rewrites the whole file (a
 * 1,000-device site's is megabytes: a third of a second and more on a laptop), one after another. A
 * Commission asks for hundreds at once — a settings record, a restart, a verdict per device — and a write
 * that must be on disk before the next step (a rollout's "uploading" entry, its verdicts' flush) queued
 * behind all of them: the site link sat idle for minutes (docs/benchmarks.md "field"). Updates asked for
 * while one is written run together in the next: their changes in the order asked, on one copy, one
 * write. Each caller gets its own result once the write is on disk. Should one change refuse (or throw),
 * or the write fail (the file's schema refusing the whole), the batch is run again one update at a time,
 * so nobody's change is lost or blamed for another's: a change may therefore run twice, each time on a
 * fresh copy, and must only change its draft (as every change does).
 */
import type { Result } from '../../../shared/result';
import { err } from '../../../shared/result';

type Change<D> = (draft: D) => Result<unknown>;

interface Asked<D> {
  change: Change<D>;
  settle: (result: Result<unknown>) => void;
}

/** Runs one change under the store's lock and writes it (store.ts); never rejects. */
export type UpdateOne<D> = (change: Change<D>) => Promise<Result<unknown>>;

export function batchedUpdates<D>(
  updateOne: UpdateOne<D>,
): <T>(change: (draft: D) => Result<T>) => Promise<Result<T>> {
  let asked: Asked<D>[] = [];
  let draining = false;

  async function drain(): Promise<void> {
    draining = true;
    while (asked.length > 0) {
      const batch = asked;
      asked = [];
      await runBatch(batch).catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        for (const one of batch) one.settle(err('INTERNAL', `Cannot write the inventory: ${why}.`));
      });
    }
    draining = false;
  }

  async function runBatch(batch: readonly Asked<D>[]): Promise<void> {
    const [only] = batch;
    if (batch.length === 1 && only !== undefined) return only.settle(await updateOne(only.change));
    let answers: Result<unknown>[] | undefined;
    const together = await updateOne((draft) => {
      const results: Result<unknown>[] = [];
      for (const one of batch) {
        const result = one.change(draft);
        // The draft holds this change's half: nothing of the batch is written, each runs alone below.
        if (!result.ok) return result;
        results.push(result);
      }
      answers = results;
      return { ok: true, value: undefined };
    });
    if (together.ok && answers !== undefined) {
      const written = answers;
      batch.forEach((one, index) => one.settle(written[index] ?? together));
      return;
    }
    for (const one of batch) one.settle(await updateOne(one.change));
  }

  return <T>(change: (draft: D) => Result<T>) =>
    new Promise<Result<T>>((resolve) => {
      asked.push({ change, settle: resolve as (result: Result<unknown>) => void });
      if (!draining) void drain();
    });
}
