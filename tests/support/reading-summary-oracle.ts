/**
 * The reference for the monitor's per-poll summary (electron/core/monitor/poll-summary.ts): a full
 * DeviceReading from the status reader reduced to the numbers a fleet view, history and alerts use, in fixed
 * units (hash rates in H/s). The monitor reads those numbers straight from the JSON instead (cheaper); tests
 * hold the two equal.
 */
import type { ReadingSummary } from '../../shared/domain/monitor';
import type { DeviceReading, TempRange } from '../../shared/domain/reading';
import { toHashesPerSecond } from '../../shared/format/hash-rate';
import { compact } from '../../electron/core/device/summary-reader';

/** The hottest value: the device's own max, else the hottest board's. */
function hottest(own: TempRange | undefined, boards: (TempRange | undefined)[]): number | undefined {
  if (own?.max !== undefined && own.max !== null) return own.max;
  let max: number | undefined;
  for (const board of boards) {
    const value = board?.max;
    if (value !== undefined && value !== null && (max === undefined || value > max)) max = value;
  }
  return max;
}

function flagList(reading: DeviceReading): string[] | undefined {
  const { flags } = reading;
  const set = [
    flags.restartRequired ? 'restart-required' : undefined,
    flags.rebootRequired ? 'reboot-required' : undefined,
    flags.locateLed ? 'locate-led' : undefined,
    flags.throttled === true ? 'throttled' : undefined,
  ].filter((flag): flag is string => flag !== undefined);
  return set.length > 0 ? set : undefined;
}

export function summarizeReading(reading: DeviceReading): ReadingSummary {
  const hr = reading.hashRate;
  const rpms = reading.fans.flatMap((fan) => (fan.rpm === undefined ? [] : [fan.rpm]));
  const current = hr?.realtime ?? hr?.average;
  return compact({
    minerState: reading.state.name,
    minerKind: reading.state.kind,
    hashRate: hr !== undefined && current !== undefined ? toHashesPerSecond(current, hr.unit) : undefined,
    nominalHashRate:
      hr?.nominal !== undefined && hr.nominal > 0 ? toHashesPerSecond(hr.nominal, hr.unit) : undefined,
    chipTempMax: hottest(
      reading.chipTemp,
      reading.boards.map((b) => b.chipTemp),
    ),
    boardTempMax: hottest(
      reading.boardTemp,
      reading.boards.map((b) => b.boardTemp),
    ),
    powerW: reading.powerW,
    efficiency: reading.efficiency,
    fanCount: rpms.length > 0 ? rpms.length : undefined,
    fanRpmMin: rpms.length > 0 ? Math.min(...rpms) : undefined,
    flags: flagList(reading),
  });
}
