/**
 * `npm run bench -- profiles`: a site power budget over 500 simulated devices — the plan (per device its
 * presets and configured preset read, then the budget spread exactly over all of them), then per device
 * one `POST /settings` with its preset and one `GET /settings` read back, and the request appended to a
 * real inventory's activity log. Budget: plan + set + read-back ≤ 10 s. Each run alternates between two
 * budgets (2.6 and 3.6 kW a device on average) so most devices get another preset every time. "Cold": a new
 * session per run, so each device is unlocked first with its stored password (the CLI's case); "warm":
 * sessions kept from the run before (the app's case). Medians of 5 runs after one warm-up; the plan's own
 * share (reads + spread) is reported too.
 */
import { hostname } from 'node:os';
import { createCommissionServices } from '../../electron/core/commission/commission-services';
import { DEFAULT_BULK_CONCURRENCY } from '../../electron/core/credentials/bulk';
import type { SessionTarget } from '../../electron/core/credentials/session-target';
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
/** kW for the whole site, alternating low and high: most devices change preset every run. */
const SITE_KW = [DEVICES * 2.6, DEVICES * 3.6];

type World = WriteWorld<SessionTarget>;

let round = 0;
const planMs: number[] = [];
const written: number[] = [];

/** One request: plan, then write and read back every device; throws unless all 500 are done. */
async function setProfiles(world: World): Promise<void> {
  const commission = createCommissionServices({
    client: world.client,
    credentials: { vault: world.vault, sessions: world.sessions },
    inventory: world.inventory,
  });
  const kw = SITE_KW[(round += 1) % 2]!;
  const started = performance.now();
  const plan = await commission.planPower(world.targets, { kind: 'site-kw', kw });
  planMs.push(performance.now() - started);
  if (!plan.ok) throw new Error(plan.error.message);
  if (plan.value.totals.watts > kw * 1000 || plan.value.totals.devices !== DEVICES) {
    throw new Error(`the plan is wrong: ${JSON.stringify(plan.value.totals)}`);
  }
  written.push(plan.value.entries.filter((e) => e.send && e.unchanged !== true).length);
  const set = await commission.setPower(world.targets, { plan: plan.value, siteId: 'bench' });
  if (!set.ok) throw new Error(set.error.message);
  requireAllDone(set.value);
}

export function run(): Promise<BenchReport> {
  const target = (d: SimDevice): SessionTarget => targetOf(d);
  return withWriteWorld({ devices: DEVICES, password: PW, name: 'profiles', target }, async (timed) => {
    let coldPlans: number[] = [];
    // The first of each series is timeRuns' warm-up: left out, as its time is.
    const { cold, warm } = await timed(RUNS, setProfiles, () => {
      coldPlans = planMs.splice(0).slice(1);
    });
    const coldMedian = median(cold);
    return {
      figures: [
        {
          name: 'site-kw on 500: plan + set + read-back, cold sessions (median)',
          value: coldMedian,
          unit: 'ms',
        },
        {
          name: 'site-kw on 500: plan + set + read-back, warm sessions (median)',
          value: median(warm),
          unit: 'ms',
        },
        {
          name: 'of which the plan (presets + settings read, exact spread), cold (median)',
          value: median(coldPlans),
          unit: 'ms',
        },
        { name: 'of which the plan, warm (median)', value: median(planMs.slice(1)), unit: 'ms' },
      ],
      budgets: [
        {
          name: `plan + set + read-back on ${DEVICES} devices ≤ ${BUDGET_MS / 1000} s (cold sessions)`,
          met: coldMedian <= BUDGET_MS,
          detail: `median ${Math.round(coldMedian)} ms`,
        },
      ],
      notes: [
        `${DEVICES} devices (field profile: 375 S21 Pro with the recorded 25 presets, 125 S19 with a simulated 17), bulk concurrency ${DEFAULT_BULK_CONCURRENCY}; budgets ${SITE_KW.join(' / ')} kW alternating; per device: POST /unlock (cold only), GET /autotune/presets, GET /settings, then POST /settings with the preset (${written.slice(1).join(', ')} written per run, the rest already on theirs: read back only) and GET /settings read back; one activity entry appended to the inventory file per request.`,
        `cold runs: ${cold.map((r) => Math.round(r)).join(', ')} ms; warm runs: ${warm.map((r) => Math.round(r)).join(', ')} ms`,
        `host ${hostname()}, node ${process.version}`,
      ],
    };
  });
}
