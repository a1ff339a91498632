/**
 * When each device of a rollout is uploaded to (docs/commissioning.md, "Pacing for a hall"): uploads stay
 * busy — `uploadsInFlight` at once, the next starting as one ends, across batch boundaries — as far as two
 * rules allow:
 * - the turn rule: step k+1 starts uploading once every upload of step k has ended and every step before k
 *   is clean (all verified or skipped); the canary (and an earlier run's devices) must be clean before the
 *   step after them starts. So at most two batches are unverified at once. With `trust: 'canary'` batches
 *   wait for no batch's verdicts, only for the canary's (and an earlier run's) — `maxOffline` bounds them;
 * - `maxOffline`: uploads under way plus devices that took the image and are not yet verified.
 * A device's verification runs on its own once its upload ended (it holds no upload slot while it reboots).
 * Trouble (a failed device beyond what step k tolerates: `tolerated`) in step k: no upload starts any more, uploads under way of later steps are cut
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
  /** `canary`: batches wait for no batch's verdicts (shared/domain/firmware.ts ROLLOUT_TRUSTS). */
  trust?: 'batches' | 'canary';
  /** Failures step `i` may have and still be clean (none when absent: the first failure is trouble). */
  tolerated?: (step: number) => number;
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
  await new Pacer(steps, hooks, limits).run();
}

class Pacer {
  private readonly state: StepState[];
  private wake: () => void = () => undefined;
  private dirty = false;
  private stoppingTold = false;
  /** The steps told finished so far, in order (finishInOrder), and the first failure to tell one. */
  private finishing: Promise<void> = Promise.resolve();
  private finishFailure: { error: unknown } | undefined;

  constructor(
    private readonly steps: readonly PacedStep[],
    private readonly hooks: PacerHooks,
    private readonly limits: PacerLimits,
  ) {
    this.state = steps.map((s) => ({
      queue: [...s.members],
      uploading: 0,
      verifying: 0,
      started: false,
      finished: false,
      cut: new AbortController(),
    }));
  }

  async run(): Promise<void> {
    for (;;) {
      this.dirty = false;
      this.rethrowFinishFailure();
      if (this.hooks.stopped()) this.stopWaiting();
      this.finishInOrder();
      await this.startWhatWeCan();
      if (this.hooks.stopped()) this.stopWaiting();
      this.finishInOrder();
      if (this.total('uploading') === 0 && this.total('verifying') === 0) {
        // Nothing runs and nothing more could start: what waits is the stop's (or its steps never came).
        if (this.dirty) continue;
        break;
      }
      await this.changed();
    }
    await this.finishing;
    this.rethrowFinishFailure();
  }

  private rethrowFinishFailure(): void {
    if (this.finishFailure !== undefined) throw this.finishFailure.error;
  }

  private poke(): void {
    this.dirty = true;
    this.wake();
  }

  private changed(): Promise<void> {
    return this.dirty ? Promise.resolve() : new Promise<void>((resolve) => (this.wake = resolve));
  }

  private total(key: 'uploading' | 'verifying'): number {
    return this.state.reduce((n, s) => n + s[key], 0);
  }

  /** Every upload of step `i` has ended (none waits, none under way). */
  private ended(i: number): boolean {
    const s = this.state[i];
    return s !== undefined && s.queue.length === 0 && s.uploading === 0;
  }

  private failures(i: number): number {
    return (this.steps[i]?.members ?? []).filter((m) => this.hooks.verdict(m.id) === 'failed').length;
  }

  /** Every device of step `i` has a verdict and no more failed than the step tolerates. */
  private clean(i: number): boolean {
    const members = this.steps[i]?.members ?? [];
    return (
      this.ended(i) &&
      this.state[i]?.verifying === 0 &&
      members.every((m) => this.hooks.verdict(m.id) !== undefined) &&
      this.failures(i) <= (this.limits.tolerated?.(i) ?? 0)
    );
  }

