/**
 * What a scanned or typed label is in a site (issue 34): a device — by its MAC in any common form
 * (shared/domain/mac.ts), its serial (case and spaces around it do not matter), its address (with or
 * without `http://`, with or without the port) or its inventory id — else a slot by its name (any case).
 * A label that matches two devices is `ambiguous`, never a guess; a device known only in another site is
 * `not-in-site`, with that site's name.
 */
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice } from '../../../shared/domain/inventory';
import type { LabelMatch } from '../../../shared/domain/layout';
import { parseMac } from '../../../shared/domain/mac';
import type { SlotIndex } from './slot-index';

/** The devices a label may name: this site's, and the others' with their site's name. */
export interface LabelScope {
  devices: readonly InventoryDevice[];
  elsewhere: readonly { device: InventoryDevice; siteName: string }[];
}

/** Labels often carry their field's name: `SN: A1B2`, `S/N A1B2`, `MAC:02:98:…`. */
const FIELD_PREFIX = /^(s\/?n|serial( ?(no|number))?|mac( ?address)?)(\s*[:#=]\s*|\s+)/i;

export const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

function macOf(device: InventoryDevice): string | undefined {
  if (device.identity.mac !== null) return parseMac(device.identity.mac);
  return device.id.startsWith('mac:') ? parseMac(device.id.slice(4)) : undefined;
}

function addressMatcher(label: string): ((device: InventoryDevice) => boolean) | undefined {
  if (!/[.:]/.test(label)) return undefined;
  const parsed = parseDeviceAddress(label);
  if (!parsed.ok) return undefined;
  const exact = formatDeviceAddress(parsed.value);
  // A label without a port names the host at whichever port the device answers.
  const portless = !/:\d+$/.test(label.replace(/^https?:\/\//i, '').replace(/\/$/, ''));
  const host = parsed.value.host.toLowerCase();
  return (device) => {
    if (device.address === exact) return true;
    if (!portless) return false;
    const known = parseDeviceAddress(device.address);
    return known.ok && known.value.host.toLowerCase() === host;
  };
}

/** Every device of `devices` the label names (by id, MAC, serial or address), each once. */
export function devicesMatching(label: string, devices: readonly InventoryDevice[]): InventoryDevice[] {
  const text = label.trim();
  const bare = text.replace(FIELD_PREFIX, '');
  const mac = parseMac(bare) ?? parseMac(text);
  const serials = new Set([text.toLowerCase(), bare.toLowerCase()]);
  const address = addressMatcher(text);
  return devices.filter(
    (device) =>
      device.id === text ||
      (mac !== undefined && macOf(device) === mac) ||
      serials.has(device.identity.serial?.trim().toLowerCase() ?? '\u0000') ||
      (address?.(device) ?? false),
  );
}

export function matchLabel(
  label: string,
  scope: LabelScope,
  slots: SlotIndex,
  occupantOf: (slot: { rackId: string; shelf: number; position: number }) => string | undefined,
  slotOfDevice: (deviceId: string) => string | undefined,
): LabelMatch {
  const found = devicesMatching(label, scope.devices);
  if (found.length > 1) {
    return {
      kind: 'ambiguous',
      candidates: found.map((d) => ({ deviceId: d.id, address: hostOf(d.address) })),
    };
  }
  const [device] = found;
  if (device !== undefined) {
    const slotName = slotOfDevice(device.id);
    return {
      kind: 'device',
      deviceId: device.id,
      address: hostOf(device.address),
      ...(slotName !== undefined ? { slotName } : {}),
    };
  }
  const slot = slots.find(label);
  if (slot !== undefined) {
    const occupant = occupantOf(slot.ref);
    return {
      kind: 'slot',
      slotRef: slot.ref,
      slotName: slot.name,
      ...(occupant !== undefined ? { occupant } : {}),
    };
  }
  const other = scope.elsewhere.find(({ device: d }) => devicesMatching(label, [d]).length > 0);
  return other !== undefined ? { kind: 'not-in-site', siteName: other.siteName } : { kind: 'unknown' };
}
