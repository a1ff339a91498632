/**
 * `npm run bench -- soak`: the monitor watching 500 simulated devices under random, moving
 * faults (soak/fault-weather.ts) for 10 minutes, in one process with the fleet. Sampled every 10 s: RSS,
 * V8 heap after a GC when `--expose-gc` is on (else the heap as it is), open sockets, and devices per
 * state. Budgets: memory flat (heap at the end within 20 % + 10 MB of the heap after the first minute),
 * sockets flat under the faults (no sample after the first minute above 1.2 × the first minute's + 20),
 * sockets bounded (never more than each device's two kept connections, counted at both ends: the fleet
 * runs in this process), none left once the monitor, client and fleet are closed, no device without a
 * settled state at the end, and polls keep finishing. The calm last interval keeps one connection per
 * healthy device, so it has more open sockets than the weather, by design. `SOAK_SECONDS` / `SOAK_DEVICES` / `SOAK_INTERVAL_MS` shorten it for a quick look
 * (e.g. `SOAK_SECONDS=60 npm run bench -- soak`).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { createDeviceClient } from '../../electron/core/device/client';
import { createMonitor } from '../../electron/core/monitor/monitor';
import { monitorClientOptions } from '../../electron/core/monitor/monitor-options';
import type { MonitorSettings } from '../../electron/core/monitor/monitor-options';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { targetOf } from '../support/sim-targets';
import type { BenchReport } from './bench-kit';
import { openSockets, shuffleFaults } from './soak/fault-weather';

/** Open sockets once closing has settled (a closed socket's handle goes at the next turns of the loop). */
async function settledSocketCount(): Promise<number> {
  for (let i = 0; i < 20 && openSockets() > 0; i += 1) await sleep(100);
  return openSockets();
}

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const DEVICES = Number(process.env.SOAK_DEVICES ?? 500);
const INTERVAL_MS = Number(process.env.SOAK_INTERVAL_MS ?? 2000);
const SAMPLE_MS = Math.min(10_000, (SECONDS * 1000) / 6);
/** A new fault weather this often; a fifth of the devices under a fault at any time. */
const WEATHER_MS = 15_000;
const FAULT_SHARE = 0.2;

interface Sample {
  at: number;
  rssMb: number;
  heapMb: number;
  sockets: number;
  states: Record<string, number>;
  pollsFinished: number;
}

