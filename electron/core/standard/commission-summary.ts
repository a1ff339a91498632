/**
 * A Commission run's counts and its one-line summary ("commissioned 18 of 20 devices; …"): the window's
 * footer, the CLI and the report say the same; and per step where the devices are. Pure.
 */
import { ACCEPTANCE_PENDING_WORDS } from '../../../shared/domain/acceptance-words';
import type { CommissionCounts, CommissionDevice, CommissionStepKind } from '../../../shared/domain/standard';
import { COMMISSION_STEP_KINDS } from '../../../shared/domain/standard';

/** One step over a run's devices: waiting for it, in it, done, failed (or unknown); not taken: none. */
export interface StepCount {
  waiting: number;
  running: number;
  done: number;
  failed: number;
}

/** Per step, where the devices that take it are — a run's progress at any moment (devices overlap steps). */
export function stepCounts(devices: readonly CommissionDevice[]): Record<CommissionStepKind, StepCount> {
  const counts = Object.fromEntries(
    COMMISSION_STEP_KINDS.map((k) => [k, { waiting: 0, running: 0, done: 0, failed: 0 }]),
  ) as Record<CommissionStepKind, StepCount>;
  for (const d of devices) {
    for (const s of d.steps) {
      const c = counts[s.kind];
      if (s.outcome === 'pending') c.waiting += 1;
      else if (s.outcome === 'running') c.running += 1;
      else if (s.outcome === 'done') c.done += 1;
      else if (s.outcome === 'failed' || s.outcome === 'unknown') c.failed += 1;
    }
  }
  return counts;
}

/** Its acceptance step is pending: every write taken, the device still settling at the settle limit. */
export const acceptancePending = (d: CommissionDevice): boolean =>
  d.outcome === 'unknown' &&
  d.failedStep === 'acceptance' &&
  d.steps.some((s) => s.kind === 'acceptance' && s.message.startsWith(ACCEPTANCE_PENDING_WORDS));

/** "10.0.0.7 (set pools), 10.0.0.9 (acceptance)": the first five, then "…". */
function named(devices: readonly CommissionDevice[]): string {
  const words = devices.slice(0, 5).map((d) => {
    const step = d.steps.find((s) => s.kind === d.failedStep)?.words ?? d.failedStep ?? 'a step';
    return `${d.address} (${step})`;
  });
  return `${words.join(', ')}${devices.length > 5 ? ', …' : ''}`;
}

export function countsOf(devices: readonly CommissionDevice[]): CommissionCounts {
  const counts: CommissionCounts = {
    total: devices.length,
    done: 0,
    unchanged: 0,
    failed: 0,
    unknown: 0,
    skipped: 0,
    open: 0,
  };
  for (const d of devices) {
    if (d.outcome === 'pending' || d.outcome === 'running') counts.open += 1;
    else counts[d.outcome] += 1;
  }
  return counts;
}

/** "commissioned 18 of 20 devices; 2 failed: 10.0.0.7 (set pools), …; 1 pending acceptance (…): 10.0.0.9" */
export function runSummary(devices: readonly CommissionDevice[], cancelled: boolean): string {
  const counts = countsOf(devices);
  const atStandard = counts.done + counts.unchanged;
  const parts = [`commissioned ${counts.done} of ${counts.total} devices`];
  if (counts.unchanged > 0) parts.push(`${counts.unchanged} at the standard already`);
  // A device still settling at the settle limit is not a failure: counted and named apart.
  const pending = devices.filter(acceptancePending);
  const failed = devices.filter(
    (d) => (d.outcome === 'failed' || d.outcome === 'unknown') && !acceptancePending(d),
  );
  if (failed.length > 0) parts.push(`${failed.length} failed: ${named(failed)}`);
  if (pending.length > 0) {
    const addresses = pending.slice(0, 5).map((d) => d.address);
    parts.push(
      `${pending.length} pending acceptance (still settling: judge again later): ${addresses.join(', ')}${pending.length > 5 ? ', …' : ''}`,
    );
  }
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped`);
  if (cancelled) parts.push('stopped: run Commission again to finish');
  return `${parts.join('; ')} (${atStandard} at the standard)`;
}
