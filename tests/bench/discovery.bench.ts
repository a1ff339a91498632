/**
 * `npm run bench -- discovery`: a) a /24 whose empty addresses drop packets, against nmap;
 * b) a 65,536-address loopback sweep against a bare Node connect() sweep. Details beside each scenario.
 */
import type { BenchReport } from './bench-kit';
import { loopbackSweep } from './discovery/loopback-sweep';
import { silentSubnet } from './discovery/silent-subnet';

export async function run(): Promise<BenchReport> {
  const a = await silentSubnet();
  const b = await loopbackSweep();
  return {
    figures: [...a.figures, ...b.figures],
    budgets: [...a.budgets, ...b.budgets],
    notes: [...(a.notes ?? []), ...(b.notes ?? [])],
  };
}
