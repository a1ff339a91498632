/**
 * Fleet table rows: one flat object per device (identity, stored-credential badges, the monitor's view),
 * so sorting and filtering read plain fields. Pure functions, applied once per redraw: a monitor diff of
 * 5,000 devices costs one array copy and one object per device whose shown values changed.
 */
import type { AlertKind, MonitorDeviceView, MonitorState } from '../../../shared/domain/monitor';
import type { FleetDevice } from '../../../shared/ipc/channels/monitor';

export interface FleetRow {
  id: string;
  /** Canonical `http://host[:port]`. */
  address: string;
  /** What the table shows: `host:port`. */
  host: string;
  /** Sorts addresses numerically (10.0.0.9 before 10.0.0.10). */
  addressKey: string;
  hostname: string | null;
  model: string | null;
  firmware: string | null;
  mac: string | null;
  state: MonitorState | 'not-watched';
  reason: string;
  /** Epoch ms the device entered its state. */
  since?: number;
  minerState?: string;
  hashRate?: number;
  nominalHashRate?: number;
  chipTempMax?: number;
  fanCount?: number;
  fanRpmMin?: number;
  powerW?: number;
  password: FleetDevice['credentials']['password'];
  apiKey: boolean;
  alerts: AlertKind[];
}

export interface RowOutcome {
  ok: boolean;
  message: string;
}

function addressKeyOf(host: string): string {
  const ip = /^(\d+)\.(\d+)\.(\d+)\.(\d+)(?::(\d+))?$/.exec(host);
  if (ip === null) return `~${host}`;
  return ip
    .slice(1)
    .map((part) => (part ?? '0').padStart(5, '0'))
    .join('.');
}

const sameKinds = (a: readonly AlertKind[], b: readonly AlertKind[]): boolean =>
  a.length === b.length && a.every((kind, i) => kind === b[i]);

/** Whether the view would change nothing the row shows (most diffs, for most devices, at display precision). */
function showsSame(row: FleetRow, view: MonitorDeviceView): boolean {
  const r = view.reading;
  return (
    row.state === view.state &&
    row.reason === view.reason &&
    row.since === view.since &&
    row.minerState === r?.minerState &&
    row.hashRate === r?.hashRate &&
    row.nominalHashRate === r?.nominalHashRate &&
    row.chipTempMax === r?.chipTempMax &&
    row.fanCount === r?.fanCount &&
    row.fanRpmMin === r?.fanRpmMin &&
    row.powerW === r?.powerW &&
    sameKinds(row.alerts, view.alerts)
  );
}

/** Every key of T, optional ones included (a field added to FleetRow must be added to applyView). */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };

/**
 * The row with the monitor's view; the same row object when nothing it shows changed. Every field is
 * written out rather than spread: this runs for thousands of rows per redraw, and a literal of one
 * shape is several times cheaper than a spread.
 */
export function applyView(row: FleetRow, view: MonitorDeviceView | undefined): FleetRow {
  if (view === undefined || showsSame(row, view)) return row;
  const r = view.reading;
  const next: EveryField<FleetRow> = {
    id: row.id,
    address: row.address,
    host: row.host,
    addressKey: row.addressKey,
    hostname: row.hostname,
    model: row.model,
    firmware: row.firmware,
    mac: row.mac,
    state: view.state,
    reason: view.reason,
    since: view.since,
    minerState: r?.minerState,
    hashRate: r?.hashRate,
    nominalHashRate: r?.nominalHashRate,
    chipTempMax: r?.chipTempMax,
    fanCount: r?.fanCount,
    fanRpmMin: r?.fanRpmMin,
    powerW: r?.powerW,
    password: row.password,
    apiKey: row.apiKey,
    alerts: view.alerts,
  };
  return next;
}

export function toRow(device: FleetDevice, previous?: FleetRow): FleetRow {
  const host = device.address.replace(/^https?:\/\//, '');
  const base: FleetRow = previous ?? {
    id: device.deviceId,
    address: device.address,
    host,
    addressKey: addressKeyOf(host),
    hostname: null,
    model: null,
    firmware: null,
    mac: null,
    state: 'not-watched',
    reason: 'monitoring is stopped',
    password: 'none',
    apiKey: false,
    alerts: [],
  };
  const row: FleetRow = {
    ...base,
    address: device.address,
    host,
    addressKey: addressKeyOf(host),
    hostname: device.identity.hostname,
    model: device.identity.model,
    firmware: device.identity.firmware,
    mac: device.identity.mac,
    password: device.credentials.password,
    apiKey: device.credentials.apiKey,
  };
  return applyView(row, device.view);
}

/** Text search: every word must appear in the address, name, model, firmware, MAC or reason. */
export function matchesText(row: FleetRow, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack =
    `${row.host} ${row.hostname ?? ''} ${row.model ?? ''} ${row.firmware ?? ''} ${row.mac ?? ''} ${row.reason}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export const searchWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
