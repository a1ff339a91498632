/**
 * The scanner: a fixed pool of workers pulls addresses one at a time from the
 * target set's lazy iterator, so memory stays flat whatever the size, concurrency is exact, and a slow
 * host only holds its own worker. Results stream out as they are found; progress is batched (≤ 10/s);
 * cancel destroys every socket at once and the scan settles within milliseconds.
 *
 * Defaults, measured by `npm run bench -- discovery` (docs/benchmarks.md):
 * - connect timeout 500 ms: a LAN host accepts a connection in about a millisecond (wired) to a few tens
 *   (Wi-Fi), an ARP exchange included; 500 ms is ten times a bad Wi-Fi round trip. Every empty address
 *   that drops packets costs exactly this long, so it sets the duration of a sweep: a /24 in about half a
 *   second, where nmap -sT needs about one (its adaptive timeouts, measured in the same network). Raise
 *   it (`connectTimeoutMs`, `--timeout`) across a VPN or a routed, distant site.
 * - concurrency 512: a /24 (or a /23) in one wave of connects, so the timeout is paid once; loopback
 *   sweeps are CPU-bound and as fast at 128 as at 1024; far below the file-descriptor limits of desktop
 *   OSes (Node raises the soft limit at start-up), and it keeps the ARP requests of a large sweep to a
 *   few hundred at a time.
 */
import type { DiscoveredHost, ScanProgress, ScanSummary } from '../../../shared/domain/discovery';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { TargetSet } from '../../../shared/domain/targets/target-set';
import { CONFIRMATION_THRESHOLD } from '../../../shared/domain/targets/target-set';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { DeadlineQueue } from './deadline-queue';
import type { DeadlineEntry } from './deadline-queue';
import type { KnownDevice } from './known-devices';
import { KnownDevices } from './known-devices';
import type { ProbeContext } from './prober';
import { probeHost } from './prober';
import { ProgressMeter } from './progress-meter';
import { SocketTracker } from './socket-tracker';

export const DEFAULT_SCAN_PORTS: readonly number[] = [80];
export const DEFAULT_SCAN_CONNECT_TIMEOUT_MS = 500;
export const DEFAULT_SCAN_CONCURRENCY = 512;
export const MAX_SCAN_CONCURRENCY = 4096;
/** Embedded web servers answer in milliseconds, but a busy device can take a second or two. */
export const MIN_SCAN_REQUEST_TIMEOUT_MS = 3000;
const LOOKUP_TIMEOUT_MS = 5000;

export interface ScanOptions {
  /** Ports probed on targets written without one; default [80]. 443 and 8443 are probed as https. */
  ports?: readonly number[];
  /** Time for a TCP connection to be accepted; default 500 ms. */
  connectTimeoutMs?: number;
  /** Time for each HTTP exchange; default max(3000 ms, 3 × the connect timeout). */
  requestTimeoutMs?: number;
  /** Hosts probed at once; default 512. Sockets in use ≤ concurrency × ports. */
  concurrency?: number;
  /** Required above 65,536 addresses. */
  confirmed?: boolean;
  /**
   * Devices known from before (the site's): a known MAC at a new address is `moved` when its old
   * address no longer answers with it (that address is asked), else another device with the same MAC.
   */
  knownDevices?: readonly KnownDevice[];
  /** Aborting cancels the scan, like `cancel()`. */
  signal?: AbortSignal;
  /** Called as each host is found. */
  onResult?: (host: DiscoveredHost) => void;
  /**
   * Called when what is known about a host reported already changed (another address answers with its
   * MAC): the host as it is now, replacing the earlier report of the same address and port.
   */
  onUpdate?: (host: DiscoveredHost) => void;
  /** Called at most once per `progressIntervalMs` (default 100 ms). */
  onProgress?: (progress: ScanProgress) => void;
  progressIntervalMs?: number;
}

export interface ScanHandle {
  /** Settles when every worker has finished (or was stopped by cancel); never rejects. */
  readonly done: Promise<ScanSummary>;
  /** Destroys every socket now; `done` then settles with `cancelled: true`. Safe to call twice. */
  cancel(): void;
  /** Sockets the scan holds open right now (tests, diagnostics). */
  readonly openSockets: number;
}

const isCount = (value: number, min: number, max: number): boolean =>
  Number.isInteger(value) && value >= min && value <= max;

