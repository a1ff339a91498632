/**
 * `npm run bench -- discovery`: a) a /24 whose empty addresses drop packets, against nmap;
 * b) a 65,536-address loopback sweep against a bare Node connect() sweep; c) a sparse /16 (500 devices,
 * the rest dropping packets), nmap beside it. Details beside each scenario.
 *
 * DISCOVERY_BENCH_ONLY picks some of them: a comma list of `24`, `sweep`, `16` (default: all).
 */
import type { BenchReport } from './bench-kit';
import { loopbackSweep } from './discovery/loopback-sweep';
import { silentSubnet } from './discovery/silent-subnet';
import { sparseBlock } from './discovery/sparse-block';

/** In the order they run. */
const SCENARIOS: readonly [string, () => Promise<BenchReport>][] = [
  ['24', silentSubnet],
  ['sweep', loopbackSweep],
  ['16', sparseBlock],
];

export async function run(): Promise<BenchReport> {
  const only = process.env.DISCOVERY_BENCH_ONLY?.split(',').map((name) => name.trim());
  const names = SCENARIOS.map(([name]) => name);
  const unknown = (only ?? []).filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `DISCOVERY_BENCH_ONLY: no scenario ${unknown.join(', ')}; choose from ${names.join(', ')}`,
    );
  }
  const reports: BenchReport[] = [];
  for (const [name, scenario] of SCENARIOS) {
    if (only === undefined || only.includes(name)) reports.push(await scenario());
  }
  return {
    figures: reports.flatMap((r) => r.figures),
    budgets: reports.flatMap((r) => r.budgets),
    notes: reports.flatMap((r) => r.notes ?? []),
  };
}
