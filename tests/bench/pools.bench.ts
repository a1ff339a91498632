/**
 * `npm run bench -- pools`: set pools on 500 simulated devices and read them back — the
 * preview (worker templates for the whole selection, duplicates checked), then per device one
 * `POST /settings` with three slots and one `GET /settings` compared with what was sent, and the request
 * appended to a real inventory's activity log. Budget: ≤ 10 s. Each run alternates between two pool
 * sets so every write changes the device's pools. "Cold": a new session per run, so each device is
 * unlocked first with its stored password (the CLI's case); "warm": sessions kept from the run before
 * (the app's case, its monitor already holds a token). Medians of 5 runs after one warm-up.
 */
import { hostname } from 'node:os';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import type { PoolTarget } from '../../electron/core/commission/pool-plan';
import { DEFAULT_BULK_CONCURRENCY } from '../../electron/core/credentials/bulk';
import type { PoolSpec } from '../../shared/domain/pools';
import type { SimDevice } from '../simulator';
import { targetOf } from '../support/sim-targets';
import type { BenchReport } from './bench-kit';
import { median } from './bench-kit';
import type { WriteWorld } from './write-bench-world';
import { requireAllDone, withWriteWorld } from './write-bench-world';

const DEVICES = 500;
const RUNS = 5;
const BUDGET_MS = 10_000;
const PW = 'bench-pw';

const poolSet = (n: number): PoolSpec[] => [
  { url: `stratum+tcp://pool-${n % 2}.example:3333`, worker: 'acct.{label}-{ip3}x{ip4}', password: 'x' },
  { url: 'stratum+tcp://backup.example:443', worker: 'acct.{label}-b', password: '' },
];

type World = WriteWorld<PoolTarget>;

let round = 0;

/** One request: preview, then write and read back every device; throws unless all 500 are done. */
async function setPools(world: World): Promise<void> {
  const commission = createCommissionServices({
    client: world.client,
    credentials: { vault: world.vault, sessions: world.sessions },
    inventory: world.inventory,
  });
  const pools = poolSet((round += 1));
  const plan = await commission.planPools(world.targets, pools);
  if (!plan.ok) throw new Error(plan.error.message);
  const set = await commission.setPools(world.targets, pools, { plan: plan.value, siteId: 'bench' });
  if (!set.ok) throw new Error(set.error.message);
  requireAllDone(set.value);
}

export function run(): Promise<BenchReport> {
  const target = (d: SimDevice, i: number): PoolTarget => ({
    ...targetOf(d),
    facts: { label: `R${i}`, site: 'bench' },
  });
  return withWriteWorld({ devices: DEVICES, password: PW, name: 'pools', target }, async (timed) => {
    const { cold, warm } = await timed(RUNS, setPools);
    const coldMedian = median(cold);
    return {
      figures: [
        { name: 'pools on 500, read back, cold sessions (median)', value: coldMedian, unit: 'ms' },
        { name: 'pools on 500, read back, warm sessions (median)', value: median(warm), unit: 'ms' },
      ],
      budgets: [
        {
          name: `pools on ${DEVICES} devices, read back ≤ ${BUDGET_MS / 1000} s (cold sessions)`,
          met: coldMedian <= BUDGET_MS,
          detail: `median ${Math.round(coldMedian)} ms`,
        },
      ],
      notes: [
        `${DEVICES} devices (field profile), bulk concurrency ${DEFAULT_BULK_CONCURRENCY}; per device: POST /unlock (cold only), POST /settings with 3 slots, GET /settings compared; one activity entry appended to the inventory file per request.`,
        `cold runs: ${cold.map((r) => Math.round(r)).join(', ')} ms; warm runs: ${warm.map((r) => Math.round(r)).join(', ')} ms`,
        `host ${hostname()}, node ${process.version}`,
      ],
    };
  });
}
