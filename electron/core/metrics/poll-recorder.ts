/**
 * What the site metrics need beyond the monitor's snapshot, gathered as polls finish (the monitor's
 * `onPollDone`): each device's model and firmware and average hash rate, its poll errors by reason, and a
 * poll-latency histogram. Kept here, not in the monitor, so the monitor pays one call per poll and nothing
 * when no one scrapes; a scrape then reads these maps without parsing any body.
 */
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import type { DeviceErrorCode } from '../device/device-error';
import { asObject, isFiniteNumber, own } from '../device/json-fields';
import { infoFacts } from '../device/status-reader';
import { DEFAULT_HASH_RATE_UNIT } from '../device/summary-reader';

/** One finished poll, as the monitor reports it. */
export interface PollDone {
  deviceId: string;
  /** How long the poll took. */
  ms: number;
  /** The error's code when it failed. */
  error?: DeviceErrorCode;
  /** The bodies when it answered. */
  summary?: unknown;
  info?: unknown;
}

/** Upper bounds (seconds) of the poll-latency histogram: a LAN answers in ms, a dying device in seconds. */
export const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface DeviceExtras {
  model?: string;
  firmware?: string;
  /** The device's average hash rate in H/s, from its last summary. */
  hashRateAverage?: number;
  /** Poll errors by code since the start (a counter). */
  errors: Map<string, number>;
}

export interface LatencyHistogram {
  /** Cumulative counts, one per bound of LATENCY_BUCKETS_S. */
  buckets: number[];
  count: number;
  sumSeconds: number;
}

function averageHashRate(summary: unknown, info: unknown): number | undefined {
  const miner = asObject(own(asObject(summary) ?? {}, 'miner'));
  const average = miner === undefined ? undefined : own(miner, 'hr_average');
  if (!isFiniteNumber(average) || average < 0) return undefined;
  return toHashesPerSecond(average, infoFacts(info).hashRateUnit ?? DEFAULT_HASH_RATE_UNIT);
}

export class PollRecorder {
  private readonly devices = new Map<string, DeviceExtras>();
  /** Per-bucket (not cumulative) counts; the last slot is +Inf. */
  private readonly counts = new Array<number>(LATENCY_BUCKETS_S.length + 1).fill(0);
  private sum = 0;
  private total = 0;

  /** Bound to the monitor's `onPollDone`. */
  readonly record = (done: PollDone): void => {
    const seconds = done.ms / 1000;
    let slot = 0;
    while (slot < LATENCY_BUCKETS_S.length && seconds > (LATENCY_BUCKETS_S[slot] ?? 0)) slot += 1;
    this.counts[slot] = (this.counts[slot] ?? 0) + 1;
    this.sum += seconds;
    this.total += 1;
    let extras = this.devices.get(done.deviceId);
    if (extras === undefined) {
      extras = { errors: new Map() };
      this.devices.set(done.deviceId, extras);
    }
    if (done.error !== undefined) {
      extras.errors.set(done.error, (extras.errors.get(done.error) ?? 0) + 1);
      return;
    }
    // /info is read rarely and memoised per body: identity costs a lookup per poll.
    const identity = done.info === undefined ? undefined : infoFacts(done.info).identity;
    if (identity?.model !== undefined) extras.model = identity.model;
    if (identity?.firmware !== undefined) extras.firmware = identity.firmware;
    const average = averageHashRate(done.summary, done.info);
    if (average === undefined) delete extras.hashRateAverage;
    else extras.hashRateAverage = average;
  };

  extras(deviceId: string): DeviceExtras | undefined {
    return this.devices.get(deviceId);
  }

  /** A device left the monitor. */
  forget(deviceId: string): void {
    this.devices.delete(deviceId);
  }

  histogram(): LatencyHistogram {
    const buckets: number[] = [];
    let running = 0;
    for (let i = 0; i < LATENCY_BUCKETS_S.length; i += 1) {
      running += this.counts[i] ?? 0;
      buckets.push(running);
    }
    return { buckets, count: this.total, sumSeconds: this.sum };
  }
}
