/**
 * How report values read to a person, the same in the CSV and the HTML: hash rates in TH/s against the
 * nominal rate, temperatures in °C, times in the laptop's local time with its offset (the customer reads
 * the report on site), alerts as one line each.
 */
import { minerStateText } from '../domain/miner-states';
import type { ReportDevice, SeenAlert } from '../domain/report';
import { formatDuration } from './duration';
import { formatHashRate } from './hash-rate';

const pad = (n: number): string => String(n).padStart(2, '0');

/** `2025-11-21 14:05 (UTC+01:00)` in the local time zone. */
export function localTime(value: string | number | Date): string {
  const date = new Date(value);
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())} (${zone})`;
}

export const terahashes = (hps: number | null): number | null =>
  hps === null ? null : Math.round((hps / 1e12) * 100) / 100;

export const percent = (share: number | null): number | null =>
  share === null ? null : Math.round(share * 1000) / 10;

/** `180.20 TH/s of 200.00 TH/s (90.1 %)`, or what is known of it. */
export function hashRateText(device: ReportDevice): string {
  const { hashRate, nominalHashRate, hashRateShare } = device;
  if (hashRate === null)
    return nominalHashRate === null ? '' : `nominal ${formatHashRate(nominalHashRate, 'H/s')}`;
  const current = formatHashRate(hashRate, 'H/s');
  if (nominalHashRate === null) return current;
  return `${current} of ${formatHashRate(nominalHashRate, 'H/s')} (${percent(hashRateShare)} %)`;
}

export const temperatureText = (celsius: number | null): string =>
  celsius === null ? '' : `${Math.round(celsius * 10) / 10} °C`;

/**
 * The small lines under a device's final state: what the miner reports (with what that means), and why the
 * state is what it is — the second left out when it only repeats the first ("device reports mining").
 */
export function stateNotes(device: Pick<ReportDevice, 'minerState' | 'stateReason'>): string[] {
  const miner = device.minerState === null ? [] : [`miner: ${minerStateText(device.minerState)}`];
  const repeats = device.minerState !== null && device.stateReason === `device reports ${device.minerState}`;
  return repeats ? miner : [...miner, device.stateReason];
}

export function alertText(alert: SeenAlert): string {
  const lasted =
    alert.clearedAt === undefined
      ? ', still active'
      : `, cleared after ${formatDuration(Math.max(1, Math.round((alert.clearedAt - alert.raisedAt) / 1000)))}`;
  const when = `raised ${localTime(alert.raisedAt)}${lasted}`;
  return `${alert.kind}: ${alert.message} (${when})`;
}

export const apiKeyText = (apiKey: boolean | null): string =>
  apiKey === null ? 'unknown' : apiKey ? 'yes' : 'no';

/** `minerdeck-report-hall-1-2025-11-21.html` */
export const reportFileName = (siteId: string, generatedAt: string, extension: string): string =>
  `minerdeck-report-${siteId}-${generatedAt.slice(0, 10)}.${extension}`;
