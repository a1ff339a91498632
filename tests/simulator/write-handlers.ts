/**
 * The write endpoints of the `field` profile (vendor OpenAPI 1.2.6, field-notes.md "Writes a
 * commissioning tool makes"): settings with pools and password, the locate LED, mining restart and
 * reboot. The state they change lives in device-writes.ts; the `spec` profile has none of them.
 */
import { fail } from './handlers';
import type { DeviceContext, Handler } from './handlers';
import { versionAtLeast } from './identity';
import type { Route } from './router';
import { empty, json } from './sim-response';

const API = '/api/v1';
const LOCATE_MINER = `${API}/locate-miner`;

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export const getSettings: Handler = (ctx) =>
  json(200, ctx.writes.settingsBody(ctx.host, ctx.identity.hostname));

export const postSettings: Handler = (ctx, req) => {
  const outcome = ctx.writes.postSettings(parseJson(req.body));
  if (!outcome.ok) return fail(ctx, outcome.status, outcome.err);
  return json(200, { restart_required: outcome.restartRequired, reboot_required: outcome.rebootRequired });
};

export const findMiner: Handler = (ctx) => json(200, { on: ctx.writes.toggleLed() });

export const locateMiner: Handler = (ctx) => json(200, { is_enabled: ctx.writes.toggleLed() });

export const restartMining: Handler = (ctx) => {
  ctx.writes.restartMining();
  return empty(200);
};

export const reboot: Handler = (ctx) => json(200, { after: ctx.writes.reboot() });

const withCredential = (handle: Handler): Route => ({ auth: 'required', handle });

export const fieldWriteRoutes: [string, Record<string, Route>][] = [
  // The vendor document gives GET only `x-api-key`; tokens work too on real devices (field-notes.md).
  [`${API}/settings`, { GET: withCredential(getSettings), POST: withCredential(postSettings) }],
  // No `security` on /find-miner in the vendor document: anyone on the LAN may blink the LED.
  [`${API}/find-miner`, { POST: { auth: 'none', handle: findMiner } }],
  // Not in the 1.2.6 document; treated like the other writes.
  [LOCATE_MINER, { POST: withCredential(locateMiner) }],
  [`${API}/mining/restart`, { POST: withCredential(restartMining) }],
  [`${API}/system/reboot`, { POST: withCredential(reboot) }],
];

/** Paths only some firmware has: /locate-miner came with 1.3.x. */
export function hasPath(ctx: DeviceContext, pathname: string): boolean {
  return pathname !== LOCATE_MINER || versionAtLeast(ctx.identity.firmwareVersion, '1.3.0');
}
