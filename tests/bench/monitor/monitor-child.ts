/**
 * The monitoring process of the benchmark: the real monitor (client, session manager over a memory
 * vault holding each device's password, default concurrency and timeouts) polling the fleet: a warm-up of
 * two intervals (every device unlocked, `/info` read), then the measured `durationMs`. Reads JSON
 * `{addresses, password, intervalMs, durationMs}` on stdin; prints one JSON line with its own CPU time
 * (measured window and whole run), peak RSS, poll figures and per-device gap analysis. With `scrapeEveryMs`
 * it also serves the site metrics and is scraped from another process during the measured window.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { text } from 'node:stream/consumers';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { MONITOR_STATES } from '../../../shared/domain/monitor';
import { addressDeviceId } from '../../../electron/core/credentials/device-identity';
import { createMemoryStore } from '../../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../../electron/core/credentials/session-manager';
import { createVault } from '../../../electron/core/credentials/vault';
import { createDeviceClient } from '../../../electron/core/device/client';
import type { MonitorTarget } from '../../../electron/core/monitor/monitor';
import { tuneGcForMonitoring } from '../../../electron/core/monitor/gc-tuning';
import { createMonitor } from '../../../electron/core/monitor/monitor';
import { monitorClientOptions } from '../../../electron/core/monitor/monitor-options';
import { PollRecorder } from '../../../electron/core/metrics/poll-recorder';
import { scrapeFromAnotherProcess, serveMetrics } from './metrics-scraper';

export interface MonitorRunRequest {
  addresses: string[];
  password: string;
  intervalMs: number;
  durationMs: number;
  /**
   * Serve the site metrics while monitoring and have a scraper in another process (as Prometheus is) GET
   * them at this interval from the start of the measured window.
   */
  scrapeEveryMs?: number;
}

export interface MonitorRunResult {
  wallMs: number;
  cpuMs: number;
  /** CPU over the measured window (`durationMs`), after the warm-up. */
  steadyCpuMs: number;
  steadyWallMs: number;
  /** Polls finished in the measured window. */
  steadyPolls: number;
  peakRssMb: number;
  /** RSS once the modules are loaded, before any device (MB): Node, the tsx loader and the code. */
  rssAtStartMb: number;
  /** What made up the process at its peak RSS (MB): the V8 heap reserved and the memory outside it. */
  atPeak: { heapTotalMb: number; heapUsedMb: number; externalMb: number; afterWarmUp: boolean };
  polls: number;
  expectedPolls: number;
  missedPolls: number;
  failedPolls: number;
  lateStarts: number;
  /** The same, counted after the warm-up (the first two intervals). */
  steadyMissedPolls: number;
  steadyFailedPolls: number;
  steadyLateStarts: number;
  maxLagMs: number;
  /** Most polls in flight at once (the concurrency is 512 by default). */
  peakInFlight: number;
  /** The event loop's delay over the measured window (ms): a long task or a pause stalls every poll. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  online: number;
  devices: number;
  /** V8 heap in use at the end, before stopping, after a full collection (MB). */
  heapUsedMb: number;
  /** The same before that collection: live data plus garbage not yet collected. */
  heapBeforeGcMb: number;
  diffs: number;
  /** Wall times of the scrapes made during the measured window (ms), when scraping. */
  scrapeMs?: number[];
  /** When scraping: the same process over a window as long just before, serving but not scraped. */
  unscraped?: { cpuMs: number; wallMs: number };
}

const ms = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000;

/** This process's CPU time and the wall time over the next `windowMs`. */
async function cpuOver(windowMs: number): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return { cpuMs: ms(process.cpuUsage(cpu)), wallMs: performance.now() - started };
}

// As the CLI and the app's main process do at start: the benchmark measures the monitor as shipped.
tuneGcForMonitoring();
const rssAtStartMb = process.memoryUsage.rss() / 2 ** 20;
const request = JSON.parse(await text(process.stdin)) as MonitorRunRequest;
const { intervalMs, durationMs } = request;
const client = createDeviceClient(monitorClientOptions({ intervalMs }));
const vault = createVault(createMemoryStore());
const sessions = createSessionManager({ client, vault });
const targets: MonitorTarget[] = request.addresses.map((text) => {
  const address = parseDeviceAddress(text);
  if (!address.ok) throw new Error(address.error.message);
  return { deviceId: addressDeviceId(address.value), address: address.value };
});
for (const t of targets) await vault.setDevicePassword(t.deviceId, request.password);

