/**
 * The scanner: probing slots pull addresses one at a time from the target set's lazy iterator
 * (probe-pool.ts), so memory stays flat whatever the size and a slow host only holds its own slot.
 * Results stream out as they are found; progress is batched (≤ 10/s); cancel destroys every socket at
 * once and the scan settles within milliseconds.
 *
 * How long an address is waited for is learnt from the answers (connect-timing.ts): live LAN devices
 * accept in about a millisecond, so an address quiet for longer than the network's own answers is set
 * aside, its connect still waiting, and its slot moves on; every set-aside address is waited for the
 * confirm wait (≥ 350 ms, ≤ the connect timeout) before the scan ends, so a device that was merely slow
 * is still found. Most of a sweep's connects wait on empty addresses, side by side, up to 8 × the slots.
 * Answers are timed without the laptop's own lateness in reading them (loop-clock.ts).
 *
 * Defaults, measured by `npm run bench -- discovery` (docs/benchmarks.md):
 * - connect timeout 500 ms: the longest any address is waited for, and the wait until the first answer.
 *   A LAN host accepts a connection in about a millisecond (wired) to a few tens (Wi-Fi), an ARP
 *   exchange included; 500 ms is ten times a bad Wi-Fi round trip. Once devices answer, empty addresses
 *   cost the confirm wait instead (350 ms on a wired LAN), side by side: a /24 in about 0.4 s where
 *   `nmap -sT` needs about one, a sparse /16 in seconds. Raise it (`connectTimeoutMs`, `--timeout`)
 *   across a VPN or a routed, distant site.
 * - concurrency 512: a /24 (or a /23) in one wave of connects; loopback sweeps are CPU-bound and as fast
 *   at 128 as at 1024. With the set-aside addresses at most 4,096 connects wait at once: far below the
 *   file-descriptor limits of desktop OSes (Node raises the soft limit at start-up).
 */
import type { DiscoveredHost, ScanProgress, ScanSummary } from '../../../shared/domain/discovery';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { TargetSet } from '../../../shared/domain/targets/target-set';
import { CONFIRMATION_THRESHOLD } from '../../../shared/domain/targets/target-set';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import { ConnectTiming, PATIENCE_SHARE } from './connect-timing';
import { DeadlineQueue } from './deadline-queue';
import type { DeadlineEntry } from './deadline-queue';
import type { KnownDevice } from './known-devices';
import { KnownDevices } from './known-devices';
import { LoopClock } from './loop-clock';
import type { ProbeContext } from './prober';
import { probeHost } from './prober';
import { runProbePool } from './probe-pool';
import { ProgressMeter } from './progress-meter';
import { SocketTracker } from './socket-tracker';

export const DEFAULT_SCAN_PORTS: readonly number[] = [80];
export const DEFAULT_SCAN_CONNECT_TIMEOUT_MS = 500;
export const DEFAULT_SCAN_CONCURRENCY = 512;
export const MAX_SCAN_CONCURRENCY = 4096;
/**
 * Connects in flight, set-aside addresses included: this many times the slots… (a slot turns over at
 * least this often per confirm wait, connect-timing.ts, so this many waiting keeps up with it)
 */
const SET_ASIDE_MULTIPLE = PATIENCE_SHARE;
/** …and no more than this (file descriptors, and the ARP requests of a sweep on a flat network). */
const MAX_IN_FLIGHT = 4096;
/** Embedded web servers answer in milliseconds, but a busy device can take a second or two. */
export const MIN_SCAN_REQUEST_TIMEOUT_MS = 3000;
const LOOKUP_TIMEOUT_MS = 5000;

export interface ScanOptions {
  /** Ports probed on targets written without one; default [80]. 443 and 8443 are probed as https. */
  ports?: readonly number[];
  /**
   * The longest a TCP connection is waited for; default 500 ms. Once addresses answer, silent ones are
   * waited for max(350 ms, 10 × the slowest answer) within it (connect-timing.ts).
   */
  connectTimeoutMs?: number;
  /** Time for each HTTP exchange; default max(3000 ms, 3 × the connect timeout). */
  requestTimeoutMs?: number;
  /**
   * Hosts probed at once; default 512. Addresses silent past the patience wait beside them, up to
   * min(8 × concurrency, 4,096) in flight. Sockets in use ≤ that × ports.
   */
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
  /** The waits learnt so far (connect-timing.ts; diagnostics, the benchmark). */
  readonly waits: { patienceMs: number; confirmMs: number };
}

const isCount = (value: number, min: number, max: number): boolean =>
  Number.isInteger(value) && value >= min && value <= max;

