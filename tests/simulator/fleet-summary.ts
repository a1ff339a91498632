/**
 * What `npm run simulator` (and so `npm run demo`) says about its fleet before anything else: one line a
 * technician reads at a glance — how many devices, of which models, at which addresses and port — instead
 * of one line per device pushing the address to open off the screen. The list is printed on request only
 * (`--list`; the demo's MINERDECK_DEMO_LIST=1).
 */
import { targetRange } from './cli-args';

export interface SummaryDevice {
  host: string;
  model: string;
}

/** `3 × Antminer S21 Pro, 2 × Antminer S19 XP`: most common first, then by name. */
export function modelCounts(models: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const model of models) counts.set(model, (counts.get(model) ?? 0) + 1);
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([model, n]) => `${n} × ${model}`)
    .join(', ');
}

/**
 * `Minerdeck simulator: 200 field devices (120 × Antminer S21 Pro, 80 × Antminer S19 XP) at
 * 127.0.1.1-127.0.1.200, port 8080`; `(https)` after the port when they serve https.
 */
export function fleetSummary(
  devices: readonly SummaryDevice[],
  options: { profile: string; port: number; https: boolean },
): string {
  const n = devices.length;
  const range = targetRange(devices.map((d) => d.host));
  const scheme = options.https ? ' (https, self-signed)' : '';
  return `Minerdeck simulator: ${n} ${options.profile} device${n === 1 ? '' : 's'} (${modelCounts(devices.map((d) => d.model))}) at ${range}, port ${options.port}${scheme}`;
}