let peakRss = process.memoryUsage.rss();
let atPeak: MonitorRunResult['atPeak'] = { heapTotalMb: 0, heapUsedMb: 0, externalMb: 0, afterWarmUp: false };
let warmedUp = false;
// MONITOR_BENCH_MEMORY=<file>: the process's memory every 250 ms (RSS, V8 heap by space, outside the heap)
// as JSON lines, for seeing when and where the peak RSS is reached (the warm-up or later, young or old).
const memoryFile = process.env.MONITOR_BENCH_MEMORY;
const memoryLines: string[] = [];
const startedAt = performance.now();
function sampleMemory(rss: number): void {
  const { heapTotal, heapUsed, external } = process.memoryUsage();
  const mb = (bytes: number): number => Math.round(bytes / 2 ** 17) / 8;
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics()
      .filter((s) => s.space_size > 0)
      .map((s) => [s.space_name.replace(/_space$/, ''), [mb(s.space_used_size), mb(s.space_size)]]),
  );
  const t = Math.round(performance.now() - startedAt);
  const at = { t, rss: mb(rss), heapTotal: mb(heapTotal), heapUsed: mb(heapUsed), external: mb(external) };
  memoryLines.push(JSON.stringify({ ...at, spaces }));
}
const rssTimer = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (memoryFile !== undefined) sampleMemory(rss);
  if (rss <= peakRss) return;
  peakRss = rss;
  const { heapTotal, heapUsed, external } = process.memoryUsage();
  const mb = (bytes: number): number => bytes / 2 ** 20;
  atPeak = {
    heapTotalMb: mb(heapTotal),
    heapUsedMb: mb(heapUsed),
    externalMb: mb(external),
    afterWarmUp: warmedUp,
  };
}, 250);
const recorder = new PollRecorder();
const scraping = request.scrapeEveryMs !== undefined;
const monitor = createMonitor({
  client,
  sessions,
  intervalMs,
  ...(scraping ? { onPollDone: recorder.record } : {}),
});
const metrics = scraping ? await serveMetrics(monitor, recorder) : undefined;
let diffs = 0;
monitor.subscribe(() => (diffs += 1));

// MONITOR_BENCH_PROFILE=<dir>: V8 CPU profiles of the warm-up (`warm-up.cpuprofile`) and of the measured
// window (`steady.cpuprofile`), for finding where a poll goes. MONITOR_BENCH_HEAP_PROFILE=<dir>: where the
// allocations come from, garbage included (sampling heap profiles of the warm-up, `warm-up.heapprofile`, and of
// the measured window, `allocations.heapprofile`), and a heap snapshot at the end (`end.heapsnapshot`).
// Chrome DevTools opens them.
const profileDir = process.env.MONITOR_BENCH_PROFILE;
const heapProfileDir = process.env.MONITOR_BENCH_HEAP_PROFILE;
// Made here, so a run never ends in a missing folder after minutes of polling.
for (const dir of [profileDir, heapProfileDir]) if (dir !== undefined) await mkdir(dir, { recursive: true });
const inspector = profileDir !== undefined || heapProfileDir !== undefined ? new Session() : undefined;
inspector?.connect();
async function cpuProfile(stopInto?: string): Promise<void> {
  if (inspector === undefined || profileDir === undefined) return;
  if (stopInto !== undefined) {
    const { profile } = await inspector.post('Profiler.stop');
    await writeFile(join(profileDir, stopInto), JSON.stringify(profile));
    return;
  }
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}

/** Starts sampling allocations (garbage included), or stops and writes them into `stopInto`. */
async function heapProfile(stopInto?: string): Promise<void> {
  if (inspector === undefined || heapProfileDir === undefined) return;
  if (stopInto !== undefined) {
    const { profile } = await inspector.post('HeapProfiler.stopSampling');
    await writeFile(join(heapProfileDir, stopInto), JSON.stringify(profile));
    return;
  }
  await inspector.post('HeapProfiler.startSampling', {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    // MONITOR_BENCH_HEAP_PROFILE_OLD=1: without what died young, i.e. what reached the old generation (kept,
    // or garbage until a full collection): what sets how far V8 lets the heap grow.
    includeObjectsCollectedByMinorGC: process.env.MONITOR_BENCH_HEAP_PROFILE_OLD !== '1',
  });
}

