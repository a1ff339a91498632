/**
 * Collects hosts seen again (a re-scan of the fleet answers device after device) into one save a few
 * milliseconds later: one inventory write for a thousand devices instead of a thousand writes.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';

export interface BatchedSaves {
  /** Queues a host; the promise settles once the batch holding it is saved. */
  add(host: DiscoveredHost): Promise<void>;
  /** Saves what is queued now (shutdown) and waits for every save in flight. */
  flush(): Promise<void>;
}

export function batchedSaves(save: (hosts: DiscoveredHost[]) => Promise<void>, delayMs = 50): BatchedSaves {
  let batch: { hosts: DiscoveredHost[]; done: Promise<void>; settle: () => void } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();

  const run = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const current = batch;
    batch = undefined;
    if (current !== undefined) {
      // A failed save must not stop later ones; the inventory reports its own problems.
      chain = chain
        .then(() => save(current.hosts))
        .catch(() => undefined)
        .then(current.settle);
    }
    return chain;
  };

  return {
    add(host) {
      if (batch === undefined) {
        let settle = (): void => undefined;
        const done = new Promise<void>((resolve) => {
          settle = resolve;
        });
        batch = { hosts: [], done, settle };
        timer = setTimeout(run, delayMs);
      }
      batch.hosts.push(host);
      return batch.done;
    },
    flush: run,
  };
}
