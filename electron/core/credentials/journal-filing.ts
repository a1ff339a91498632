/**
 * Filing the keychain journal: once writes go quiet (or when asked to settle), each current value is
 * written to its own account and each entry whose values are all filed is deleted — one step at a time in
 * the write lane, and only while no write waits, so user writes always go first. A failed step leaves the
 * values in the journal (safe) and stops filing until the next settle.
 */
import type { FilingStep, JournalIndex } from './journal-index';
import type { SecureStore } from './secure-store';
import type { LaneTask } from './write-lane';

export interface Filing {
  /** Files by itself once writes have been quiet a while (when the store files on its own). */
  schedule(): void;
  /** Files everything now; resolves when no journal entry is left. */
  settle(): Promise<void>;
  /** The write lane's background step: the next filing step, when filing and nothing else waits. */
  nextStep(): LaneTask | undefined;
  /** Stops waiting to file by itself. */
  stopTimer(): void;
  /** Those waiting for `settle` learn it will not finish. */
  abandon(error: Error): void;
}

export function createFiling(deps: {
  inner: SecureStore;
  index: JournalIndex;
  /** Starts the write lane: a filing step may be due now. */
  wake: () => void;
  autoFile: boolean;
  fileAfterMs: number;
  onFilingError: ((error: unknown) => void) | undefined;
  closed: () => boolean;
  /** Writes wait to be committed: they go first. */
  writesWaiting: () => boolean;
}): Filing {
  const { inner, index } = deps;
  let filing = false;
  let fileTimer: NodeJS.Timeout | undefined;
  let settleWaiters: { resolve: () => void; reject: (e: unknown) => void }[] = [];

  function finishSettling(error?: unknown): void {
    const waiters = settleWaiters;
    settleWaiters = [];
    for (const w of waiters) {
      if (error === undefined) w.resolve();
      else w.reject(error);
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
      deps.onFilingError?.(error);
      finishSettling(error);
    }
  }

  return {
    schedule() {
      if (!deps.autoFile || deps.closed()) return;
      clearTimeout(fileTimer);
      fileTimer = setTimeout(() => {
        filing = true;
        deps.wake();
      }, deps.fileAfterMs);
      fileTimer.unref();
    },

    settle() {
      return new Promise<void>((resolve, reject) => {
        settleWaiters.push({ resolve, reject });
        clearTimeout(fileTimer);
        filing = true;
        deps.wake();
      });
    },

    nextStep() {
      if (!filing || deps.closed() || deps.writesWaiting()) return undefined;
      const step = index.nextFiling();
      if (step === undefined) {
        filing = false;
        finishSettling();
        return undefined;
      }
      return () => file(step);
    },

    stopTimer: () => clearTimeout(fileTimer),
    abandon: (error) => finishSettling(error),
  };
}
