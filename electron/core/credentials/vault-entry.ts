/**
 * The value stored under each keychain account: JSON holding the secret and its metadata. Metadata (when
 * stored, the key's description, the device's last address, site members, refusals) lives beside the
 * secret so listing needs one keychain read and no data file; it is never a secret itself, and `list`
 * hands out only the metadata.
 */
/** A device that accepted a site password, with the address it had then. */
export interface SiteMember {
  deviceId: string;
  address?: string;
}

export interface VaultEntry {
  secret: string;
  storedAt: string;
  /** API keys: the description sent to the device. */
  description?: string;
  /** The device's address when the entry was stored (`http://host[:port]`), to find it while offline. */
  address?: string;
  /** Device passwords: the device refused this password; no code path uses it until a new one is stored. */
  rejected?: boolean;
  /**
   * Device passwords: this laptop changed the device's password to this one at that time (the report's
   * "changed here"). Pending passwords: when the change was started.
   */
  changedAt?: string;
  /** Site passwords: the devices that accepted it (or an earlier password of the site: `unconfirmed`). */
  members?: SiteMember[];
  /**
   * Site passwords: members that accepted an earlier password of the site, not seen to accept this one.
   * The new one is tried on them, but it is no evidence of their password (a "Factory pw" needs one).
   */
  unconfirmed?: string[];
  /** Site passwords: devices that refused it (the password stays good for the others). */
  rejectedBy?: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';
const optionalIdList = (v: unknown): v is string[] | undefined =>
  v === undefined || (Array.isArray(v) && v.every((id) => typeof id === 'string'));

function readMembers(value: unknown): SiteMember[] | undefined | false {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return false;
  const members: SiteMember[] = [];
  for (const m of value) {
    if (!isObject(m) || typeof m.deviceId !== 'string' || !optionalString(m.address)) return false;
    members.push(
      m.address === undefined ? { deviceId: m.deviceId } : { deviceId: m.deviceId, address: m.address },
    );
  }
  return members;
}

/**
 * `undefined` for a value that is not ours or is damaged: listed as unreadable, never a crash. Checked by
 * hand rather than with zod: this runs on every CLI start, where loading zod costs more than the check.
 */
export function decodeEntry(value: string | null): VaultEntry | undefined {
  if (value === null) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!isObject(v) || typeof v.secret !== 'string' || v.secret === '' || typeof v.storedAt !== 'string') {
    return undefined;
  }
  if (!optionalString(v.description) || !optionalString(v.address) || !optionalString(v.changedAt)) {
    return undefined;
  }
  if (v.rejected !== undefined && typeof v.rejected !== 'boolean') return undefined;
  const members = readMembers(v.members);
  if (members === false) return undefined;
  const { rejectedBy, unconfirmed } = v;
  if (!optionalIdList(rejectedBy) || !optionalIdList(unconfirmed)) return undefined;
  return {
    secret: v.secret,
    storedAt: v.storedAt,
    ...(v.description !== undefined ? { description: v.description } : {}),
    ...(v.address !== undefined ? { address: v.address } : {}),
    ...(v.rejected !== undefined ? { rejected: v.rejected } : {}),
    ...(v.changedAt !== undefined ? { changedAt: v.changedAt } : {}),
    ...(members !== undefined ? { members } : {}),
    ...(rejectedBy !== undefined ? { rejectedBy } : {}),
    ...(unconfirmed !== undefined ? { unconfirmed } : {}),
  };
}

export const encodeEntry = (entry: VaultEntry): string => JSON.stringify(entry);

/** Members by device id, later ones replacing earlier ones (a device's address may have changed). */
export function mergeMembers(existing: readonly SiteMember[], added: readonly SiteMember[]): SiteMember[] {
  const byId = new Map(existing.map((m) => [m.deviceId, m]));
  for (const member of added) byId.set(member.deviceId, member);
  return [...byId.values()];
}