  /**
   * The device's verdict is in: a failure beyond what its step tolerates is trouble, which stops every
   * upload not begun and cuts those of later steps.
   */
  private judged(id: string, step: number): void {
    if (this.hooks.verdict(id) !== 'failed') return;
    if (this.failures(step) <= (this.limits.tolerated?.(step) ?? 0)) return;
    this.hooks.trouble(id, step);
    for (let later = step + 1; later < this.state.length; later += 1) this.state[later]?.cut.abort();
  }

  private verifyOn(id: string, step: number): void {
    const s = this.state[step];
    if (s === undefined) return;
    s.verifying += 1;
    void this.hooks
      .verify(id, step)
      .catch(() => undefined)
      .finally(() => {
        s.verifying -= 1;
        this.judged(id, step);
        this.poke();
      });
  }

  private uploadTo(id: string, step: number): void {
    const s = this.state[step];
    if (s === undefined) return;
    s.uploading += 1;
    void this.hooks
      .upload(id, step, s.cut.signal)
      .catch(() => 'ended' as const)
      .then((result) => {
        s.uploading -= 1;
        if (result === 'took') this.verifyOn(id, step);
        else this.judged(id, step);
        this.poke();
      });
  }

  /** Whether step `i` may upload now by the turn rule. */
  private turnOf(i: number): boolean {
    if (i === 0) return true;
    if (this.steps[i - 1] === undefined || !this.ended(i - 1)) return false;
    const trustBatches = this.limits.trust !== 'canary';
    for (let k = 0; k < i; k += 1) {
      // A canary or an earlier run's devices: always verified first. A batch: the one just before need not be.
      const mustBeClean = this.steps[k]?.kind !== 'batch' || (trustBatches && k < i - 1);
      if (mustBeClean && !this.clean(k)) return false;
    }
    return true;
  }

  /** Once stopped: the members of started steps that were waiting are not started (their steps can end). */
  private stopWaiting(): void {
    const waiting = this.state.some((s) => s.queue.length > 0);
    if (waiting && !this.stoppingTold) {
      this.stoppingTold = true;
      this.hooks.stopping();
    }
    this.state.forEach((s, i) => {
      if (!s.started) return;
      for (const member of s.queue.splice(0)) this.hooks.notStarted(member.id, i);
    });
  }

  /** Starts every upload (and verification of an earlier run's device) the rules allow now. */
  private async startWhatWeCan(): Promise<void> {
    for (let i = 0; i < this.state.length; i += 1) {
      const s = this.state[i];
      if (s === undefined || s.queue.length === 0) continue;
      if (this.hooks.stopped() || !this.turnOf(i)) return;
      if (!s.started) {
        if (i > 0 && this.hooks.stopBefore(i)) return;
        s.started = true;
        await this.hooks.startStep(i);
        if (this.hooks.stopped()) return;
      }
      if (!this.startIn(s, i)) return;
    }
  }

  /** Starts what step `i` may start now; false when a limit holds it (no later step may start either). */
  private startIn(s: StepState, i: number): boolean {
    while (s.queue.length > 0) {
      const next = s.queue[0];
      if (next?.role !== 'verify') {
        const busy = this.total('uploading');
        if (busy >= this.limits.uploadsInFlight || busy + this.total('verifying') >= this.limits.maxOffline) {
          return false;
        }
      }
      const member = s.queue.shift();
      if (member === undefined) break;
      if (member.role === 'verify') this.verifyOn(member.id, i);
      else this.uploadTo(member.id, i);
    }
    return true;
  }

  /**
   * Tells every step whose devices all have verdicts finished, in order, one after another — without
   * holding the uploads: telling a step finished waits for the activity log on disk, which queues behind
   * every other write of a Commission (settings, restarts, verdicts of the devices already through), and
   * uploads waiting on it left the site link idle for minutes (docs/benchmarks.md "field"). A failure to
   * tell ends the run as before, at its next turn.
   */
  private finishInOrder(): void {
    for (const [i, s] of this.state.entries()) {
      if (s.finished) continue;
      if (!s.started || !this.ended(i) || s.verifying > 0) return;
      s.finished = true;
      this.finishing = this.finishing
        .then(() => (this.finishFailure === undefined ? this.hooks.finishStep(i) : undefined))
        .catch((error: unknown) => {
          this.finishFailure ??= { error };
          this.poke();
        });
    }
  }
}
