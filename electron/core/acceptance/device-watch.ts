/**
 * One device through an acceptance run: it settles first (device-settle.ts), then its window opens at the
 * reading that found it settled (`settledAt`) and lasts `criteria.minutes` from there — read every
 * `everyMs` and at the end — and its verdict is made of the window alone (verdict.ts): the settling
 * readings are evidence, never counted. A device that did not settle gets its verdict from
 * settle-verdict.ts (failed on what cannot wait, or pending).
 */
import type { AcceptanceVerdict } from '../../../shared/domain/acceptance';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { MonitorTarget } from '../monitor/poll-device';
import { chainsDue } from './chains-due';
import type { PhaseContext } from './device-settle';
import { settleDevice } from './device-settle';
import type { AcceptanceSample } from './device-window';
import { addSample, applyModel, newWindow } from './device-window';
import { newVisitState } from './device-visit';
import { unsettledVerdict } from './settle-verdict';
import { verdictOf } from './verdict';

export interface WatchContext extends PhaseContext {
  durationMs: number;
  everyMs: number;
  startedAt: Date;
  /** The settle limit applied, in minutes (for the pending words). */
  settleMinutes: number;
  onVerdict?: (verdict: AcceptanceVerdict) => void;
}

/** Offsets of the readings from the start: 0, every `everyMs`, and the end (`durationMs`). */
export function readingOffsets(durationMs: number, everyMs: number): number[] {
  const offsets: number[] = [];
  for (let at = 0; at < durationMs; at += everyMs) offsets.push(at);
  offsets.push(durationMs);
  return offsets;
}

const NOT_READ_IN_TIME = 'not read in time (the readings before took too long)';

/** Settles the device, watches its window, and answers its verdict; undefined when the run was cancelled. */
export async function watchDevice(
  target: MonitorTarget,
  ctx: WatchContext,
): Promise<AcceptanceVerdict | undefined> {
  const state = newVisitState();
  const settled = await settleDevice(target, state, ctx);
  if (settled === undefined) return undefined;
  const facts = {
    deviceId: target.deviceId,
    address: formatDeviceAddress(target.address),
    startedAt: ctx.startedAt,
  };
  if (settled.kind === 'unsettled') {
    const verdict = unsettledVerdict(settled.progress.window, settled.progress, settled.failed, {
      ...facts,
      endedAt: new Date(ctx.now()),
      criteria: ctx.criteria,
      limitMinutes: ctx.settleMinutes,
    });
    ctx.onVerdict?.(verdict);
    return verdict;
  }
  const { sample: first, tickAt: base } = settled;
  ctx.onPhase?.({
    deviceId: target.deviceId,
    phase: 'watching',
    since: new Date(first.at).toISOString(),
    state: first.minerState ?? null,
  });
  const window = newWindow(undefined);
  const offsets = readingOffsets(ctx.durationMs, ctx.everyMs);
  applyModel(window, state.model, state.modelError);
  window.preset = state.preset ?? null;
  addSample(window, first);
  for (let index = 1; index < offsets.length; index += 1) {
    await ctx.tick(base + (offsets[index] ?? ctx.durationMs));
    if (ctx.isCancelled()) return undefined;
    const last = index === offsets.length - 1;
    const nextAt = last ? Infinity : base + (offsets[index + 1] ?? Infinity);
    // `/chains` at the first and last readings, between them only when `/summary` asks for it.
    const due = (sample: AcceptanceSample): boolean => chainsDue(window, sample, last);
    const sample = await ctx.read(target, state, due, nextAt);
    if (ctx.isCancelled()) return undefined;
    applyModel(window, state.model, state.modelError);
    window.preset = state.preset ?? null;
    addSample(window, sample ?? { at: ctx.now(), errors: [NOT_READ_IN_TIME] });
  }
  const verdict: AcceptanceVerdict = {
    ...verdictOf(window, ctx.criteria, { ...facts, endedAt: new Date(ctx.now()) }),
    settledAt: new Date(first.at).toISOString(),
    settling: settled.progress.settling,
  };
  ctx.onVerdict?.(verdict);
  return verdict;
}