await cpuProfile();
await heapProfile();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
monitor.start(targets);
// Warm-up: the first round unlocks every device and reads /info too; the measured window follows it.
const warmUp = 2 * intervalMs;
await new Promise((resolve) => setTimeout(resolve, warmUp));
// Scraping: first the same window unscraped (the server up, nobody asking), in this process, against the
// same fleet: the two windows differ only by the scrapes. Its polls count as warm-up for the figures.
warmedUp = true;
const unscraped = metrics !== undefined ? await cpuOver(durationMs) : undefined;
const steadyAfter = warmUp + (unscraped !== undefined ? durationMs : 0);
await cpuProfile('warm-up.cpuprofile');
await cpuProfile();
await heapProfile('warm-up.heapprofile');
const cpuSteady = process.cpuUsage();
const tSteady = performance.now();
const steadyFrom = Date.now();
const lateAtSteady = monitor.stats().late;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const pollsAtSteady = monitor.stats().polls;
await heapProfile();
const scrapes =
  metrics !== undefined && request.scrapeEveryMs !== undefined
    ? scrapeFromAnotherProcess(metrics.url, {
        everyMs: request.scrapeEveryMs,
        count: Math.ceil(durationMs / request.scrapeEveryMs),
        warmUps: 0,
      })
    : Promise.resolve(undefined);
await new Promise((resolve) => setTimeout(resolve, durationMs));
const cpu1 = process.cpuUsage(cpu0);
const cpuSteadyEnd = process.cpuUsage(cpuSteady);
loopDelay.disable();
const pollsAtEnd = monitor.stats().polls;
const wallMs = performance.now() - t0;
const steadyWallMs = performance.now() - tSteady;
const endAt = Date.now();
await cpuProfile('steady.cpuprofile');
await heapProfile('allocations.heapprofile');
const heapBeforeGcMb = process.memoryUsage().heapUsed / 2 ** 20;
// With --expose-gc (the benchmark passes it): what is still reachable, not garbage awaiting a collection.
(globalThis as { gc?: () => void }).gc?.();
const heapUsedMb = process.memoryUsage().heapUsed / 2 ** 20;
// And what is still reachable then, by what holds it (Chrome DevTools' Memory tab).
if (heapProfileDir !== undefined) writeHeapSnapshot(join(heapProfileDir, 'end.heapsnapshot'));
inspector?.disconnect();
const stats = monitor.stats();
const scrapeMs = await scrapes;
await metrics?.close();
await monitor.stop();
clearInterval(rssTimer);
client.close();
if (memoryFile !== undefined) await writeFile(memoryFile, `${memoryLines.join('\n')}\n`);

/** Interval slots without an answered poll between `from` and `endAt`, and polls without a reading. */
function missed(from: number): { missed: number; failed: number } {
  const ONLINE = MONITOR_STATES.indexOf('online');
  let missedPolls = 0;
  let failedPolls = 0;
  for (const t of targets) {
    const detail = monitor.device(t.deviceId);
    if (detail === undefined) continue;
    const { at, codes } = detail.history;
    failedPolls += codes.filter((c, i) => c !== ONLINE && (at[i] ?? 0) >= from).length;
    const answered = at.filter((time, i) => codes[i] === ONLINE && time >= from - intervalMs * 1.5);
    const times = [...answered, endAt];
    for (let i = 1; i < times.length; i += 1) {
      const gap = (times[i] ?? 0) - (times[i - 1] ?? 0);
      if (gap > intervalMs * 1.5) missedPolls += Math.round(gap / intervalMs) - 1;
    }
    if (answered.length === 0) missedPolls += Math.floor((endAt - from) / intervalMs);
  }
  return { missed: missedPolls, failed: failedPolls };
}
const whole = missed(Date.now() - wallMs + intervalMs * 1.5);
const steady = missed(steadyFrom);
const online = targets.filter((t) => monitor.device(t.deviceId)?.view.state === 'online').length;

const result: MonitorRunResult = {
  wallMs,
  cpuMs: ms(cpu1),
  steadyCpuMs: ms(cpuSteadyEnd),
  steadyWallMs,
  steadyPolls: pollsAtEnd - pollsAtSteady,
  peakRssMb: Math.max(peakRss, process.resourceUsage().maxRSS * 1024) / 2 ** 20,
  rssAtStartMb,
  atPeak,
  polls: stats.polls,
  expectedPolls: Math.floor((targets.length * (durationMs + steadyAfter)) / intervalMs),
  missedPolls: whole.missed,
  failedPolls: whole.failed,
  lateStarts: stats.late,
  steadyMissedPolls: steady.missed,
  steadyFailedPolls: steady.failed,
  steadyLateStarts: stats.late - lateAtSteady,
  maxLagMs: stats.maxLagMs,
  peakInFlight: stats.peakInFlight,
  loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  loopDelayMaxMs: loopDelay.max / 1e6,
  latencyP50Ms: stats.latencyP50Ms,
  latencyP99Ms: stats.latencyP99Ms,
  online,
  devices: targets.length,
  heapUsedMb,
  heapBeforeGcMb,
  diffs,
  ...(scrapeMs !== undefined ? { scrapeMs } : {}),
  ...(unscraped !== undefined ? { unscraped } : {}),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
