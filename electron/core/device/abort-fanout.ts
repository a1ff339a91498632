/**
 * Listening for one AbortSignal from many calls at once without adding to the signal per call. A CLI
 * command or a service hands one signal to every request of a fleet (`monitor` identifies its devices
 * 64 at a time with the command's signal); an `abort` listener per request grew the signal's listener
 * list with the fleet, and Node printed "MaxListenersExceededWarning: Possible EventTarget memory leak
 * detected" from eleven on. Here a signal gets one listener, which calls the calls registered with it;
 * registering and leaving are a Set insert and delete. The listener goes when the last call leaves.
 */

type Listener = () => void;

interface Fanout {
  listeners: Set<Listener>;
  onAbort: () => void;
}

const fanouts = new WeakMap<AbortSignal, Fanout>();

/**
 * Calls `listener` once when `signal` aborts (not when it already has: the caller checks
 * `signal.aborted` first). Returns the way to leave, which is safe to call more than once. Each call
 * registers a function of its own (a closure per request): one function is one registration.
 */
export function listenForAbort(signal: AbortSignal, listener: Listener): () => void {
  let fanout = fanouts.get(signal);
  if (fanout === undefined) {
    const listeners = new Set<Listener>();
    const created: Fanout = {
      listeners,
      onAbort: () => {
        fanouts.delete(signal);
        const called = [...listeners];
        listeners.clear();
        for (const call of called) call();
      },
    };
    fanouts.set(signal, created);
    signal.addEventListener('abort', created.onAbort, { once: true });
    fanout = created;
  }
  const { listeners, onAbort } = fanout;
  listeners.add(listener);
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    // The last call left: the signal carries nothing of ours any more.
    signal.removeEventListener('abort', onAbort);
    if (fanouts.get(signal)?.listeners === listeners) fanouts.delete(signal);
  };
}
