/**
 * The read endpoints of power profiles and hash boards (field profile; vendor OpenAPI 1.2.6):
 * `/autotune/presets` (bearer or API key, as the vendor document lists it), and the anonymous `/perf-summary`,
 * `/model`, `/chains` and `/chains/factory-info`. Bodies: presets from power-state.ts, the others from
 * board-bodies.ts. The preset write itself is part of POST /settings (device-writes.ts).
 */
import { chainsBody, factoryInfoBody, modelBody, perfSummaryBody } from './board-bodies';
import type { Handler } from './handlers';
import type { Route } from './router';
import { json } from './sim-response';

const API = '/api/v1';

export const autotunePresets: Handler = (ctx) => json(200, ctx.hardware.power.presetsBody(ctx.now()));

export const perfSummary: Handler = (ctx) => json(200, perfSummaryBody(ctx.hardware, ctx.now()));

export const model: Handler = (ctx) => json(200, modelBody(ctx.identity, ctx.hardware.chipsPerBoard));

export const chains: Handler = (ctx) => json(200, chainsBody(ctx.identity, ctx.miner, ctx.now()));

export const factoryInfo: Handler = (ctx) => json(200, factoryInfoBody(ctx.identity, ctx.hardware));

const anonymous = (handle: Handler): Record<string, Route> => ({ GET: { auth: 'none', handle } });

export const fieldPowerRoutes: [string, Record<string, Route>][] = [
  [`${API}/autotune/presets`, { GET: { auth: 'required', handle: autotunePresets } }],
  // No `security` on these in the vendor document: anyone on the LAN may read them.
  [`${API}/perf-summary`, anonymous(perfSummary)],
  [`${API}/model`, anonymous(model)],
  [`${API}/chains`, anonymous(chains)],
  [`${API}/chains/factory-info`, anonymous(factoryInfo)],
];
