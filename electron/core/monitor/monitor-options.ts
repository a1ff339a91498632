/**
 * The monitor's knobs and their defaults (docs/design.md, Monitoring). Derived values follow the interval so a
 * test at 100 ms and a site at 5 s keep the same proportions: the poll timeout stays below the interval,
 * the quick recheck well under it, and history covers one hour whatever the interval.
 */
import type { AlertThresholds } from './alerts';
import { DEFAULT_ALERT_THRESHOLDS } from './alerts';

export interface MonitorSettings {
  /** Time between two polls of one device. Default 5 s. */
  intervalMs?: number;
  /** Each delay moves by up to this share either way (default 0.1), so a fleet does not poll in step. */
  jitter?: number;
  /**
   * Polls in flight at once, fleet-wide; each holds one socket. Default 512 (the device client's socket
   * cap): 2,000 devices every 5 s is 400 polls a second, and a busy device can take a second or two to
   * answer `/summary` (field notes), so answers averaging up to 1.2 s keep up.
   */
  concurrency?: number;
  /** Total time allowed to a whole poll, every request in it. Default min(4 s, 80 % of the interval). */
  timeoutMs?: number;
  /** Longest delay between polls of an offline device. Default 60 s. */
  maxBackoffMs?: number;
  /** Delay of the confirming poll when an offline device answers again. Default min(1 s, interval / 4). */
  quickRecheckMs?: number;
  /** Polls in a row without an answer before a device is offline (state and alert). Default 3. */
  offlineAfterMissedPolls?: number;
  thresholds?: Partial<AlertThresholds>;
  /** How far back the per-device history goes. Default one hour. */
  historyMs?: number;
  /** How long an absent `/summary` or a read `/info` is trusted. Default 10 min. */
  capabilityRecheckMs?: number;
  /** Minimum time between two diffs to subscribers. Default 100 ms (≤ 10 per second). */
  diffIntervalMs?: number;
  /**
   * Polls due within this window start together. Default min(100 ms, interval / 20). Each wake-up of the
   * event loop costs tens of microseconds on a laptop; 400 polls a second spread at random cost one each,
   * started in batches their connects, writes and answers share wake-ups (benchmark: a third less CPU a
   * poll). The jitter keeps spreading the fleet over the interval; it moves in these steps.
   */
  batchMs?: number;
  /**
   * Keep every device's whole last `/summary`, not only those someone has open (kept-answer.ts): for a
   * caller that reads every device's full reading (`minerdeck monitor --json` prints it with each change).
   * Default false: 3 KB a device (30 MB at 10,000) the detail view needs one device at a time.
   */
  keepSummaries?: boolean;
}

export type ResolvedSettings = Required<Omit<MonitorSettings, 'thresholds'>> & {
  thresholds: AlertThresholds;
};

export const DEFAULT_INTERVAL_MS = 5000;
/** Below this an interval is a typo (and a flood for embedded web servers). */
export const MIN_INTERVAL_MS = 50;

const positive = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;

export function resolveSettings(settings: MonitorSettings = {}): ResolvedSettings {
  const intervalMs = Math.max(MIN_INTERVAL_MS, positive(settings.intervalMs, DEFAULT_INTERVAL_MS));
  const timeoutMs = Math.min(
    positive(settings.timeoutMs, Math.min(4000, intervalMs * 0.8)),
    Math.floor(intervalMs * 0.95),
  );
  return {
    intervalMs,
    jitter: Math.min(0.5, Math.max(0, settings.jitter ?? 0.1)),
    concurrency: Math.floor(positive(settings.concurrency, 512)),
    timeoutMs,
    maxBackoffMs: Math.max(intervalMs, positive(settings.maxBackoffMs, 60_000)),
    quickRecheckMs: positive(settings.quickRecheckMs, Math.min(1000, intervalMs / 4)),
    offlineAfterMissedPolls: Math.floor(positive(settings.offlineAfterMissedPolls, 3)),
    thresholds: { ...DEFAULT_ALERT_THRESHOLDS, ...settings.thresholds },
    historyMs: positive(settings.historyMs, 3_600_000),
    capabilityRecheckMs: positive(settings.capabilityRecheckMs, 600_000),
    diffIntervalMs: positive(settings.diffIntervalMs, 100),
    batchMs: positive(settings.batchMs, Math.min(100, intervalMs / 20)),
    keepSummaries: settings.keepSummaries === true,
  };
}

/**
 * Idle connections the monitor keeps at most: one per device up to 16,384 devices (one laptop carries
 * 10,000: docs/benchmarks.md). A fleet above the cap costs far more than its excess: the pool closes the
 * connection idle the longest, which in a fleet polled in turn is the one due next, so every poll would
 * open a new connection (at 10,000 devices under a cap of 8,192: a third of the monitor's CPU).
 */
const MONITOR_SOCKET_CAP = 16_384;

/**
 * Options for the device client the monitor polls with. Each device's connection is kept from one poll to
 * the next (idle a little longer than the longest jittered interval) wherever the device keeps it too:
 * opening and closing a TCP connection is most of a poll's CPU. That is one idle socket per device, so the
 * fleet-wide cap sits above any site's fleet (file descriptors: Node raises its limit to the system's hard
 * limit at start); at the cap the connection idle the longest is closed first, so polls never queue
 * behind idle sockets.
 */
export function monitorClientOptions(settings: MonitorSettings = {}): {
  idleSocketTimeoutMs: number;
  maxTotalSockets: number;
  totalTimeoutMs: number;
} {
  const resolved = resolveSettings(settings);
  return {
    idleSocketTimeoutMs: Math.ceil(resolved.intervalMs * (1 + resolved.jitter)) + 1000,
    maxTotalSockets: Math.max(MONITOR_SOCKET_CAP, resolved.concurrency * 2),
    totalTimeoutMs: resolved.timeoutMs,
  };
}