const mb = (bytes: number): number => bytes / 1024 / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real GC before each sample, so "flat" compares live memory, not where the collector happened to be. */
function exposeGc(): (() => void) | undefined {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/** A small seeded generator (mulberry32), so a run's fault weather can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function run(): Promise<BenchReport> {
  const seed = Number(process.env.SOAK_SEED ?? Date.now() % 1e9);
  const random = seeded(seed);
  const fleet = await startFleet({
    count: DEVICES,
    recordRequests: false,
    defaults: { tokenLifetimeMs: 120_000 },
  });
  const settings: MonitorSettings = { intervalMs: INTERVAL_MS };
  const client = createDeviceClient(monitorClientOptions(settings));
  const services = servicesFor(client);
  const targets = fleet.devices.map((device) => targetOf(device));
  for (const target of targets) await services.vault.setDevicePassword(target.deviceId, 'admin');
  const monitor = createMonitor({ client, sessions: services.sessions, ...settings });
  monitor.subscribe(() => undefined);

  const gc = exposeGc();
  const samples: Sample[] = [];
  const sample = (): Sample => {
    gc?.();
    const states: Record<string, number> = {};
    for (const view of monitor.snapshot().devices) states[view.state] = (states[view.state] ?? 0) + 1;
    const s = {
      at: Math.round(performance.now() - started),
      rssMb: mb(process.memoryUsage().rss),
      heapMb: mb(process.memoryUsage().heapUsed),
      sockets: openSockets(),
      states,
      pollsFinished: monitor.stats().finished,
    };
    samples.push(s);
    console.error(
      `soak ${(s.at / 1000).toFixed(0)} s: rss ${s.rssMb.toFixed(0)} MB, heap ${s.heapMb.toFixed(1)} MB, sockets ${s.sockets}, ${JSON.stringify(states)}`,
    );
    return s;
  };

  const started = performance.now();
  monitor.start(targets);
  let nextWeather = 0;
  let nextSample = 0;
  for (let elapsed = 0; elapsed < SECONDS * 1000; elapsed = performance.now() - started) {
    if (elapsed >= nextWeather) {
      shuffleFaults(fleet.devices, FAULT_SHARE, random);
      nextWeather += WEATHER_MS;
    }
    if (elapsed >= nextSample) {
      sample();
      nextSample += SAMPLE_MS;
    }
    await sleep(250);
  }
  // Calm weather for the last interval, then the final look: every device settled, none stuck.
  for (const device of fleet.devices) device.clearFaults();
  await sleep(3 * INTERVAL_MS);
  const last = sample();
  const stuck = monitor
    .snapshot()
    .devices.filter((v) => v.state === 'discovered' || v.state === 'unlocking' || v.reason === '');
  await monitor.stop();
  client.close();
  await fleet.close();
  const leftOpen = await settledSocketCount();

  const base = samples.find((s) => s.at >= 60_000) ?? samples[1] ?? samples[0]!;
  const first = samples[0]!;
  const heapFlat = last.heapMb <= base.heapMb * 1.2 + 10;
  const weather = samples.filter((s) => s.at >= base.at && s !== last);
  const weatherPeak = Math.max(base.sockets, ...weather.map((s) => s.sockets));
  const socketsFlat = weatherPeak <= base.sockets * 1.2 + 20;
  const socketCap = DEVICES * 2 * 2;
  const socketsBounded = samples.every((s) => s.sockets <= socketCap);
  const pollsGoOn = last.pollsFinished > base.pollsFinished;
  return {
    figures: [
      { name: 'devices', value: DEVICES, unit: '' },
      { name: 'duration', value: last.at / 1000, unit: 's' },
      {
        name: 'RSS at start / baseline / end',
        value: first.rssMb,
        unit: `MB / ${base.rssMb.toFixed(1)} / ${last.rssMb.toFixed(1)}`,
      },
      {
        name: 'heap at start / baseline / end',
        value: first.heapMb,
        unit: `MB / ${base.heapMb.toFixed(1)} / ${last.heapMb.toFixed(1)}`,
      },
      { name: 'peak RSS', value: Math.max(...samples.map((s) => s.rssMb)), unit: 'MB' },
      {
        name: 'open sockets at start / baseline / end',
        value: first.sockets,
        unit: `/ ${base.sockets} / ${last.sockets}`,
      },
      { name: 'peak open sockets', value: Math.max(...samples.map((s) => s.sockets)), unit: '' },
      { name: 'polls finished', value: last.pollsFinished, unit: '' },
    ],
    budgets: [
      {
        name: 'memory flat',
        met: heapFlat,
        detail: `heap ${base.heapMb.toFixed(1)} → ${last.heapMb.toFixed(1)} MB (≤ +20 % + 10 MB)`,
      },
      {
        name: 'sockets flat under the faults',
        met: socketsFlat,
        detail: `baseline ${base.sockets}, highest after it ${weatherPeak} (≤ 1.2× + 20)`,
      },
      {
        name: 'sockets bounded',
        met: socketsBounded,
        detail: `peak ${Math.max(...samples.map((s) => s.sockets))}, calm end ${last.sockets} (≤ ${socketCap}: two per device, both ends)`,
      },
      { name: 'no socket left after closing', met: leftOpen === 0, detail: `${leftOpen} open` },
      {
        name: 'no device stuck without a state',
        met: stuck.length === 0,
        detail: `${stuck.length} stuck; final ${JSON.stringify(last.states)}`,
      },
      {
        name: 'polls keep finishing',
        met: pollsGoOn,
        detail: `${base.pollsFinished} → ${last.pollsFinished}`,
      },
    ],
    notes: [
      `fault weather seed ${seed} (SOAK_SEED replays it); gc ${gc === undefined ? 'not exposed: heap as sampled' : 'before each sample'}`,
    ],
  };
}
