/**
 * Which device is which: the one rule behind every place that tells devices apart —
 * the scanner's new / known / moved, what a scan adds to a site, the fleet's rows, and the ids that
 * credentials are stored under. A device's MAC (from the anonymous `/info`) is its identity across DHCP
 * moves, but cloned control-board images and misconfigured boards make live devices share one MAC. So:
 *
 * - a known device has `moved` only when its old address no longer answers with its MAC (`silent`: the
 *   caller checked); without that evidence nobody takes its id, since its old address may still answer;
 * - addresses that answer with one MAC at the same time are separate devices. The one the MAC id already
 *   belongs to keeps `mac:<MAC>` (an existing device keeps its id, so its stored credentials and its
 *   inventory record stay its own); every other one is known by its address, `addr:<host>:<port>` (the
 *   id of a device that tells no MAC), and each is flagged with the others' addresses;
 * - a live address that is already a device of its own (a duplicate seen before, a device that had no
 *   MAC) keeps its id and never takes over a MAC id; when nobody holds the MAC id yet, the lowest
 *   address gets it, so two tools that see the same addresses give the same ids.
 */
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { compareAddresses } from '../../../shared/domain/same-mac';
import { addressDeviceId, macDeviceId } from './device-identity';

/** An address that answered now. */
export interface Sighting {
  /** Canonical (`http://host[:port]`). */
  address: string;
  /** As the device reported it; null when it told none. */
  mac: string | null;
}

/** A device known from before (the inventory, stored credentials, or earlier in the same run). */
export interface KnownDevice {
  deviceId: string;
  /** Canonical address where it was last seen. */
  address: string;
  mac: string | null;
  /** Listed (from a CSV) but never seen: whatever turns up at its address may be it. */
  planned?: boolean;
}

export interface Verdict {
  deviceId: string;
  seen: 'new' | 'known' | 'moved';
  /** Canonical address the device had before (only when `moved`). */
  previousAddress?: string;
  /** The other addresses answering with the same MAC now, in address order; empty when none. */
  sameMacAs: string[];
}

/** `addr:<host>:<port>` of a canonical address. */
export function addressIdOf(address: string): string {
  const parsed = parseDeviceAddress(address);
  return parsed.ok ? addressDeviceId(parsed.value) : `addr:${address}`;
}

/** Known devices looked up by id and address; built once for a scan's thousands of findings. */
export class KnownIndex {
  readonly byId: ReadonlyMap<string, KnownDevice>;
  /** Addresses where a device (not merely planned) was seen. */
  readonly seenAt: ReadonlySet<string>;

  constructor(known: readonly KnownDevice[]) {
    this.byId = new Map(known.map((device) => [device.deviceId, device]));
    this.seenAt = new Set(known.filter((d) => d.planned !== true).map((d) => d.address));
  }
}

/** Verdicts by canonical address, one per distinct address sighted (the first sighting of one counts). */
export function judgeSightings(
  sightings: readonly Sighting[],
  known: readonly KnownDevice[] | KnownIndex,
  silent: ReadonlySet<string> = new Set(),
): Map<string, Verdict> {
  const { byId, seenAt } = known instanceof KnownIndex ? known : new KnownIndex(known);
  const verdicts = new Map<string, Verdict>();
  const groups = new Map<string, string[]>();
  const taken = new Set<string>();
  const plain = (address: string, sameMacAs: string[]): Verdict => {
    const deviceId = addressIdOf(address);
    return { deviceId, seen: byId.has(deviceId) || seenAt.has(address) ? 'known' : 'new', sameMacAs };
  };

  for (const { address, mac } of sightings) {
    if (taken.has(address)) continue;
    taken.add(address);
    const macId = macDeviceId(mac);
    if (macId === undefined) verdicts.set(address, plain(address, []));
    else groups.set(macId, [...(groups.get(macId) ?? []), address]);
  }

  for (const [macId, addresses] of groups) {
    addresses.sort(compareAddresses);
    const holder = byId.get(macId);
    const ownDevice = (address: string): boolean => {
      const device = byId.get(addressIdOf(address));
      return (
        device !== undefined &&
        device.planned !== true &&
        (device.mac === null || macDeviceId(device.mac) === macId)
      );
    };
    const free = (): string | undefined => addresses.find((address) => !ownDevice(address));
    let takes: string | undefined;
    let movedFrom: string | undefined;
    if (holder === undefined) takes = free();
    else if (addresses.includes(holder.address)) takes = holder.address;
    else if (silent.has(holder.address)) {
      takes = free();
      if (takes !== undefined) movedFrom = holder.address;
    }
    for (const address of addresses) {
      const sameMacAs = addresses.filter((other) => other !== address);
      if (address !== takes) {
        verdicts.set(address, plain(address, sameMacAs));
        continue;
      }
      verdicts.set(address, {
        deviceId: macId,
        seen: movedFrom !== undefined ? 'moved' : holder === undefined ? 'new' : 'known',
        ...(movedFrom !== undefined ? { previousAddress: movedFrom } : {}),
        sameMacAs,
      });
    }
  }
  return verdicts;
}

/**
 * Records that share one MAC (a site's devices, the fleet's rows): for each, the other records'
 * addresses in address order. Records without a MAC, or alone with theirs, are not in the map.
 */
export function sameMacPeers<T>(
  items: readonly T[],
  macOf: (item: T) => string | null,
  addressOf: (item: T) => string,
): Map<T, string[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const macId = macDeviceId(macOf(item));
    if (macId !== undefined) groups.set(macId, [...(groups.get(macId) ?? []), item]);
  }
  const peers = new Map<T, string[]>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const item of group) {
      const others = group
        .map(addressOf)
        .filter((address) => address !== addressOf(item))
        .sort(compareAddresses);
      if (others.length > 0) peers.set(item, [...new Set(others)]);
    }
  }
  return peers;
}