function checkOptions(targets: TargetSet, options: ScanOptions): string | undefined {
  const ports = options.ports ?? DEFAULT_SCAN_PORTS;
  if (ports.length === 0 || ports.some((p) => !isCount(p, 1, 65535))) {
    return `ports must be numbers from 1 to 65535, not ${ports.join(', ') || 'none'}.`;
  }
  if (options.concurrency !== undefined && !isCount(options.concurrency, 1, MAX_SCAN_CONCURRENCY)) {
    return `concurrency must be a whole number from 1 to ${MAX_SCAN_CONCURRENCY}.`;
  }
  for (const [name, value] of [
    ['connect timeout', options.connectTimeoutMs],
    ['request timeout', options.requestTimeoutMs],
  ] as const) {
    if (value !== undefined && !isCount(value, 1, 600_000)) return `the ${name} must be 1 to 600000 ms.`;
  }
  if (targets.needsConfirmation && options.confirmed !== true) {
    return (
      `${targets.count.toLocaleString('en-US')} addresses is more than ` +
      `${CONFIRMATION_THRESHOLD.toLocaleString('en-US')}: confirm the scan to go ahead.`
    );
  }
  return undefined;
}

export function startScan(targets: TargetSet, options: ScanOptions = {}): Result<ScanHandle> {
  const problem = checkOptions(targets, options);
  if (problem !== undefined) return err('INVALID_INPUT', problem);

  const tracker = new SocketTracker();
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_SCAN_CONNECT_TIMEOUT_MS;
  const ctx: ProbeContext = {
    ports: options.ports ?? DEFAULT_SCAN_PORTS,
    requestTimeoutMs: options.requestTimeoutMs ?? Math.max(MIN_SCAN_REQUEST_TIMEOUT_MS, 3 * connectTimeoutMs),
    lookupTimeoutMs: LOOKUP_TIMEOUT_MS,
    tracker,
    deadlines: new DeadlineQueue<DeadlineEntry>(connectTimeoutMs),
    stopped,
  };
  /** What answers at a known device's old address now ("moved" only when it is silent: a
   * live old address with the same MAC is a second device). */
  const check = async (address: string): Promise<string | null | undefined> => {
    const parsed = parseDeviceAddress(address);
    if (!parsed.ok || tracker.isClosed) return undefined;
    const target = { host: parsed.value.host, ports: { useDefaults: false, ports: [parsed.value.port] } };
    const outcome = await probeHost(target, ctx).catch(() => ({ kind: 'failed' }) as const);
    if (outcome.kind === 'found') return outcome.finding.identity?.mac ?? null;
    return outcome.kind === 'silent' || outcome.kind === 'unresolved' ? null : undefined;
  };
  const endpoints = new Set<string>();
  const meter = new ProgressMeter({
    total: targets.count,
    intervalMs: options.progressIntervalMs ?? 100,
    listener: options.onProgress,
  });
  const known = new KnownDevices({
    known: options.knownDevices ?? [],
    check,
    report: (host, again) => {
      if (again) {
        options.onUpdate?.(host);
        return;
      }
      meter.found += 1;
      options.onResult?.(host);
    },
  });
  const unresolved: string[] = [];
  let failed = 0;

  const cancel = (): void => {
    if (tracker.isClosed) return;
    tracker.destroyAll();
    stop();
  };
  const onAbort = (): void => cancel();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const iterator = targets[Symbol.iterator]();
  const worker = async (): Promise<void> => {
    for (let next = iterator.next(); next.done !== true; next = iterator.next()) {
      if (tracker.isClosed) return;
      // probeHost settles every network outcome itself; a throw would be our bug, counted, not fatal.
      const outcome = await probeHost(next.value, ctx).catch(() => ({ kind: 'failed' }) as const);
      if (outcome.kind === 'cancelled' || tracker.isClosed) return;
      meter.probed += 1;
      if (outcome.kind === 'found') {
        // A host name and its address, or an IPv4 address and its IPv6 form, reach one device once.
        if (!endpoints.has(outcome.endpoint)) {
          endpoints.add(outcome.endpoint);
          known.judge(outcome.finding);
        }
      } else if (outcome.kind === 'unresolved') unresolved.push(next.value.host);
      else if (outcome.kind === 'failed') failed += 1;
      meter.changed();
    }
  };

  const workers = Math.min(options.concurrency ?? DEFAULT_SCAN_CONCURRENCY, targets.count);
  const swept = Promise.all(Array.from({ length: workers }, worker)).then(() => known.settled());
  const done = swept.then((): ScanSummary => {
    meter.stop();
    ctx.deadlines.clear();
    options.signal?.removeEventListener('abort', onAbort);
    const cancelled = tracker.isClosed;
    tracker.destroyAll();
    stop();
    return {
      probed: meter.probed,
      total: targets.count,
      found: meter.found,
      durationMs: Math.round(meter.elapsedMs),
      cancelled,
      unresolved,
      failed,
    };
  });
  return ok({
    done,
    cancel,
    get openSockets() {
      return tracker.size;
    },
  });
}
