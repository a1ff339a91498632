/**
 * Defaults and checks of the power-profile and hardware options (presets, the preset in force, tuning,
 * the modified PSU, shares, hardware faults), merged into the device's resolved options by
 * device-options.ts.
 */
import type { Identity } from './identity';
import { checkPresets, fixturePresets, simulatedS19Presets } from './presets';
import type { HardwareFault, SimDeviceSettings, SimPreset } from './types';

export type PowerFilled =
  | 'presets'
  | 'preset'
  | 'tunedPresets'
  | 'moddedPsu'
  | 'autoTuneSeconds'
  | 'presetAppliesAtOnce'
  | 'ignorePresetWrites'
  | 'shareSeconds'
  | 'hardwareFaults';

export type PowerOptions = Required<Pick<SimDeviceSettings, PowerFilled>>;

/** The recorded perf-summary's current preset: the one the recorded summary's numbers go with. */
const DEFAULT_PRESET = '2800';

function nonNegative(name: string, value: number | undefined, fallback: number, positive = false): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && (positive ? value > 0 : value >= 0))) {
    throw new RangeError(`${name} must be a number ${positive ? '> 0' : '>= 0'}, got ${value}`);
  }
  return value;
}

function checkFault(fault: HardwareFault): HardwareFault {
  const index = (n: number | undefined, what: string) => {
    if (n !== undefined && !(Number.isInteger(n) && n >= 0)) {
      throw new RangeError(`hardware fault ${fault.kind}: ${what} must be a whole number >= 0, got ${n}`);
    }
  };
  switch (fault.kind) {
    case 'dead-chips':
      index(fault.board, 'board');
      index(fault.chips, 'chips');
      break;
    case 'missing-board':
      index(fault.board, 'board');
      break;
    case 'low-hash-rate':
      nonNegative('low-hash-rate factor', fault.factor, 0.8);
      break;
    case 'rejecting-pool':
      if (fault.percent !== undefined && !(fault.percent >= 0 && fault.percent <= 100)) {
        throw new RangeError(`rejecting-pool percent must be 0-100, got ${fault.percent}`);
      }
      break;
    case 'board-state':
      index(fault.board, 'board');
      if (typeof fault.state !== 'string' || fault.state === '') {
        throw new RangeError('board-state needs a state word');
      }
      break;
    case 'fan-stopped':
      index(fault.fan, 'fan');
      break;
    default:
      throw new RangeError(`unknown hardware fault ${(fault as { kind: string }).kind}`);
  }
  return { ...fault };
}

export const checkHardwareFault = checkFault;

export function resolvePowerOptions(o: SimDeviceSettings, id: Identity): PowerOptions {
  const presets: SimPreset[] = checkPresets(
    o.presets ?? (id.modelId === 's19-88' ? simulatedS19Presets() : fixturePresets()),
  );
  const names = new Set(presets.map((p) => p.name));
  const preset = o.preset ?? (names.has(DEFAULT_PRESET) ? DEFAULT_PRESET : (presets[0]?.name ?? ''));
  if (!names.has(preset)) throw new RangeError(`preset "${preset}" is not in the device's presets`);
  const tunedPresets = o.tunedPresets ?? [preset];
  for (const name of tunedPresets) {
    if (!names.has(name)) throw new RangeError(`tunedPresets: "${name}" is not in the device's presets`);
  }
  return {
    presets,
    preset,
    tunedPresets: [...tunedPresets],
    moddedPsu: o.moddedPsu ?? false,
    autoTuneSeconds: nonNegative('autoTuneSeconds', o.autoTuneSeconds, 60),
    presetAppliesAtOnce: o.presetAppliesAtOnce ?? false,
    ignorePresetWrites: o.ignorePresetWrites ?? false,
    shareSeconds: nonNegative('shareSeconds', o.shareSeconds, 10, true),
    hardwareFaults: (o.hardwareFaults ?? []).map(checkFault),
  };
}
