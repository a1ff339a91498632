/**
 * The monitor's knobs and their defaults (DESIGN.md, Monitoring). Derived values follow the interval so a
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
  };
}

/**
 * Options for the device client the monitor polls with. Node's agent counts idle keep-alive sockets
 * against its fleet-wide cap and hands a freed slot to another device only when an idle socket closes:
 * with the client's defaults (4 s idle, 512 sockets) 2,000 devices polled every 5 s leave ~1,600 idle
 * sockets, and polls queue for seconds behind them (benchmark: p50 latency 5 s). A poll reuses its
 * connection within milliseconds (`/status` then `/summary`), so a short idle time loses nothing.
 */
export function monitorClientOptions(settings: MonitorSettings = {}): {
  idleSocketTimeoutMs: number;
  maxTotalSockets: number;
  totalTimeoutMs: number;
} {
  const resolved = resolveSettings(settings);
  return {
    idleSocketTimeoutMs: 500,
    maxTotalSockets: resolved.concurrency * 2,
    totalTimeoutMs: resolved.timeoutMs,
  };
}
