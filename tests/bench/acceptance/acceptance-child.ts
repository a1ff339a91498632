/**
 * The measuring process of the acceptance benchmark: the real monitor polling the fleet as the app does
 * (client, session manager over a memory vault holding each device's password, default settings), and
 * the real acceptance run over the same devices through the same client and sessions, as the app starts
 * it from the fleet. After a warm-up of two poll intervals (every device unlocked and read), three windows
 * of `windowMs`, each measured by this process's own CPU time: the monitor alone; the monitor with an
 * acceptance run of the window's length (readings at the start, once a minute, the end); and the
 * acceptance alone, the monitor stopped. Reads `{addresses, password, intervalMs, windowMs}` on stdin,
 * prints one JSON line.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { pathToFileURL } from 'node:url';
import { defaultCriteria } from '../../../shared/domain/acceptance';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { runAcceptance } from '../../../electron/core/acceptance/acceptance-run';
import { addressDeviceId } from '../../../electron/core/credentials/device-identity';
import { createMemoryStore } from '../../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../../electron/core/credentials/session-manager';
import { createVault } from '../../../electron/core/credentials/vault';
import { createDeviceClient } from '../../../electron/core/device/client';
import type { MonitorTarget } from '../../../electron/core/monitor/monitor';
import { createMonitor } from '../../../electron/core/monitor/monitor';
import { monitorClientOptions } from '../../../electron/core/monitor/monitor-options';

export interface AcceptanceBenchRequest {
  addresses: string[];
  password: string;
  intervalMs: number;
  windowMs: number;
}

export interface Window {
  cpuMs: number;
  wallMs: number;
  /** The process's peak RSS during the window (MB). */
  peakRssMb: number;
  /** Monitor polls finished in the window (0 when it was stopped). */
  polls: number;
}

export interface AcceptanceBenchResult {
  devices: number;
  monitorOnly: Window;
  monitorAndAcceptance: Window;
  /** With ACCEPTANCE_BENCH_BEFORE: the monitor with the other run beside it. */
  monitorAndBefore?: Window;
  acceptanceOnly: Window;
  /** The verdicts of the run beside the monitor, and of the run alone. */
  verdicts: { withMonitor: { pass: number; fail: number }; alone: { pass: number; fail: number } };
  /** Readings each device got in the run alone (start, once a minute, end). */
  readingsPerDevice: number;
  peakRssMb: number;
}

const request = JSON.parse(await text(process.stdin)) as AcceptanceBenchRequest;
const { intervalMs, windowMs } = request;
const client = createDeviceClient(monitorClientOptions({ intervalMs }));
const vault = createVault(createMemoryStore());
const sessions = createSessionManager({ client, vault });
const targets: MonitorTarget[] = request.addresses.map((address) => {
  const parsed = parseDeviceAddress(address);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { deviceId: addressDeviceId(parsed.value), address: parsed.value };
});
for (const t of targets) await vault.setDevicePassword(t.deviceId, request.password);

let peakRss = process.memoryUsage.rss();
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 250);
const monitor = createMonitor({ client, sessions, intervalMs });

// ACCEPTANCE_BENCH_PROFILE=<dir>: a V8 CPU profile of each window (`monitor.cpuprofile`,
// `monitor-and-acceptance.cpuprofile`, `acceptance.cpuprofile`), for finding where a reading goes.
const profileDir = process.env.ACCEPTANCE_BENCH_PROFILE;
const inspector = profileDir !== undefined ? new Session() : undefined;
inspector?.connect();
await inspector?.post('Profiler.enable');

/** This process's CPU and the monitor's polls while `during` runs (at least `windowMs`). */
async function measured(name: string, during: () => Promise<unknown>): Promise<Window> {
  await inspector?.post('Profiler.start');
  const cpu = process.cpuUsage();
  const started = performance.now();
  const polls = monitor.stats().polls;
  peakRss = process.memoryUsage.rss();
  await during();
  const used = process.cpuUsage(cpu);
  if (inspector !== undefined && profileDir !== undefined) {
    const { profile } = await inspector.post('Profiler.stop');
    await writeFile(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
  return {
    cpuMs: (used.user + used.system) / 1000,
    wallMs: performance.now() - started,
    peakRssMb: peakRss / 1024 / 1024,
    polls: monitor.stats().polls - polls,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tally = (verdicts: readonly { verdict: string }[]) => ({
  pass: verdicts.filter((v) => v.verdict === 'pass').length,
  fail: verdicts.filter((v) => v.verdict === 'fail').length,
});
const criteria = { ...defaultCriteria(), minutes: windowMs / 60_000 };

// ACCEPTANCE_BENCH_BEFORE=<module>: another `runAcceptance` (e.g. the code before a change, copied into the
// tree) measured in the same run beside the monitor, after the current one: before/after from one run.
const beforePath = process.env.ACCEPTANCE_BENCH_BEFORE;
const before =
  beforePath !== undefined
    ? ((await import(pathToFileURL(resolve(beforePath)).href)) as { runAcceptance: typeof runAcceptance })
    : undefined;

monitor.start(targets);
await sleep(2 * intervalMs);
const monitorOnly = await measured('monitor', () => sleep(windowMs));
let withMonitor = { pass: 0, fail: 0 };
const monitorAndAcceptance = await measured('monitor-and-acceptance', async () => {
  const run = await runAcceptance(targets, { client, sessions, criteria });
  withMonitor = tally(run.verdicts);
});
const monitorAndBefore =
  before === undefined
    ? undefined
    : await measured('monitor-and-acceptance-before', () =>
        before.runAcceptance(targets, { client, sessions, criteria }),
      );
await monitor.stop();
let alone = { pass: 0, fail: 0 };
let readingsPerDevice = 0;
const acceptanceOnly = await measured('acceptance', async () => {
  const run = await runAcceptance(targets, { client, sessions, criteria });
  alone = tally(run.verdicts);
  readingsPerDevice = run.verdicts[0]?.evidence.readings.taken ?? 0;
});
clearInterval(rssTimer);
client.close();
const result: AcceptanceBenchResult = {
  devices: targets.length,
  monitorOnly,
  monitorAndAcceptance,
  ...(monitorAndBefore !== undefined ? { monitorAndBefore } : {}),
  acceptanceOnly,
  verdicts: { withMonitor, alone },
  readingsPerDevice,
  peakRssMb: peakRss / 1024 / 1024,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
