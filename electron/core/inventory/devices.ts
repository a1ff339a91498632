/**
 * Devices of a site: what scans add (always to the current site), the known devices the
 * scanner needs to tell a moved device from a new one, and the technician's own edits (label, notes,
 * trusting a certificate). Pure functions over an inventory draft, run inside `store.update`.
 *
 * A device's id is the one the credentials use (`mac:<MAC>`, else `addr:<host>:<port>`), so the keychain
 * entries stored for it, the monitor and the report all meet on the same id. Which found device gets
 * which id is credentials/identity-rule.ts (two live addresses with one MAC are two devices).
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { CommissioningStatus, DeviceIdentity, InventoryDevice } from '../../../shared/domain/inventory';
import { message } from '../../../shared/i18n/message';
import type { AppError, Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { addressDeviceId, macDeviceId } from '../credentials/device-identity';
import type { KnownDevice, Sighting } from '../credentials/identity-rule';
import { judgeSightings, KnownIndex } from '../credentials/identity-rule';
import { parseMac } from '../../../shared/domain/mac';
import type { ControlCharacterFound } from '../../../shared/domain/plain-text';
import { controlCharacterError, findControlCharacter } from '../../../shared/domain/plain-text';
import type { Inventory } from './schema';
import { forgetPlacements, renamePlacements } from './site-layouts';

/** Enough for years of DHCP churn; the oldest sightings go first. */
export const MAX_ADDRESS_HISTORY = 50;

export const hostAddress = (host: DiscoveredHost): string =>
  formatDeviceAddress({ scheme: host.scheme, host: host.address, port: host.port });

export const hostDeviceId = (host: DiscoveredHost): string =>
  macDeviceId(host.identity?.mac) ??
  addressDeviceId({ scheme: host.scheme, host: host.address, port: host.port });

export const devicesOf = (inventory: Inventory, siteId: string): InventoryDevice[] =>
  inventory.devices.filter((device) => device.siteId === siteId);

export const findDevice = (inventory: Inventory, siteId: string, id: string): InventoryDevice | undefined =>
  inventory.devices.find((device) => device.siteId === siteId && device.id === id);

/** Records that the device answered at `address` at `at`: its current address and history. */
export function sight(device: InventoryDevice, address: string, at: string): void {
  const known = device.addressHistory.find((entry) => entry.address === address);
  if (known === undefined) device.addressHistory.push({ address, firstSeen: at, lastSeen: at });
  else known.lastSeen = at;
  device.addressHistory.sort((a, b) => a.lastSeen.localeCompare(b.lastSeen));
  device.addressHistory.splice(0, Math.max(0, device.addressHistory.length - MAX_ADDRESS_HISTORY));
  device.address = address;
  device.lastSeen = at;
}

export function newDevice(
  fields: Pick<InventoryDevice, 'id' | 'siteId' | 'address'> & Partial<InventoryDevice>,
  at: string,
): InventoryDevice {
  return {
    identity: { mac: null, hostname: null, model: null, firmware: null, serial: null },
    addressHistory: [],
    tlsPin: null,
    tlsSeen: null,
    label: '',
    notes: '',
    firstSeen: at,
    lastSeen: null,
    commissioning: { status: 'found', updatedAt: at },
    ...fields,
  };
}

/**
 * What the device told this time replaces what it told before; what it did not tell is kept — except a
 * stored MAC that is not a MAC (kept by older versions), which is no identity and is dropped.
 */
function learnIdentity(device: InventoryDevice, identity: DeviceIdentity | null): void {
  if (identity === null) return;
  for (const key of ['mac', 'hostname', 'model', 'firmware', 'serial'] as const) {
    const value = identity[key];
    if (value !== null) device.identity[key] = value;
  }
  const mac = device.identity.mac;
  if (mac !== null) device.identity.mac = parseMac(mac) ?? null;
}

export interface ScanSaveOutcome {
  added: number;
  updated: number;
  moved: { deviceId: string; from: string; to: string }[];
  /** Planned devices (from a CSV) that a scan found, now known by their MAC. */
  identified: number;
}

