/**
 * Who a simulated device is: MAC, model, firmware, serial. Defaults vary with the device's index so a fleet
 * looks like a real site (mixed models and firmware) while staying deterministic within a fleet.
 */
import type { SimDeviceOptions } from './types';

export interface Identity {
  mac: string;
  hostname: string;
  /** Human model name, `miner` in /info. */
  model: string;
  /** Short model id, `model` in /info. */
  modelId: string;
  firmwareVersion: string;
  serial: string;
  /** 0..1, stable per device: spreads hash rates and temperatures across the fleet. */
  seed: number;
}

const hex2 = (n: number): string => (n & 0xff).toString(16).toUpperCase().padStart(2, '0');

/** Locally administered unicast MAC: 02:<fleet tag>:<index>, unique within a fleet and across most fleets. */
export function macFor(fleetTag: number, index: number): string {
  const bytes = [0x02, fleetTag >> 8, fleetTag, index >> 16, index >> 8, index];
  return bytes.map(hex2).join(':');
}

function slug(model: string): string {
  return model
    .toLowerCase()
    .replace(/^antminer\s+/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every fourth device is an older S19 on firmware 1.2.6 (no `throttled`, serial 'N/A'), like real fleets. */
function isOlderVariant(index: number): boolean {
  return index % 4 === 3;
}

export function resolveIdentity(opts: SimDeviceOptions, fleetTag: number, index: number): Identity {
  const older = isOlderVariant(index);
  const model = opts.model ?? (older ? 'Antminer S19 (88)' : 'Antminer S21 Pro');
  const modelId = opts.model === undefined ? (older ? 's19-88' : 's21pro') : slug(opts.model) || 'unknown';
  return {
    mac: opts.mac ?? macFor(fleetTag, index),
    hostname: opts.hostname ?? 'Antminer',
    model,
    modelId,
    firmwareVersion: opts.firmwareVersion ?? (older ? '1.2.6' : '1.2.7'),
    serial:
      opts.serial ??
      (older ? 'N/A' : `SIM${hex2(fleetTag >> 8)}${hex2(fleetTag)}${String(index).padStart(5, '0')}`),
    // Golden-ratio spacing: neighbours get well spread values without a random generator.
    seed: (index * 0.6180339887 + fleetTag / 65536) % 1,
  };
}

/** Compares dotted versions numerically: '1.2.10' > '1.2.7'. Non-numeric parts count as 0. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const b = minimum.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}