/** What is wrong with the options, in English and for the window (issue 35), else undefined. */
function checkOptions(targets: TargetSet, options: ScanOptions): Result<never> | undefined {
  const ports = options.ports ?? DEFAULT_SCAN_PORTS;
  if (ports.length === 0 || ports.some((p) => !isCount(p, 1, 65535))) {
    const listed = ports.join(', ');
    return listed === ''
      ? errWithText(
          'INVALID_INPUT',
          'ports must be numbers from 1 to 65535, not none.',
          message('errors.scan.portsNone'),
        )
      : errWithText(
          'INVALID_INPUT',
          `ports must be numbers from 1 to 65535, not ${listed}.`,
          message('errors.scan.ports', { ports: listed }),
        );
  }
  if (options.concurrency !== undefined && !isCount(options.concurrency, 1, MAX_SCAN_CONCURRENCY)) {
    return errWithText(
      'INVALID_INPUT',
      `concurrency must be a whole number from 1 to ${MAX_SCAN_CONCURRENCY}.`,
      message('errors.scan.concurrency', { max: String(MAX_SCAN_CONCURRENCY) }),
    );
  }
  for (const [name, value, key] of [
    ['connect timeout', options.connectTimeoutMs, 'errors.scan.connectTimeout'],
    ['request timeout', options.requestTimeoutMs, 'errors.scan.requestTimeout'],
  ] as const) {
    if (value !== undefined && !isCount(value, 1, 600_000))
      return errWithText('INVALID_INPUT', `the ${name} must be 1 to 600000 ms.`, message(key));
  }
  if (targets.needsConfirmation && options.confirmed !== true) {
    return errWithText(
      'INVALID_INPUT',
      `${targets.count.toLocaleString('en-US')} addresses is more than ` +
        `${CONFIRMATION_THRESHOLD.toLocaleString('en-US')}: confirm the scan to go ahead.`,
      message('errors.scan.confirm', { count: targets.count, threshold: CONFIRMATION_THRESHOLD }),
    );
  }
  return undefined;
}

export function startScan(targets: TargetSet, options: ScanOptions = {}): Result<ScanHandle> {
  const problem = checkOptions(targets, options);
  if (problem !== undefined) return problem;

  const tracker = new SocketTracker();
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_SCAN_CONNECT_TIMEOUT_MS;
  const timing = new ConnectTiming(connectTimeoutMs, () => deadlines.retime());
  const deadlines = new DeadlineQueue<DeadlineEntry>(() => timing.confirmMs);
  const clock = new LoopClock();
  clock.start();
  const ctx: ProbeContext = {
    ports: options.ports ?? DEFAULT_SCAN_PORTS,
    requestTimeoutMs: options.requestTimeoutMs ?? Math.max(MIN_SCAN_REQUEST_TIMEOUT_MS, 3 * connectTimeoutMs),
    lookupTimeoutMs: LOOKUP_TIMEOUT_MS,
    tracker,
    deadlines,
    timing,
    clock,
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
    clock.stop();
    stop();
  };
  const onAbort = (): void => cancel();
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const swept = runProbePool({
    concurrency: Math.min(options.concurrency ?? DEFAULT_SCAN_CONCURRENCY, targets.count),
    maxInFlight: Math.min(
      SET_ASIDE_MULTIPLE * (options.concurrency ?? DEFAULT_SCAN_CONCURRENCY),
      MAX_IN_FLIGHT,
      targets.count,
    ),
    patienceMs: () => timing.patienceMs,
    targets: targets[Symbol.iterator](),
    stopped: () => tracker.isClosed,
    probe: async (target, watch) => {
      // probeHost settles every network outcome itself; a throw would be our bug, counted, not fatal.
      const outcome = await probeHost(target, ctx, watch).catch(() => ({ kind: 'failed' }) as const);
      if (outcome.kind === 'cancelled' || tracker.isClosed) return;
      meter.probed += 1;
      if (outcome.kind === 'found') {
        // A host name and its address, or an IPv4 address and its IPv6 form, reach one device once.
        if (!endpoints.has(outcome.endpoint)) {
          endpoints.add(outcome.endpoint);
          known.judge(outcome.finding);
        }
      } else if (outcome.kind === 'unresolved') unresolved.push(target.host);
      else if (outcome.kind === 'failed') failed += 1;
      meter.changed();
    },
  }).then(() => known.settled());
  const done = swept.then((): ScanSummary => {
    meter.stop();
    clock.stop();
    deadlines.clear();
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
    get waits() {
      return { patienceMs: timing.patienceMs, confirmMs: timing.confirmMs };
    },
  });
}