/** Adds the devices a scan found to the site; web servers that are not devices are left out. */
export function recordScan(
  inventory: Inventory,
  siteId: string,
  hosts: readonly DiscoveredHost[],
  now: Date,
): ScanSaveOutcome {
  const at = now.toISOString();
  const outcome: ScanSaveOutcome = { added: 0, updated: 0, moved: [], identified: 0 };
  const found = hosts.filter((host) => host.kind === 'device');
  const ids = scanIds(inventory, siteId, found);
  for (const host of found) {
    const address = hostAddress(host);
    const id = ids.get(address) ?? hostDeviceId(host);
    const device = placeFound(
      inventory,
      siteId,
      { deviceId: id, address, identity: host.identity },
      at,
      outcome,
    );
    if (host.tlsFingerprint256 !== undefined) device.tlsSeen = host.tlsFingerprint256;
  }
  return outcome;
}

/** A device that answered at an address, by the id its credentials have. */
export interface FoundDevice {
  deviceId: string;
  /** Canonical (`http://host[:port]`). */
  address: string;
  /** What its anonymous `/info` said; null when it said nothing. */
  identity: DeviceIdentity | null;
}

/**
 * The site gets the device, as a scan that found it there would leave it: added (or a planned device at
 * that address identified), or known and seen there now (moved when its address changed).
 */
function placeFound(
  inventory: Inventory,
  siteId: string,
  found: FoundDevice,
  at: string,
  outcome: ScanSaveOutcome,
): InventoryDevice {
  const { deviceId: id, address } = found;
  let device = findDevice(inventory, siteId, id);
  if (device === undefined) {
    // A planned device at this address (known by address only) is this device: it keeps its label.
    const planned = devicesOf(inventory, siteId).find(
      (d) => d.identity.mac === null && d.address === address && d.id !== id,
    );
    device = newDevice({ id, siteId, address }, at);
    if (planned !== undefined && id.startsWith('mac:')) {
      inventory.devices = inventory.devices.filter((d) => d !== planned);
      renamePlacements(inventory, siteId, planned.id, id);
      Object.assign(device, { label: planned.label, notes: planned.notes, firstSeen: planned.firstSeen });
      outcome.identified += 1;
    } else outcome.added += 1;
    inventory.devices.push(device);
  } else {
    outcome.updated += 1;
    if (device.address !== address) outcome.moved.push({ deviceId: id, from: device.address, to: address });
  }
  learnIdentity(device, found.identity);
  sight(device, address, at);
  if (device.commissioning.status === 'planned') device.commissioning = { status: 'found', updatedAt: at };
  return device;
}

/**
 * Devices that answered a command of the technician's for this site (`unlock --remember --site`) join
 * it under the id their credentials were stored with — the identity rule was applied when that id was
 * given (credentials/identity-resolver.ts), so the site and the keychain meet on the same device.
 */
export function recordFound(
  inventory: Inventory,
  siteId: string,
  devices: readonly FoundDevice[],
  now: Date,
): ScanSaveOutcome {
  const at = now.toISOString();
  const outcome: ScanSaveOutcome = { added: 0, updated: 0, moved: [], identified: 0 };
  for (const found of devices) placeFound(inventory, siteId, found, at, outcome);
  return outcome;
}

/**
 * The id of each found device, by the identity rule. A known MAC at a new address takes the known
 * device's id only when the scan found its old address silent (`seen: 'moved'`); the addresses a host
 * shares its MAC with (`sameMacAs`) answered too, whether or not they are in this list.
 */
function scanIds(
  inventory: Inventory,
  siteId: string,
  hosts: readonly DiscoveredHost[],
): Map<string, string> {
  const known = new KnownIndex(knownDevicesOf(inventory, siteId));
  const sightings: Sighting[] = [];
  const silent = new Set<string>();
  for (const host of hosts) {
    const mac = host.identity?.mac ?? null;
    sightings.push({ address: hostAddress(host), mac });
    for (const other of host.sameMacAs ?? []) sightings.push({ address: other, mac });
    const macId = macDeviceId(mac);
    const before = macId === undefined ? undefined : known.byId.get(macId)?.address;
    if (host.seen === 'moved' && before !== undefined) silent.add(before);
  }
  const verdicts = judgeSightings(sightings, known, silent);
  return new Map([...verdicts].map(([address, verdict]) => [address, verdict.deviceId]));
}

