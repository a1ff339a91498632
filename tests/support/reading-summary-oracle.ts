/**
 * The reference for the monitor's per-poll summary (electron/core/monitor/poll-summary.ts): a full
 * DeviceReading from the status reader reduced to the numbers a fleet view, history and alerts use, in fixed
 * units (hash rates in H/s). The monitor reads those numbers straight from the JSON instead (cheaper); tests
 * hold the two equal.
 *
 * Implausible values are absent from the reading and listed in `reading.implausible` by their path; a
 * summary field lists the first implausible input it consulted, in the summary's field order.
 */
import type { ReadingSummary } from '../../shared/domain/monitor';
import type { DeviceReading, ImplausibleValue, TempRange } from '../../shared/domain/reading';
import { toHashesPerSecond } from '../../shared/format/hash-rate';
import { compact } from '../../electron/core/device/summary-reader';

type Noted = Map<string, ImplausibleValue>;
type Listed = (ImplausibleValue & { field: keyof ReadingSummary })[];

const relabel = (entry: ImplausibleValue | undefined, field: keyof ReadingSummary, out: Listed): void => {
  if (entry !== undefined) out.push({ field, value: entry.value, text: entry.text });
};

/** The hottest value: the device's own max, else the hottest board's; implausible ones are noted. */
function hottest(
  reading: DeviceReading,
  key: 'chipTemp' | 'boardTemp',
  noted: Noted,
  out: Listed,
  field: keyof ReadingSummary,
): number | undefined {
  const own = reading[key]?.max;
  if (own !== undefined && own !== null) return own;
  let bad = noted.get(`${key}.max`);
  let max: number | undefined;
  reading.boards.forEach((board, i) => {
    const value = (board[key] as TempRange | undefined)?.max;
    if (value === undefined || value === null) bad ??= noted.get(`boards[${i}].${key}.max`);
    else if (max === undefined || value > max) max = value;
  });
  relabel(bad, field, out);
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
  const noted: Noted = new Map((reading.implausible ?? []).map((entry) => [entry.field, entry]));
  const out: Listed = [];
  const hr = reading.hashRate;
  // The current rate is realtime when the device sent one (even an implausible one), else average.
  const realtimeSent = hr?.realtime !== undefined || noted.has('hashRate.realtime');
  const current = realtimeSent ? hr?.realtime : hr?.average;
  relabel(noted.get(realtimeSent ? 'hashRate.realtime' : 'hashRate.average'), 'hashRate', out);
  relabel(noted.get('hashRate.nominal'), 'nominalHashRate', out);
  const chipTempMax = hottest(reading, 'chipTemp', noted, out, 'chipTempMax');
  const boardTempMax = hottest(reading, 'boardTemp', noted, out, 'boardTempMax');
  relabel(noted.get('powerW'), 'powerW', out);
  relabel(noted.get('efficiency'), 'efficiency', out);
  const rpms = reading.fans.flatMap((fan) => (fan.rpm === undefined ? [] : [fan.rpm]));
  relabel(
    reading.fans.map((_, i) => noted.get(`fans[${i}].rpm`)).find((entry) => entry !== undefined),
    'fanRpmMin',
    out,
  );
  return compact({
    minerState: reading.state.name,
    minerKind: reading.state.kind,
    hashRate: hr !== undefined && current !== undefined ? toHashesPerSecond(current, hr.unit) : undefined,
    nominalHashRate:
      hr?.nominal !== undefined && hr.nominal > 0 ? toHashesPerSecond(hr.nominal, hr.unit) : undefined,
    chipTempMax,
    boardTempMax,
    powerW: reading.powerW,
    efficiency: reading.efficiency,
    fanCount: rpms.length > 0 ? rpms.length : undefined,
    fanRpmMin: rpms.length > 0 ? Math.min(...rpms) : undefined,
    flags: flagList(reading),
    implausible: out.length > 0 ? out : undefined,
  });
}
