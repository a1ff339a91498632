/**
 * `npm run bench -- acceptance`: what an acceptance run costs against plain monitoring of the same devices.
 * The monitor benchmark's fleet (2,000 simulated devices in two processes of their own, keeping idle
 * connections) is monitored every 5 s by one process, which after a warm-up measures its own CPU over three
 * windows of 120 s: monitoring alone; monitoring while an acceptance run of 120 s watches every device
 * (readings at the start, after one minute and at the end — 1.5 a minute, more than a 30-minute run's 1.03:
 * `/perf-summary` and `/model` once, `/chains` and `/summary` each time, through the app's client and
 * sessions); and the acceptance run alone, the monitor
 * stopped (as `minerdeck accept` runs). Budget (issue 25): the acceptance run costs ≤ 1.3 × the CPU of plain
 * monitoring of the same devices over the same time. Also reported: what the run adds to a running monitor
 * (the app, where both go on), and the verdicts (every device must get one).
 * `ACCEPTANCE_BENCH_DEVICES` / `ACCEPTANCE_BENCH_SECONDS` size it.
 */
import type { BenchReport } from './bench-kit';
import type { AcceptanceBenchRequest, AcceptanceBenchResult, Window } from './acceptance/acceptance-child';
import { fleetCpu, tsx } from './monitor.bench';

const DEVICES = Number(process.env.ACCEPTANCE_BENCH_DEVICES ?? 2000);
const SECONDS = Number(process.env.ACCEPTANCE_BENCH_SECONDS ?? 120);
const INTERVAL_MS = 5_000;
const FLEET_PROCESSES = 2;
const BUDGET = 1.3;

const share = (w: Window): number => (w.cpuMs / w.wallMs) * 100;

export async function run(): Promise<BenchReport> {
  const per = Math.ceil(DEVICES / FLEET_PROCESSES);
  const fleets = Array.from({ length: FLEET_PROCESSES }, () =>
    tsx('tests/bench/monitor/fleet-child.ts', [String(per), '60000']),
  );
  const parts = await Promise.all(
    fleets.map(async (f) => JSON.parse(await f.nextLine()) as { addresses: string[]; password: string }),
  );
  const request: AcceptanceBenchRequest = {
    addresses: parts.flatMap((p) => p.addresses).slice(0, DEVICES),
    password: parts[0]?.password ?? '',
    intervalMs: INTERVAL_MS,
    windowMs: SECONDS * 1000,
  };
  await fleetCpu(fleets);
  const child = tsx('tests/bench/acceptance/acceptance-child.ts');
  child.process.stdin.end(JSON.stringify(request));
  const r = JSON.parse(await child.nextLine()) as AcceptanceBenchResult;
  const fleet = await fleetCpu(fleets);
  for (const f of fleets) f.process.stdin.end();

  const monitorOnly = share(r.monitorOnly);
  const withRun = share(r.monitorAndAcceptance);
  const alone = share(r.acceptanceOnly);
  const ratio = withRun / monitorOnly;
  const before = r.monitorAndBefore !== undefined ? share(r.monitorAndBefore) : undefined;
  return {
    figures: [
      {
        name: `monitoring ${r.devices} devices every 5 s, ${SECONDS} s`,
        value: monitorOnly,
        unit: '% of a core',
      },
      { name: `monitoring + an acceptance run of ${SECONDS} s`, value: withRun, unit: '% of a core' },
      { name: 'monitoring + acceptance / monitoring alone', value: ratio, unit: '×' },
      ...(before !== undefined
        ? [
            {
              name: 'monitoring + the other run (ACCEPTANCE_BENCH_BEFORE)',
              value: before,
              unit: '% of a core',
            },
            { name: 'monitoring + the other run / monitoring alone', value: before / monitorOnly, unit: '×' },
          ]
        : []),
      { name: `acceptance run alone (monitor stopped), ${SECONDS} s`, value: alone, unit: '% of a core' },
      { name: 'acceptance alone / monitoring alone', value: alone / monitorOnly, unit: '×' },
      { name: 'readings per device in the run', value: r.readingsPerDevice, unit: '' },
      {
        name: 'monitor polls in the window, alone / with the run',
        value: r.monitorOnly.polls,
        unit: `/ ${r.monitorAndAcceptance.polls}`,
      },
      {
        name: 'verdicts (with the monitor; alone)',
        value: r.verdicts.withMonitor.pass + r.verdicts.withMonitor.fail,
        unit: `(${r.verdicts.withMonitor.fail} failed; alone ${r.verdicts.alone.pass + r.verdicts.alone.fail}, ${r.verdicts.alone.fail} failed)`,
      },
      {
        name: 'measuring process peak RSS: monitoring / with the run / the run alone',
        value: r.monitorOnly.peakRssMb,
        unit: `/ ${r.monitorAndAcceptance.peakRssMb.toFixed(0)} / ${r.acceptanceOnly.peakRssMb.toFixed(0)} MB`,
      },
      { name: 'fleet processes CPU (each)', value: Math.max(...fleet), unit: '% of a core' },
    ],
    budgets: [
      {
        name: `acceptance over ${r.devices} devices ≤ ${BUDGET} × the CPU of plain monitoring, alone and beside it`,
        met:
          alone / monitorOnly <= BUDGET &&
          ratio <= BUDGET &&
          r.verdicts.alone.pass + r.verdicts.alone.fail === r.devices &&
          r.verdicts.withMonitor.pass + r.verdicts.withMonitor.fail === r.devices,
        detail: `the run ${alone.toFixed(1)} % vs monitoring ${monitorOnly.toFixed(1)} % (${(alone / monitorOnly).toFixed(2)} ×); both at once ${withRun.toFixed(1)} % (${ratio.toFixed(2)} × monitoring alone)`,
      },
    ],
  };
}
