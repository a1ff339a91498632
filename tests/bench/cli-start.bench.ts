/**
 * `npm run bench -- cli-start`: how long `minerdeck help` takes to start and finish, against Node doing
 * nothing (`node -e 0`) — the built bundle (`npm run build:cli`, what the `minerdeck` bin and the
 * installed app run) and, for comparison, the TypeScript entry through tsx (`npm run -s cli`, the
 * development way). Budget: the bundle within 1.5× of bare Node. The three commands take turns within
 * each round, so load on the machine hits them alike; medians of CLI_START_RUNS rounds (default 15)
 * after one warm-up round.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildCliBundle } from '../support/build-cli-once';
import { CLI_BIN, REPO_ROOT } from '../support/run-cli';
import type { BenchReport } from './bench-kit';
import { median } from './bench-kit';

const RUNS = Number(process.env.CLI_START_RUNS ?? 15);
const BUDGET_RATIO = 1.5;

const COMMANDS = {
  node: ['-e', '0'],
  bundle: [CLI_BIN, 'help'],
  tsx: ['--import', 'tsx', join(REPO_ROOT, 'electron/cli/index.ts'), 'help'],
} as const;
type Name = keyof typeof COMMANDS;

/** One run's wall time in ms; a failed run fails the benchmark (it would time nothing useful). */
function timed(name: Name): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, COMMANDS[name], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    timeout: 30_000,
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${name} exited with ${run.status ?? run.signal}`);
  return ms;
}

export async function run(): Promise<BenchReport> {
  buildCliBundle();
  const names = Object.keys(COMMANDS) as Name[];
  const times: Record<Name, number[]> = { node: [], bundle: [], tsx: [] };
  for (let round = 0; round <= RUNS; round += 1) {
    for (const name of names) {
      const ms = timed(name);
      if (round > 0) times[name].push(ms); // round 0 warms the file cache up
    }
  }
  const node = median(times.node);
  const bundle = median(times.bundle);
  const tsx = median(times.tsx);
  const ratio = bundle / node;
  return {
    figures: [
      { name: 'node -e 0', value: node, unit: 'ms' },
      { name: 'minerdeck help (built bundle)', value: bundle, unit: 'ms' },
      { name: 'minerdeck help (tsx, before the bundle)', value: tsx, unit: 'ms' },
      { name: 'bundle / node', value: ratio, unit: '×' },
      { name: 'tsx / node', value: tsx / node, unit: '×' },
    ],
    budgets: [
      {
        name: `help within ${BUDGET_RATIO}× of node -e 0`,
        met: ratio <= BUDGET_RATIO,
        detail: `${bundle.toFixed(0)} ms vs ${node.toFixed(0)} ms (${ratio.toFixed(2)}×), medians of ${RUNS}`,
      },
    ],
    notes: [`${RUNS} rounds, the three commands in turn each round`],
  };
}
