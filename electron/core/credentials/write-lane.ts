/**
 * The one lane every keychain write of the journaled store runs in, so no two touch the keychain at once
 * (parallel writes are slower on gnome-keyring anyway) and none overtakes another: queued tasks run in
 * order first; when none waits, the owner's background step (filing), one at a time.
 */
export type LaneTask = () => Promise<void>;

export interface WriteLane {
  /** Queues a task (it must never throw) and starts the lane. */
  push(task: LaneTask): void;
  /** Queues `task` and answers its outcome. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** The task queued last and not started yet. */
  last(): LaneTask | undefined;
  /** Starts the lane if it is idle: a background step may be due now. */
  wake(): void;
  /** Whether a task is running. */
  readonly busy: boolean;
  /** Resolves once the lane has run out of tasks. */
  idle(): Promise<void>;
}

/** `background`: the next background step when nothing is queued, or undefined for none now. */
export function createWriteLane(background: () => LaneTask | undefined): WriteLane {
  const queued: LaneTask[] = [];
  let pumping = false;
  let idleWaiters: (() => void)[] = [];

  function pump(): void {
    if (pumping) return;
    pumping = true;
    void (async () => {
      for (;;) {
        const task = queued.shift() ?? background();
        if (task === undefined) break;
        await task();
      }
      pumping = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    })();
  }

  return {
    push(task) {
      queued.push(task);
      pump();
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queued.push(() => task().then(resolve, reject));
        pump();
      });
    },
    last: () => queued.at(-1),
    wake: pump,
    get busy() {
      return pumping;
    },
    idle: () => new Promise<void>((resolve) => idleWaiters.push(resolve)),
  };
}
