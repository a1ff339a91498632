/**
 * When each device of a rollout is uploaded to (docs/commissioning.md, "Pacing for a hall"): uploads stay
 * busy — `uploadsInFlight` at once, the next starting as one ends, across batch boundaries — as far as two
 * rules allow:
 * - the turn rule: step k+1 starts uploading once every upload of step k has ended and every step before k
 *   is clean (all verified or skipped); the canary (and an earlier run's devices) must be clean before the
 *   step after them starts. So at most two batches are unverified at once;
 * - `maxOffline`: uploads under way plus devices that took the image and are not yet verified.
 * A device's verification runs on its own once its upload ended (it holds no upload slot while it reboots).
 * Trouble (a failed device) in step k: no upload starts any more, uploads under way of later steps are cut
 * (nothing installed; those that took the image are verified); steps are told finished in order, each once
 * all its devices have verdicts. Pure scheduling: what an upload or a verification does is the hooks'.
 */

export interface PacedStep {
  /** The canary and an earlier run's devices must be clean before the next step starts; a batch need not. */
  kind: 'earlier-run' | 'canary' | 'batch';
  /** In order; `verify`: only verified (an earlier run's upload), no upload slot. */
  members: readonly { id: string; role: 'upload' | 'verify' }[];
}

export interface PacerHooks {
  /** Before the step's first upload (or verification): log it, tell it started. */
  startStep: (step: number) => Promise<void>;
  /** Uploads to the device: `took` when a verification must follow; `ended` when its verdict is in. */
  upload: (id: string, step: number, cut: AbortSignal) => Promise<'took' | 'ended'>;
  /** Verifies the device to its verdict (also a `verify` member's whole update). */
  verify: (id: string, step: number) => Promise<void>;
  /** The device's verdict so far: failed, another verdict, or none yet. */
  verdict: (id: string) => 'failed' | 'other' | undefined;
  /** Why nothing more starts, once something decided it (a failure, a cancel, the log…). */
  stopped: () => boolean;
  /** A device failed in this step: decide the words of the stop (the first one names its step). */
  trouble: (id: string, step: number) => void;
  /** "Stop after this batch" was asked before the step could start: decide the words. */
  stopBefore: (step: number) => boolean;
  /** The rollout will not start another upload and some were waiting: tell why. */
  stopping: () => void;
  /** A member of a started step that will not be uploaded to: its verdict is "not started". */
  notStarted: (id: string, step: number) => void;
  /** Every member of the step has its verdict (told in step order). */
  finishStep: (step: number) => Promise<void>;
}

export interface PacerLimits {
  uploadsInFlight: number;
  maxOffline: number;
}

interface StepState {
  queue: { id: string; role: 'upload' | 'verify' }[];
  uploading: number;
  verifying: number;
  started: boolean;
  finished: boolean;
  cut: AbortController;
}

/** Runs the steps' uploads and verifications as the rules allow; resolves once nothing more will run. */
export async function runPacer(
  steps: readonly PacedStep[],
  hooks: PacerHooks,
  limits: PacerLimits,
): Promise<void> {
  const state: StepState[] = steps.map((s) => ({
    queue: [...s.members],
    uploading: 0,
    verifying: 0,
    started: false,
    finished: false,
    cut: new AbortController(),
  }));
  let wake: () => void = () => undefined;
  let dirty = false;
  const poke = (): void => {
    dirty = true;
    wake();
  };
  const changed = (): Promise<void> =>
    dirty ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve));
  const total = (key: 'uploading' | 'verifying'): number => state.reduce((n, s) => n + s[key], 0);
  const ended = (i: number): boolean => {
    const s = state[i];
    return s !== undefined && s.queue.length === 0 && s.uploading === 0;
  };
  const clean = (i: number): boolean =>
    ended(i) &&
    state[i]?.verifying === 0 &&
    (steps[i]?.members ?? []).every((m) => hooks.verdict(m.id) === 'other');
  let stoppingTold = false;

  /** The device's verdict is in: trouble stops every upload not begun and cuts those of later steps. */
  function judged(id: string, step: number): void {
    if (hooks.verdict(id) !== 'failed') return;
    hooks.trouble(id, step);
    for (let later = step + 1; later < state.length; later += 1) state[later]?.cut.abort();
  }

  function verifyOn(id: string, step: number): void {
    const s = state[step];
    if (s === undefined) return;
    s.verifying += 1;
    void hooks
      .verify(id, step)
      .catch(() => undefined)
      .finally(() => {
        s.verifying -= 1;
        judged(id, step);
        poke();
      });
  }

  function uploadTo(id: string, step: number): void {
    const s = state[step];
    if (s === undefined) return;
    s.uploading += 1;
    void hooks
      .upload(id, step, s.cut.signal)
      .catch(() => 'ended' as const)
      .then((result) => {
        s.uploading -= 1;
        if (result === 'took') verifyOn(id, step);
        else judged(id, step);
        poke();
      });
  }

  /** Whether step `i` may upload now by the turn rule. */
  function turnOf(i: number): boolean {
    if (i === 0) return true;
    for (let k = 0; k < i - 1; k += 1) if (!clean(k)) return false;
    const before = steps[i - 1];
    if (before === undefined || !ended(i - 1)) return false;
    return before.kind === 'batch' || clean(i - 1);
  }

  /** Once stopped: the members of started steps that were waiting are not started (their steps can end). */
  function stopWaiting(): void {
    const waiting = state.some((s) => s.queue.length > 0);
    if (waiting && !stoppingTold) {
      stoppingTold = true;
      hooks.stopping();
    }
    state.forEach((s, i) => {
      if (!s.started) return;
      for (const member of s.queue.splice(0)) hooks.notStarted(member.id, i);
    });
  }

  /** Starts every upload (and verification of an earlier run's device) the rules allow now. */
  async function startWhatWeCan(): Promise<void> {
    for (let i = 0; i < state.length; i += 1) {
      const s = state[i];
      if (s === undefined || s.queue.length === 0) continue;
      if (hooks.stopped()) return;
      if (!turnOf(i)) return;
      if (!s.started) {
        if (i > 0 && hooks.stopBefore(i)) return;
        s.started = true;
        await hooks.startStep(i);
        if (hooks.stopped()) return;
      }
      while (s.queue.length > 0 && s.queue[0]?.role === 'verify') {
        const member = s.queue.shift();
        if (member !== undefined) verifyOn(member.id, i);
      }
      while (s.queue.length > 0) {
        const busy = total('uploading');
        if (busy >= limits.uploadsInFlight || busy + total('verifying') >= limits.maxOffline) return;
        const member = s.queue.shift();
        if (member === undefined) break;
        if (member.role === 'verify') verifyOn(member.id, i);
        else uploadTo(member.id, i);
      }
    }
  }

  /** Tells every step whose devices all have verdicts finished, in order. */
  async function finishInOrder(): Promise<void> {
    for (const [i, s] of state.entries()) {
      if (s.finished) continue;
      if (!s.started || !ended(i) || s.verifying > 0) return;
      s.finished = true;
      await hooks.finishStep(i);
    }
  }

  for (;;) {
    dirty = false;
    if (hooks.stopped()) stopWaiting();
    await finishInOrder();
    await startWhatWeCan();
    if (hooks.stopped()) stopWaiting();
    await finishInOrder();
    if (total('uploading') === 0 && total('verifying') === 0) {
      // Nothing runs and nothing more could start: what waits is the stop's (or its steps never came).
      if (dirty) continue;
      break;
    }
    await changed();
  }
}