/** The site's devices as the identity rule and the scanner know them (planned ones marked). */
export function knownDevicesOf(inventory: Inventory, siteId: string): KnownDevice[] {
  return devicesOf(inventory, siteId).map((device) => ({
    deviceId: device.id,
    address: device.address,
    mac: device.identity.mac,
    ...(device.lastSeen === null ? { planned: true } : {}),
  }));
}

function requireDevice(inventory: Inventory, siteId: string, id: string): Result<InventoryDevice> {
  const device = findDevice(inventory, siteId, id);
  return device === undefined
    ? errWithText(
        'NOT_FOUND',
        `No device "${id}" in this site.`,
        message('errors.inventory.noDevice', { device: id }),
      )
    : ok(device);
}

/** Notes may have several lines; a label is one. */
const WORDS_RULES = { label: {}, notes: { lineBreaks: true } } as const;

/**
 * The first control character in a label or notes (shared/domain/plain-text.ts), else undefined: neither
 * holds one, whether typed or brought by a file.
 */
export function controlCharacterInWords(words: {
  label?: string;
  notes?: string;
}): { field: 'label' | 'notes'; found: ControlCharacterFound } | undefined {
  for (const field of ['label', 'notes'] as const) {
    const text = words[field];
    const found = text === undefined ? undefined : findControlCharacter(text, WORDS_RULES[field]);
    if (found !== undefined) return { field, found };
  }
  return undefined;
}

/** Why a label or notes cannot be kept, in one sentence, else undefined. */
export function deviceWordsProblem(words: { label?: string; notes?: string }): string | undefined {
  return deviceWordsError(words)?.message;
}

/** The same refusal as an error, with its sentence for the window's language. */
export function deviceWordsError(words: { label?: string; notes?: string }): AppError | undefined {
  const bad = controlCharacterInWords(words);
  if (bad === undefined) return undefined;
  return controlCharacterError(bad.field, words[bad.field] ?? '', WORDS_RULES[bad.field]);
}

export function editDevice(
  inventory: Inventory,
  siteId: string,
  id: string,
  patch: { label?: string; notes?: string },
): Result<InventoryDevice> {
  const device = requireDevice(inventory, siteId, id);
  if (!device.ok) return device;
  const problem = deviceWordsError(patch);
  if (problem !== undefined) return { ok: false, error: problem };
  if (patch.label !== undefined) device.value.label = patch.label.trim();
  if (patch.notes !== undefined) device.value.notes = patch.notes;
  return device;
}

export function removeDevice(inventory: Inventory, siteId: string, id: string): Result<InventoryDevice> {
  const device = requireDevice(inventory, siteId, id);
  if (!device.ok) return device;
  inventory.devices = inventory.devices.filter((d) => d !== device.value);
  forgetPlacements(inventory, siteId, new Set([id]));
  return device;
}

const sameFingerprint = (a: string, b: string): boolean =>
  a.replace(/[^0-9a-f]/gi, '').toUpperCase() === b.replace(/[^0-9a-f]/gi, '').toUpperCase();

/**
 * Pins the certificate the technician confirmed. Only the fingerprint a scan actually saw can be pinned,
 * so a typo or a stale screen cannot pin something nobody compared.
 */
export function trustCertificate(
  inventory: Inventory,
  siteId: string,
  id: string,
  fingerprint: string,
): Result<InventoryDevice> {
  const device = requireDevice(inventory, siteId, id);
  if (!device.ok) return device;
  const seen = device.value.tlsSeen;
  if (seen === null || !sameFingerprint(seen, fingerprint)) {
    return errWithText(
      'INVALID_INPUT',
      'That fingerprint is not the one the last scan saw: scan again and compare.',
      message('errors.inventory.fingerprintNotSeen'),
    );
  }
  device.value.tlsPin = seen;
  return device;
}

export function setCommissioning(
  inventory: Inventory,
  siteId: string,
  statuses: ReadonlyMap<string, CommissioningStatus>,
  now: Date,
): number {
  let changed = 0;
  for (const device of devicesOf(inventory, siteId)) {
    const status = statuses.get(device.id);
    if (status === undefined || status === device.commissioning.status) continue;
    device.commissioning = { status, updatedAt: now.toISOString() };
    changed += 1;
  }
  return changed;
}
