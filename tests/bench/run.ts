/**
 * `npm run bench [-- <name>…]`: runs the benchmarks in tests/bench (`<name>.bench.ts`, each exporting
 * `run(): Promise<BenchReport>`) and prints their figures. Benchmarks are kept out of `npm test` because
 * CI machines are noisy; their budgets are checked here and reported in issue notes.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchReport } from './bench-kit';
import { printReport } from './bench-kit';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length > 0) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const name of wanted.length > 0 ? wanted : available) {
  const module = (await import(pathToFileURL(join(here, `${name}.bench.ts`)).href)) as {
    run: () => Promise<BenchReport>;
  };
  const report = await module.run();
  printReport(name, report);
  failed ||= report.budgets.some((b) => !b.met);
}
process.exitCode = failed ? 1 : 0;
