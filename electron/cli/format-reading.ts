/** A device reading as a few aligned lines a technician can scan on a terminal. */
import type { DeviceReading, TempRange } from '../../shared/domain/reading';
import { formatDuration } from '../../shared/format/duration';
import { formatHashRate } from '../../shared/format/hash-rate';

const range = (r: TempRange | undefined): string | undefined =>
  r === undefined || (r.min === null && r.max === null) ? undefined : `${r.min ?? '?'}–${r.max ?? '?'} °C`;

function stateLine(reading: DeviceReading): string {
  const { state } = reading;
  const since = state.sinceSeconds === undefined ? '' : ` for ${formatDuration(state.sinceSeconds)}`;
  const failure = state.kind === 'failure' && state.description ? `: ${state.description.trim()}` : '';
  const code = state.failureCode === undefined ? '' : ` (code ${state.failureCode})`;
  return `${state.name}${since}${failure}${code}`;
}

function hashLine(reading: DeviceReading): string | undefined {
  const hr = reading.hashRate;
  const now = hr?.realtime ?? hr?.average;
  if (hr === undefined || now === undefined) return undefined;
  const nominal =
    hr.nominal === undefined || hr.nominal <= 0
      ? ''
      : ` of ${formatHashRate(hr.nominal, hr.unit)} nominal (${Math.round((now / hr.nominal) * 100)} %)`;
  return `${formatHashRate(now, hr.unit)}${nominal}`;
}

export function formatReading(address: string, reading: DeviceReading): string[] {
  const id = reading.identity;
  const rows: [string, string | undefined][] = [
    ['state', stateLine(reading)],
    [
      'device',
      [id?.model, id?.firmware, id?.mac && `MAC ${id.mac}`, id?.hostname].filter(Boolean).join(' · ') ||
        undefined,
    ],
    ['hash', hashLine(reading)],
    [
      'temps',
      [
        range(reading.chipTemp) && `chips ${range(reading.chipTemp)}`,
        range(reading.boardTemp) && `boards ${range(reading.boardTemp)}`,
      ]
        .filter(Boolean)
        .join(' · ') || undefined,
    ],
    ['fans', reading.fans.length ? `${reading.fans.map((f) => f.rpm ?? '?').join(' ')} rpm` : undefined],
    [
      'power',
      [
        reading.powerW !== undefined && `${reading.powerW} W`,
        reading.efficiency !== undefined && `${reading.efficiency.toFixed(1)} J/TH`,
      ]
        .filter(Boolean)
        .join(' · ') || undefined,
    ],
    [
      'pools',
      reading.pools
        .map(
          (p) => `${p.url} (${p.status ?? '?'}, ${p.accepted ?? 0} accepted / ${p.rejected ?? 0} rejected)`,
        )
        .join('\n           ') || undefined,
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
  ];
  return [address, ...rows.filter(([, v]) => v !== undefined).map(([k, v]) => `  ${k.padEnd(8)} ${v}`)];
}
