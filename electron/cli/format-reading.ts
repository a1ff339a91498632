/**
 * A device reading as a few aligned lines a technician can scan on a terminal. A value the device sent
 * that is physically implausible reads "implausible" where the value would be, and is listed with what
 * was sent on the `left out` line (the raw value is in `--json`).
 */
import { minerStateText } from '../../shared/domain/miner-states';
import type { DeviceReading } from '../../shared/domain/reading';
import { formatDuration } from '../../shared/format/duration';
import { formatHashRate } from '../../shared/format/hash-rate';
import { IMPLAUSIBLE, implausibleAt, implausibleLine } from '../../shared/format/implausible';
import { listedPoolText } from '../../shared/format/pool-text';

const has = (reading: DeviceReading, field: string): boolean =>
  implausibleAt(reading.implausible, field) !== undefined;

function stateLine(reading: DeviceReading): string {
  const { state } = reading;
  const since =
    state.sinceSeconds !== undefined
      ? ` for ${formatDuration(state.sinceSeconds)}`
      : has(reading, 'state.sinceSeconds')
        ? ` for an ${IMPLAUSIBLE} time`
        : '';
  const failure = state.kind === 'failure' && state.description ? `: ${state.description.trim()}` : '';
  const code = state.failureCode === undefined ? '' : ` (code ${state.failureCode})`;
  return `${minerStateText(state.name)}${since}${failure}${code}`;
}

function hashLine(reading: DeviceReading): string | undefined {
  const hr = reading.hashRate;
  // The current rate is realtime when the device sent one, even an implausible one (as in the fleet).
  const realtimeSent = hr?.realtime !== undefined || has(reading, 'hashRate.realtime');
  const now = realtimeSent ? hr?.realtime : hr?.average;
  if (hr === undefined) return undefined;
  if (now === undefined) {
    if (!has(reading, realtimeSent ? 'hashRate.realtime' : 'hashRate.average')) return undefined;
    const of =
      hr.nominal !== undefined && hr.nominal > 0 ? ` of ${formatHashRate(hr.nominal, hr.unit)} nominal` : '';
    return `${IMPLAUSIBLE}${of}`;
  }
  const nominal =
    hr.nominal === undefined || hr.nominal <= 0
      ? has(reading, 'hashRate.nominal')
        ? ` of ${IMPLAUSIBLE} nominal`
        : ''
      : ` of ${formatHashRate(hr.nominal, hr.unit)} nominal (${Math.round((now / hr.nominal) * 100)} %)`;
  return `${formatHashRate(now, hr.unit)}${nominal}`;
}

/** `chips 54–65 °C`, a side the device sent nonsense for reading "implausible". */
function tempText(reading: DeviceReading, key: 'chipTemp' | 'boardTemp', label: string): string | undefined {
  const r = reading[key];
  const side = (value: number | null | undefined, field: string): string =>
    value !== null && value !== undefined
      ? String(value)
      : has(reading, `${key}.${field}`)
        ? IMPLAUSIBLE
        : '?';
  if (r === undefined && !has(reading, `${key}.min`) && !has(reading, `${key}.max`)) return undefined;
  return `${label} ${side(r?.min, 'min')}–${side(r?.max, 'max')} °C`;
}

function macText(reading: DeviceReading): string | undefined {
  const mac = reading.identity?.mac;
  if (mac !== undefined) return `MAC ${mac}`;
  return has(reading, 'identity.mac') ? `MAC ${IMPLAUSIBLE}` : undefined;
}

export function formatReading(address: string, reading: DeviceReading): string[] {
  const id = reading.identity;
  const rows: [string, string | readonly string[] | undefined][] = [
    ['state', stateLine(reading)],
    [
      'device',
      [id?.model, id?.firmware, macText(reading), id?.hostname].filter(Boolean).join(' · ') || undefined,
    ],
    ['hash', hashLine(reading)],
    [
      'temps',
      [tempText(reading, 'chipTemp', 'chips'), tempText(reading, 'boardTemp', 'boards')]
        .filter(Boolean)
        .join(' · ') || undefined,
    ],
    [
      'fans',
      reading.fans.length
        ? `${reading.fans.map((f, i) => f.rpm ?? (has(reading, `fans[${i}].rpm`) ? IMPLAUSIBLE : '?')).join(' ')} rpm`
        : undefined,
    ],
    [
      'power',
      [
        reading.powerW !== undefined ? `${reading.powerW} W` : has(reading, 'powerW') && IMPLAUSIBLE,
        reading.efficiency !== undefined
          ? `${reading.efficiency.toFixed(1)} J/TH`
          : has(reading, 'efficiency') && `efficiency ${IMPLAUSIBLE}`,
      ]
        .filter(Boolean)
        .join(' · ') || undefined,
    ],
    [
      'pools',
      reading.pools.map(
        (p) =>
          `${listedPoolText(p)} (${p.status ?? '?'}, ${p.accepted ?? 0} accepted / ${p.rejected ?? 0} rejected)`,
      ),
    ],
    [
      'flags',
      [
        reading.flags.restartRequired && 'restart required',
        reading.flags.rebootRequired && 'reboot required',
        reading.flags.locateLed && 'locate LED on',
        reading.flags.throttled && 'throttled',
      ]
        .filter(Boolean)
        .join(', ') || undefined,
    ],
    ['left out', reading.implausible?.map(implausibleLine)],
  ];
  // A list (pools, values left out) takes a line per entry, aligned under the first.
  return [
    address,
    ...rows.flatMap(([key, value]) =>
      (typeof value === 'string' ? [value] : (value ?? [])).map(
        (line, i) => `  ${(i === 0 ? key : '').padEnd(8)} ${line}`,
      ),
    ),
  ];
}
