/**
 * Fleet table rows: one flat object per device (identity, stored-credential badges, the monitor's view),
 * so sorting and filtering read plain fields. Pure functions, applied once per redraw: a monitor diff of
 * 5,000 devices costs one array copy and one object per device whose shown values changed.
 */
import type { AlertKind, MonitorDeviceView, MonitorState } from '../../../shared/domain/monitor';
import { sameMacText } from '../../../shared/domain/same-mac';
import type { MessageRef } from '../../../shared/i18n/message';
import type { ImplausibleValue } from '../../../shared/domain/reading';
import type { FleetDevice } from '../../../shared/ipc/channels/monitor';
import type { RowLocation } from '../lib/rack-layout';

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
  /** "same MAC as 10.0.0.12" when other fleet devices report this one's MAC (each is a device of its own). */
  sameMac?: MessageRef;
  state: MonitorState | 'not-watched';
  /** The monitor's reason (main's English words; a not-watched row's is NOT_WATCHED_REASON). */
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
  /** The locate LED is on (`/status.find_miner`): someone is looking for this unit in the racks. */
  locateLed?: true;
  /** Summary fields the device sent implausible values for: shown as "implausible", raw value on hover. */
  implausible?: ImplausibleValue[];
  password: FleetDevice['credentials']['password'];
  apiKey: boolean;
  /** Its working password is the factory default `admin` (an open door on the LAN): flagged in the row. */
  factoryPassword: boolean;
  alerts: AlertKind[];
  /** The slot it stands in, in the current site's layout (issue 34); absent while it stands in none. */
  location?: RowLocation;
}

export interface RowOutcome {
  ok: boolean;
  /** Main's English sentence (the CLI's, and the window's when no `text` came). */
  message: string;
  /** The same as a message, rendered in the window's language (`localText`). */
  text?: MessageRef;
  /** Not attempted (a write's preview skipped it): neither done nor failed. */
  skipped?: boolean;
}

/** What a row says while monitoring is stopped (searchable; the window shows `fleet.cell.monitoringStopped`). */
export const NOT_WATCHED_REASON = 'monitoring is stopped';

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

/** Same fields with the same texts (each diff decodes new lists; most devices have none at all). */
const sameImplausible = (a: readonly ImplausibleValue[] = [], b: readonly ImplausibleValue[] = []): boolean =>
  a.length === b.length && a.every((entry, i) => entry.field === b[i]?.field && entry.text === b[i]?.text);

/** The LED flag of a reading summary: only `true` is kept, so most rows carry nothing. */
export const ledOf = (flags: readonly string[] | undefined): true | undefined =>
  flags?.includes('locate-led') === true ? true : undefined;

/** Every key of T, optional ones included (a field added to FleetRow must be added to withLive). */
type EveryField<T> = { [K in keyof Required<T>]: T[K] };

/** The row fields the monitor's view sets; the rest come from the fleet's record of the device. */
export type LiveFields = EveryField<
  Pick<
    FleetRow,
    | 'state'
    | 'reason'
    | 'since'
    | 'minerState'
    | 'hashRate'
    | 'nominalHashRate'
    | 'chipTempMax'
    | 'fanCount'
    | 'fanRpmMin'
    | 'powerW'
    | 'locateLed'
    | 'implausible'
    | 'alerts'
  >
>;

/** Whether the live fields would change nothing the row shows (most diffs, for most devices, at display precision). */
function showsSame(row: FleetRow, live: LiveFields): boolean {
  return (
    row.state === live.state &&
    row.reason === live.reason &&
    row.since === live.since &&
    row.minerState === live.minerState &&
    row.hashRate === live.hashRate &&
    row.nominalHashRate === live.nominalHashRate &&
    row.chipTempMax === live.chipTempMax &&
    row.fanCount === live.fanCount &&
    row.fanRpmMin === live.fanRpmMin &&
    row.powerW === live.powerW &&
    row.locateLed === live.locateLed &&
    sameImplausible(row.implausible, live.implausible) &&
    sameKinds(row.alerts, live.alerts)
  );
}

/**
 * The row with these live fields; the same row object when nothing it shows changed. Every field is
 * written out rather than spread: this runs for thousands of rows per redraw, and a literal of one
 * shape is several times cheaper than a spread. `live` may be a scratch object the caller reuses
 * (fleet-pending.ts): only its values are kept.
 */
export function applyLive(row: FleetRow, live: LiveFields): FleetRow {
  if (showsSame(row, live)) return row;
  const next: EveryField<FleetRow> = {
    id: row.id,
    address: row.address,
    host: row.host,
    addressKey: row.addressKey,
    hostname: row.hostname,
    model: row.model,
    firmware: row.firmware,
    mac: row.mac,
    sameMac: row.sameMac,
    state: live.state,
    reason: live.reason,
    since: live.since,
    minerState: live.minerState,
    hashRate: live.hashRate,
    nominalHashRate: live.nominalHashRate,
    chipTempMax: live.chipTempMax,
    fanCount: live.fanCount,
    fanRpmMin: live.fanRpmMin,
    powerW: live.powerW,
    locateLed: live.locateLed,
    implausible: live.implausible,
    password: row.password,
    apiKey: row.apiKey,
    factoryPassword: row.factoryPassword,
    alerts: live.alerts,
    location: row.location,
  };
  return next;
}

/** The live fields of a monitor view. */
export function liveOf(view: MonitorDeviceView): LiveFields {
  const r = view.reading;
  return {
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
    locateLed: ledOf(r?.flags),
    implausible: r?.implausible,
    alerts: view.alerts,
  };
}

/** The row with the monitor's view; the same row object when nothing it shows changed. */
export function applyView(row: FleetRow, view: MonitorDeviceView | undefined): FleetRow {
  return view === undefined ? row : applyLive(row, liveOf(view));
}

/** The fleet's row for a device; `location` is where the layout places it (fleet-slice.ts keeps them). */
export function toRow(device: FleetDevice, previous?: FleetRow, location?: RowLocation): FleetRow {
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
    reason: NOT_WATCHED_REASON,
    password: 'none',
    apiKey: false,
    factoryPassword: false,
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
    sameMac: device.sameMacAs === undefined ? undefined : sameMacText(device.sameMacAs),
    password: device.credentials.password,
    apiKey: device.credentials.apiKey,
    factoryPassword: device.credentials.factoryPassword === true,
    location,
  };
  return applyView(row, device.view);
}

/** Text search: every word must appear in the address, name, model, firmware, MAC, reason or slot. */
export function matchesText(row: FleetRow, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack =
    `${row.host} ${row.hostname ?? ''} ${row.model ?? ''} ${row.firmware ?? ''} ${row.mac ?? ''} ${row.reason} ${row.location?.slot ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export const searchWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
