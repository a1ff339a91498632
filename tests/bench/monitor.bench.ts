/**
 * `npm run bench -- monitor` (issue 5): 2,000 simulated devices polled every 5 s for 60 s. The fleet runs
 * in two child processes and the monitor in another, so the monitor's CPU time and peak RSS are its own.
 * Budget (DESIGN.md): ≤ 15 % of one core, ≤ 300 MB, no missed poll. Also reported: p99 poll latency, the
 * CPU of a bare Node http loop making the same requests (the floor on this machine) and the fleet's own
 * CPU (a saturated fleet answers late, which is not the monitor's doing).
 * `MONITOR_BENCH_DEVICES` / `MONITOR_BENCH_SECONDS` shrink it for a quick look; `MONITOR_BENCH_PROFILE=<dir>`
 * writes a CPU profile of the monitoring process there.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../support/run-cli';
import type { BenchReport } from './bench-kit';
import type { MonitorRunRequest, MonitorRunResult } from './monitor/monitor-child';

const DEVICES = Number(process.env.MONITOR_BENCH_DEVICES ?? 2000);
const SECONDS = Number(process.env.MONITOR_BENCH_SECONDS ?? 60);
const INTERVAL_MS = 5000;
const BARE_SECONDS = Math.min(30, SECONDS);
const FLEET_PROCESSES = 2;

interface Child {
  process: ChildProcessWithoutNullStreams;
  nextLine(): Promise<string>;
}

function tsx(script: string, args: string[] = [], nodeFlags: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  }) as unknown as ChildProcessWithoutNullStreams;
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.trim() === '') return;
    const waiter = waiting.shift();
    if (waiter !== undefined) waiter(line);
    else queue.push(line);
  });
  return {
    process: child,
    nextLine: () => {
      const line = queue.shift();
      return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

async function fleetCpu(fleets: Child[]): Promise<number[]> {
  for (const fleet of fleets) fleet.process.stdin.write('cpu\n');
  return Promise.all(
    fleets.map(async (f) => (JSON.parse(await f.nextLine()) as { cpuShare: number }).cpuShare * 100),
  );
}

export async function run(): Promise<BenchReport> {
  const per = Math.ceil(DEVICES / FLEET_PROCESSES);
  const fleets = Array.from({ length: FLEET_PROCESSES }, () =>
    tsx('tests/bench/monitor/fleet-child.ts', [String(per)]),
  );
  const parts = await Promise.all(
    fleets.map(
      async (f) => JSON.parse(await f.nextLine()) as Pick<MonitorRunRequest, 'addresses' | 'password'>,
    ),
  );
  const addresses = parts.flatMap((p) => p.addresses).slice(0, DEVICES);
  const password = parts[0]?.password ?? '';
  const request: MonitorRunRequest = {
    addresses,
    password,
    intervalMs: INTERVAL_MS,
    durationMs: SECONDS * 1000,
  };

  await fleetCpu(fleets);
  // MONITOR_BENCH_PROFILE=<dir>: a V8 CPU profile of the monitoring process, for finding where a poll goes.
  const profileDir = process.env.MONITOR_BENCH_PROFILE;
  const monitor = tsx(
    'tests/bench/monitor/monitor-child.ts',
    [],
    profileDir !== undefined ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  monitor.process.stdin.end(JSON.stringify(request));
  const r = JSON.parse(await monitor.nextLine()) as MonitorRunResult;
  const fleetDuringMonitor = await fleetCpu(fleets);

  // The same requests from a bare Node http loop, against the same fleet: the floor on this machine.
  const bare = tsx('tests/bench/monitor/bare-poller.ts');
  bare.process.stdin.end(JSON.stringify({ ...request, durationMs: BARE_SECONDS * 1000 }));
  const floor = JSON.parse(await bare.nextLine()) as { cpuMs: number; wallMs: number; polls: number };
  for (const fleet of fleets) fleet.process.stdin.end();

  const cpuShare = (r.cpuMs / r.wallMs) * 100;
  const steadyShare = (r.steadyCpuMs / r.steadyWallMs) * 100;
  const floorShare = (floor.cpuMs / floor.wallMs) * 100;
  const floorPerPoll = (floor.cpuMs * 1000) / Math.max(1, floor.polls);
  const perPoll = (r.cpuMs * 1000) / Math.max(1, r.polls);
  const fleetText = fleetDuringMonitor.map((c) => `${c.toFixed(0)} %`).join(' + ');
  return {
    figures: [
      {
        name: `monitor CPU, ${r.devices} devices, whole ${SECONDS} s run`,
        value: cpuShare,
        unit: '% of a core',
      },
      { name: 'monitor CPU, steady state (after 2 intervals)', value: steadyShare, unit: '% of a core' },
      { name: 'monitor CPU per poll (whole run)', value: perPoll, unit: 'µs' },
      { name: 'bare Node http floor, same requests', value: floorShare, unit: '% of a core' },
      { name: 'bare floor CPU per poll', value: floorPerPoll, unit: 'µs' },
      { name: 'monitor per poll / bare floor per poll', value: perPoll / floorPerPoll, unit: '×' },
      { name: 'monitor peak RSS', value: r.peakRssMb, unit: 'MB' },
      { name: 'monitor V8 heap used at the end', value: r.heapUsedMb, unit: 'MB' },
      { name: 'polls', value: r.polls, unit: `(${r.expectedPolls} slots)` },
      {
        name: 'missed polls, steady (interval slots without an answer)',
        value: r.steadyMissedPolls,
        unit: '',
      },
      { name: 'failed polls, steady (no reading)', value: r.steadyFailedPolls, unit: '' },
      { name: 'late poll starts, steady (> 1 interval after due)', value: r.steadyLateStarts, unit: '' },
      { name: 'missed polls, whole run (warm-up included)', value: r.missedPolls, unit: '' },
      { name: 'failed polls, whole run', value: r.failedPolls, unit: '' },
      { name: 'late poll starts, whole run', value: r.lateStarts, unit: '' },
      { name: 'max poll start lag', value: r.maxLagMs, unit: 'ms' },
      { name: 'poll latency p50 (last 20,000 polls)', value: r.latencyP50Ms, unit: 'ms' },
      { name: 'poll latency p99 (last 20,000 polls)', value: r.latencyP99Ms, unit: 'ms' },
      { name: 'devices online at the end', value: r.online, unit: `of ${r.devices}` },
      { name: 'diffs sent', value: r.diffs / (r.wallMs / 1000), unit: 'per second' },
    ],
    budgets: [
      {
        name: 'monitor ≤ 15 % of one core',
        met: cpuShare <= 15,
        detail: `${cpuShare.toFixed(1)} % over the whole run (${steadyShare.toFixed(1)} % steady); the bare http floor is ${floorShare.toFixed(1)} % here`,
      },
      { name: 'monitor RSS ≤ 300 MB', met: r.peakRssMb <= 300, detail: `peak ${r.peakRssMb.toFixed(0)} MB` },
      {
        name: 'no missed poll',
        met:
          r.steadyMissedPolls === 0 &&
          r.steadyFailedPolls === 0 &&
          r.steadyLateStarts === 0 &&
          r.online === r.devices,
        detail: `after the warm-up: ${r.steadyMissedPolls} missed, ${r.steadyFailedPolls} failed, ${r.steadyLateStarts} late starts; whole run: ${r.missedPolls} missed, ${r.failedPolls} failed; ${r.online}/${r.devices} online at the end`,
      },
    ],
    notes: [
      `fleet processes used ${fleetText} of a core each while the monitor ran (near 100 % = the fleet, not the monitor, sets the latency)`,
      `the bare floor (${BARE_SECONDS} s) makes the same requests (status every poll, summary every other poll) with nothing else`,
      'history rings (one hour) are allocated in full at the first sample, so the RSS already counts them',
    ],
  };
}
