/** Small helpers shared by the benchmarks: repeated timing, medians, and one report format. */

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

export interface Budget {
  name: string;
  met: boolean;
  detail: string;
}

export interface BenchReport {
  figures: Figure[];
  budgets: Budget[];
  notes?: string[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `fn` `times` times (after one warm-up) and returns each run's wall time in ms. */
export async function timeRuns(times: number, fn: () => Promise<void>): Promise<number[]> {
  await fn();
  const runs: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await fn();
    runs.push(performance.now() - start);
  }
  return runs;
}

export function printReport(name: string, report: BenchReport): void {
  console.log(`\n## ${name}`);
  for (const f of report.figures)
    console.log(`  ${f.name.padEnd(48)} ${f.value.toFixed(2).padStart(12)} ${f.unit}`);
  for (const b of report.budgets)
    console.log(`  budget ${b.met ? 'met   ' : 'MISSED'} ${b.name}: ${b.detail}`);
  for (const n of report.notes ?? []) console.log(`  note: ${n}`);
}
