/**
 * What the site metrics need beyond the monitor's snapshot, gathered as polls finish (the monitor's
 * `onPollDone`): each device's model and firmware and average hash rate, its poll errors by reason, and a
 * poll-latency histogram. Kept here, not in the monitor, so the monitor pays one call per poll. A poll only
 * keeps a reference to the bodies the monitor holds anyway; they are read when a scrape asks (once per
 * new body), not at every poll: with a scrape every 15 s and a poll every 5 s, reading them per poll was
 * most of what serving the metrics cost the monitor (profile).
 */
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import { withoutLogin } from '../../../shared/domain/pool-url';
import type { DeviceErrorCode } from '../device/device-error';
import { asObject, isFiniteNumber, own } from '../device/json-fields';
import { infoFacts } from '../device/status-reader';
import { outside, TEMPERATURE_C } from '../device/plausible-bounds';
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
  /** Per hash board (`chains[]`), the hottest chip and board sensor (°C). */
  boards?: BoardTemps[];
  /** Per pool slot, the shares the device counts (its own counters: they restart with the device). */
  pools?: PoolShares[];
}

export interface BoardTemps {
  board: string;
  chipMax?: number;
  boardMax?: number;
}

export interface PoolShares {
  pool: string;
  /** Without any `user:pass@` part. */
  url: string;
  accepted?: number;
  rejected?: number;
}

export interface LatencyHistogram {
  /** Cumulative counts, one per bound of LATENCY_BUCKETS_S. */
  buckets: number[];
  count: number;
  sumSeconds: number;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const count = (value: unknown): number | undefined =>
  isFiniteNumber(value) && value >= 0 ? value : undefined;
const temp = (value: unknown): number | undefined => {
  const max = asObject(value) === undefined ? undefined : own(value as Record<string, unknown>, 'max');
  return isFiniteNumber(max) && !outside(max, TEMPERATURE_C) ? max : undefined;
};

/*
 * The readers below run for every device with a new summary at each scrape (5,000 devices: 5,000 bodies
 * per scrape), so they are plain loops that build each entry once: flatMap and object spreads made them
 * the larger part of a real scrape (profile).
 */

function boardsOf(miner: Record<string, unknown> | undefined): BoardTemps[] | undefined {
  const chains = list(miner === undefined ? undefined : own(miner, 'chains'));
  if (chains.length === 0) return undefined;
  const boards: BoardTemps[] = [];
  for (let index = 0; index < chains.length; index += 1) {
    const body = asObject(chains[index]);
    if (body === undefined) continue;
    const id = own(body, 'id');
    const board: BoardTemps = {
      board: isFiniteNumber(id) || typeof id === 'string' ? String(id) : String(index),
    };
    const chipMax = temp(own(body, 'chip_temp'));
    if (chipMax !== undefined) board.chipMax = chipMax;
    const boardMax = temp(own(body, 'pcb_temp'));
    if (boardMax !== undefined) board.boardMax = boardMax;
    boards.push(board);
  }
  return boards;
}

function poolsOf(miner: Record<string, unknown> | undefined): PoolShares[] | undefined {
  const pools = list(miner === undefined ? undefined : own(miner, 'pools'));
  if (pools.length === 0) return undefined;
  const shares: PoolShares[] = [];
  for (let index = 0; index < pools.length; index += 1) {
    const body = asObject(pools[index]);
    if (body === undefined) continue;
    const url = own(body, 'url');
    // A pool URL may carry `user:password@`, after any scheme: never exposed (pool-url.ts).
    const entry: PoolShares = { pool: String(index), url: typeof url === 'string' ? withoutLogin(url) : '' };
    const accepted = count(own(body, 'accepted'));
    if (accepted !== undefined) entry.accepted = accepted;
    const rejected = count(own(body, 'rejected'));
    if (rejected !== undefined) entry.rejected = rejected;
    shares.push(entry);
  }
  return shares;
}

/** What a poll leaves for a device: its error counts and the last bodies, read when scraped. */
interface Kept {
  errors: Map<string, number>;
  summary?: unknown;
  /** The last /info that came with a poll (it is read rarely; a poll without one keeps this). */
  info?: unknown;
  /** The extras made from exactly these bodies, until a new one arrives. */
  made?: { summary: unknown; info: unknown; extras: DeviceExtras };
}

function extrasOf(kept: Kept): DeviceExtras {
  const facts = kept.info === undefined ? undefined : infoFacts(kept.info);
  const miner = asObject(own(asObject(kept.summary) ?? {}, 'miner'));
  const extras: DeviceExtras = { errors: kept.errors };
  if (facts?.identity?.model !== undefined) extras.model = facts.identity.model;
  if (facts?.identity?.firmware !== undefined) extras.firmware = facts.identity.firmware;
  const average = miner === undefined ? undefined : own(miner, 'hr_average');
  if (isFiniteNumber(average) && average >= 0) {
    const perSecond = toHashesPerSecond(average, facts?.hashRateUnit ?? DEFAULT_HASH_RATE_UNIT);
    if (perSecond !== undefined) extras.hashRateAverage = perSecond;
  }
  const boards = boardsOf(miner);
  if (boards !== undefined) extras.boards = boards;
  const pools = poolsOf(miner);
  if (pools !== undefined) extras.pools = pools;
  return extras;
}

export class PollRecorder {
  private readonly devices = new Map<string, Kept>();
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
    let kept = this.devices.get(done.deviceId);
    if (kept === undefined) {
      kept = { errors: new Map() };
      this.devices.set(done.deviceId, kept);
    }
    if (done.error !== undefined) {
      kept.errors.set(done.error, (kept.errors.get(done.error) ?? 0) + 1);
      return;
    }
    kept.summary = done.summary;
    if (done.info !== undefined) kept.info = done.info;
  };

  /** The device's extras, made from its last bodies the first time a scrape asks for them. */
  extras(deviceId: string): DeviceExtras | undefined {
    const kept = this.devices.get(deviceId);
    if (kept === undefined) return undefined;
    const made = kept.made;
    if (made !== undefined && made.summary === kept.summary && made.info === kept.info) return made.extras;
    const extras = extrasOf(kept);
    kept.made = { summary: kept.summary, info: kept.info, extras };
    return extras;
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
