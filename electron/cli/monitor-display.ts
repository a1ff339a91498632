/**
 * How `minerdeck monitor` shows the fleet: one JSON line per change (`--json`), one human line per change
 * when the output is not a terminal, and on a terminal a table redrawn in place. Kept apart from the
 * command so every format is tested without a network.
 *
 * A "change" is a new state, reason or set of alerts: a hash rate moving by 1 % every poll is not news
 * for a log; the latest reading rides along with every line, and in the live table.
 */
import type { FleetTotals, MonitorDeviceView } from '../../shared/domain/monitor';
import type { DeviceReading } from '../../shared/domain/reading';
import { formatHashRate } from '../../shared/format/hash-rate';
import { sameMacWords } from '../../shared/domain/same-mac';
import { IMPLAUSIBLE, implausibleAt, implausibleLabel } from '../../shared/format/implausible';
import { printable } from '../../shared/format/printable';
import type { ProgressStream } from './commands/context';
import { offNetworkLine } from './laptop-network-lines';

/** Remembers what was last printed per device, to print only changes. */
export class ChangeFilter {
  private readonly printed = new Map<string, string>();

  /** True when the device's state, reason or alerts differ from the last line printed for it. */
  isChange(view: MonitorDeviceView): boolean {
    const key = `${view.state}\n${view.reason}\n${view.alerts.join(',')}`;
    if (this.printed.get(view.deviceId) === key) return false;
    this.printed.set(view.deviceId, key);
    return true;
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Other addresses answering with a device's MAC (each a device of its own), by device id; undefined for none.
 */
export type TwinsOf = (deviceId: string) => readonly string[] | undefined;

/** "  same MAC as 10.0.0.12" after a line, or nothing. */
const twinsText = (twins: readonly string[] | undefined): string =>
  twins === undefined || twins.length === 0 ? '' : `  ${sameMacWords(twins)}`;

/**
 * The JSON line of a change (or, with `final`, of the device's last state when the run ends);
 * `sameMacAs`: the other addresses answering with its MAC, when there are any.
 */
export function changeJson(
  view: MonitorDeviceView,
  reading: DeviceReading | undefined,
  final = false,
  sameMacAs?: readonly string[],
  location?: string,
): string {
  return JSON.stringify({
    address: view.address,
    deviceId: view.deviceId,
    ...(location !== undefined ? { location } : {}),
    state: view.state,
    reason: view.reason,
    since: iso(view.since),
    missedPolls: view.missedPolls,
    alerts: view.alerts,
    ...(sameMacAs !== undefined && sameMacAs.length > 0 ? { sameMacAs } : {}),
    ...(reading !== undefined ? { reading } : {}),
    ...(final ? { final: true } : {}),
  });
}

/** A summary number as text; "implausible" when the device sent nonsense for it (never the nonsense). */
function numberText(view: MonitorDeviceView, field: 'hashRate' | 'chipTempMax' | 'powerW'): string {
  const value = view.reading?.[field];
  if (value === undefined)
    return implausibleAt(view.reading?.implausible, field) !== undefined ? IMPLAUSIBLE : '';
  if (field === 'hashRate') return formatHashRate(value, 'H/s');
  return field === 'chipTempMax' ? `${value} °C` : `${value} W`;
}

const hashText = (view: MonitorDeviceView): string => numberText(view, 'hashRate');

function metrics(view: MonitorDeviceView): string {
  const r = view.reading;
  if (r === undefined) return '';
  const labelled = (field: 'hashRate' | 'chipTempMax' | 'powerW', label: string): string => {
    const text = numberText(view, field);
    return text === IMPLAUSIBLE ? `${label} ${IMPLAUSIBLE}` : text;
  };
  return [labelled('hashRate', 'hash rate'), labelled('chipTempMax', 'chip'), labelled('powerW', 'power')]
    .filter((part) => part !== '')
    .join(' · ');
}

const clock = (ms: number): string => new Date(ms).toTimeString().slice(0, 8);

/** One human line: `12:04:05 http://10.0.0.5  online  device reports mining  [173.87 TH/s · 65 °C]`. */
export function changeLine(
  view: MonitorDeviceView,
  at: number,
  sameMacAs?: readonly string[],
  location?: string,
): string {
  const facts = metrics(view);
  const alerts = view.alerts.length > 0 ? `  alerts: ${view.alerts.join(', ')}` : '';
  const where = location !== undefined ? `${location} ` : '';
  return `${clock(at)} ${where}${view.address.padEnd(28)} ${view.state.padEnd(14)} ${view.reason}${facts === '' ? '' : `  [${facts}]`}${alerts}${twinsText(sameMacAs)}`;
}

export function totalsLine(totals: FleetTotals): string {
  const states = Object.entries(totals.byState)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
  const nominal =
    totals.nominalHashRate > 0 ? ` of ${formatHashRate(totals.nominalHashRate, 'H/s')} nominal` : '';
  const power = totals.powerW > 0 ? ` · ${(totals.powerW / 1000).toFixed(1)} kW` : '';
  const alerts = totals.activeAlerts === 1 ? '1 alert' : `${totals.activeAlerts} alerts`;
  return `${totals.devices} devices: ${states} · ${formatHashRate(totals.hashRate, 'H/s')}${nominal}${power} · ${alerts}`;
}

/** Devices that need a look come first in the table. */
const SEVERITY: Record<string, number> = {
  'needs-password': 0,
  locked: 0,
  'locked-out': 0,
  'auth-failed': 0,
  error: 1,
  offline: 1,
  // Expected (a reboot or restart asked for): watched, not alarming.
  rebooting: 2,
  restarting: 2,
  online: 3,
  unlocking: 4,
  discovered: 4,
};

const rank = (view: MonitorDeviceView): number =>
  (SEVERITY[view.state] ?? 2) - (view.alerts.length > 0 && view.state === 'online' ? 1 : 0);

/**
 * One cell or line of the live table, cut or padded to its width. The table is written to the terminal
 * directly, not through the CLI's output (output.ts), so the text is made printable here, before it is
 * measured: a device's control character would otherwise move the cursor the redraw counts on.
 */
function fit(text: string, width: number): string {
  const shown = printable(text);
  return shown.length > width ? `${shown.slice(0, Math.max(0, width - 1))}…` : shown.padEnd(width);
}

/** The slot a device stands in, by its address (device-location.ts). */
export type LocationOfAddress = (address: string) => string | undefined;

/**
 * Location (when any device is placed), address, state, hash rate, hottest chip, power, then the reason
 * and alerts in what width is left.
 */
export function tableRows(
  views: readonly MonitorDeviceView[],
  maxRows: number,
  width: number,
  twinsOf?: TwinsOf,
  locationOf?: LocationOfAddress,
): string[] {
  const sorted = [...views].sort((a, b) => rank(a) - rank(b) || a.address.localeCompare(b.address));
  const shown = sorted.slice(0, maxRows);
  const addressWidth = Math.min(30, Math.max(8, ...shown.map((v) => v.address.length)));
  const locations = shown.map((v) => locationOf?.(v.address) ?? '');
  const locationWidth = Math.min(24, Math.max(0, ...locations.map((l) => l.length)));
  const rows = shown.map((view, i) => {
    const r = view.reading;
    // Narrow columns stay blank for an implausible value; the rest of the line names it.
    const fixed = [
      ...(locationWidth > 0 ? [fit(locations[i] ?? '', locationWidth)] : []),
      fit(view.address, addressWidth),
      fit(view.state, 14),
      fit(hashText(view), 11),
      fit(r?.chipTempMax !== undefined ? `${r.chipTempMax} °C` : '', 6),
      fit(r?.powerW !== undefined ? `${r.powerW} W` : '', 7),
    ].join(' ');
    const alerts = view.alerts.length > 0 ? ` ! ${view.alerts.join(',')}` : '';
    const odd = r?.implausible?.map((entry) => implausibleLabel(entry.field)).join(', ');
    const rest = `${view.reason}${alerts}${twinsText(twinsOf?.(view.deviceId))}${odd === undefined ? '' : ` · ${IMPLAUSIBLE}: ${odd}`}`;
    const room = width - fixed.length - 1;
    return room > 3 ? `${fixed} ${fit(rest, room).trimEnd()}` : fit(fixed, width).trimEnd();
  });
  if (sorted.length > shown.length) rows.push(`… and ${sorted.length - shown.length} more`);
  return rows;
}

/** The live view on a terminal: header and rows, redrawn in place (the cursor goes back up). */
export class LiveTable {
  private drawnLines = 0;

  constructor(
    private readonly stream: ProgressStream,
    private readonly maxRows: number,
  ) {}

  draw(
    views: readonly MonitorDeviceView[],
    totals: FleetTotals,
    title: string,
    twinsOf?: TwinsOf,
    locationOf?: LocationOfAddress,
  ): void {
    // A pseudo-terminal without a size reports 0 columns.
    const columns = this.stream.columns !== undefined && this.stream.columns > 0 ? this.stream.columns : 120;
    const width = Math.max(40, columns - 1);
    const offNetwork = offNetworkLine(totals);
    const lines = [
      fit(title, width).trimEnd(),
      fit(totalsLine(totals), width).trimEnd(),
      ...(offNetwork === undefined ? [] : [fit(`! ${offNetwork}`, width).trimEnd()]),
      '',
    ].concat(tableRows(views, this.maxRows, width, twinsOf, locationOf));
    const up = this.drawnLines > 0 ? `\x1b[${this.drawnLines}F` : '';
    this.stream.write(`${up}${lines.map((line) => `${line}\x1b[K`).join('\n')}\n\x1b[J`);
    this.drawnLines = lines.length;
  }

  clear(): void {
    if (this.drawnLines === 0) return;
    this.stream.write(`\x1b[${this.drawnLines}F\x1b[J`);
    this.drawnLines = 0;
  }
}
