/**
 * A device's options with every default filled in, in one place, so the rest of the simulator never
 * repeats a default and `SimDevice.options` shows what the device really does.
 */
import type { Identity } from './identity';
import { drawRanges } from './ranges';
import type { SimDeviceOptions, SimDeviceSettings } from './types';
import { resolveWriteOptions } from './write-options';
import type { WriteFilled } from './write-options';
import { resolvePowerOptions } from './power-options';
import type { PowerFilled } from './power-options';
import { resolveTiming } from './device-timing';
import type { TimingFilled } from './device-timing';

type Filled = 'host' | 'port' | 'profile' | 'password' | 'lockoutThreshold' | 'lockoutSeconds';
type AlsoFilled = 'legacyFirmware' | 'apiKeyMode' | 'https' | 'minerState' | 'statusOnBadCredential';
export type ResolvedOptions = SimDeviceSettings &
  Required<Pick<SimDeviceSettings, Filled | AlsoFilled | WriteFilled | PowerFilled | TimingFilled>>;

/** Where a device's ranged knobs are drawn from: the fleet's seed and the device's index. */
export interface DrawKey {
  seed: number;
  index: number;
}

export function resolveOptions(
  given: SimDeviceOptions,
  host: string,
  port: number,
  id: Identity,
  key: DrawKey = { seed: 1, index: 0 },
): ResolvedOptions {
  // Ranges first: everything below sees this device's own numbers.
  const { options: o, drawn } = drawRanges(given, key.seed, key.index);
  const legacyFirmware = o.legacyFirmware ?? false;
  const writes = resolveWriteOptions(o);
  const power = resolvePowerOptions(o, id);
  return Object.freeze({
    ...o,
    host,
    port,
    profile: o.profile ?? 'field',
    password: o.password ?? 'admin',
    lockoutThreshold: o.lockoutThreshold ?? 5,
    lockoutSeconds: o.lockoutSeconds ?? 30,
    legacyFirmware,
    // Old firmware answered POST /apikeys with a bare string (field-notes.md).
    apiKeyMode: o.apiKeyMode ?? (legacyFirmware ? 'bare-string' : 'status-object'),
    https: o.https ?? false,
    mac: id.mac,
    hostname: id.hostname,
    model: id.model,
    firmwareVersion: id.firmwareVersion,
    serial: id.serial,
    minerState: o.minerState ?? 'mining',
    statusOnBadCredential: o.statusOnBadCredential ?? '401',
    ...writes,
    ...power,
    // The durations as this device has them (its jitter applied): `options` shows what it really does.
    ...resolveTiming(o, id, { ...writes, autoTuneSeconds: power.autoTuneSeconds }, drawn),
  });
}
