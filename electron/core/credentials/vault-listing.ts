/**
 * What is stored, without the secrets: which device has a password (its own or its site's) and an API key,
 * when each was stored, the key's description, the device's last known address. This is all the renderer
 * and `minerdeck key list` ever get.
 */
import { parseAccount } from './accounts';
import type { SecureStore } from './secure-store';
import { decodeEntry } from './vault-entry';

/** The vendor's factory default password (field-notes.md, Authentication). */
export const FACTORY_PASSWORD = 'admin';

export interface DeviceCredentialInfo {
  deviceId: string;
  /** Last known address (`http://host[:port]`), when one was stored. */
  address?: string;
  password?: {
    source: 'device' | 'site';
    siteId?: string;
    storedAt: string;
    rejected: boolean;
    /**
     * The device accepted the vendor's factory default (field-notes.md: an open door on the LAN) and
     * nothing since says otherwise: stored because it accepted it, neither refused since nor replaced.
     */
    factoryDefault: boolean;
    /** This laptop set it by a password change, at that time. */
    changedAt?: string;
    /** A site password replaced since the device accepted the site's earlier one: no evidence yet. */
    unconfirmed?: boolean;
  };
  /**
   * A new password written before it was sent (a change in flight, or one a crash or a lost answer left
   * unconfirmed); `rejected` once the device refused it.
   */
  pendingPassword?: { since: string; rejected: boolean };
  apiKey?: { description?: string; storedAt: string };
  /** The newest `storedAt` of the device's entries. */
  updatedAt: string;
}

export interface SiteInfo {
  siteId: string;
  storedAt: string;
  /** Device ids that accepted the site password. */
  members: string[];
}

export interface CredentialListing {
  devices: DeviceCredentialInfo[];
  sites: SiteInfo[];
  /** Entries under our names that could not be read (damaged, or written by something else). */
  unreadable: number;
}

const newer = (a: string | undefined, b: string): string => (a === undefined || b > a ? b : a);

export async function listCredentials(store: SecureStore): Promise<CredentialListing> {
  const devices = new Map<string, DeviceCredentialInfo>();
  const sites: SiteInfo[] = [];
  const siteMembers: {
    siteId: string;
    storedAt: string;
    deviceId: string;
    address?: string;
    rejected: boolean;
    unconfirmed: boolean;
    factoryDefault: boolean;
  }[] = [];
  let unreadable = 0;

  const device = (deviceId: string, storedAt: string, address?: string): DeviceCredentialInfo => {
    const found = devices.get(deviceId) ?? { deviceId, updatedAt: storedAt };
    if (address !== undefined && (found.address === undefined || storedAt >= found.updatedAt)) {
      found.address = address;
    }
    found.updatedAt = newer(found.updatedAt, storedAt);
    devices.set(deviceId, found);
    return found;
  };

  for (const { account, value } of await store.list()) {
    const ref = parseAccount(account);
    if (ref === undefined) continue;
    const entry = decodeEntry(value);
    if (entry === undefined) {
      unreadable += 1;
      continue;
    }
    if (ref.kind === 'device-password') {
      device(ref.deviceId, entry.storedAt, entry.address).password = {
        source: 'device',
        storedAt: entry.storedAt,
        rejected: entry.rejected === true,
        factoryDefault: entry.secret === FACTORY_PASSWORD && entry.rejected !== true,
        ...(entry.changedAt !== undefined ? { changedAt: entry.changedAt } : {}),
      };
    } else if (ref.kind === 'pending-password') {
      device(ref.deviceId, entry.storedAt, entry.address).pendingPassword = {
        since: entry.changedAt ?? entry.storedAt,
        rejected: entry.rejected === true,
      };
    } else if (ref.kind === 'api-key') {
      device(ref.deviceId, entry.storedAt, entry.address).apiKey = {
        storedAt: entry.storedAt,
        ...(entry.description !== undefined ? { description: entry.description } : {}),
      };
    } else {
      const members = entry.members ?? [];
      sites.push({ siteId: ref.siteId, storedAt: entry.storedAt, members: members.map((m) => m.deviceId) });
      for (const m of members) {
        const rejected = (entry.rejectedBy ?? []).includes(m.deviceId);
        const unconfirmed = (entry.unconfirmed ?? []).includes(m.deviceId);
        siteMembers.push({
          siteId: ref.siteId,
          storedAt: entry.storedAt,
          deviceId: m.deviceId,
          ...(m.address !== undefined ? { address: m.address } : {}),
          rejected,
          unconfirmed,
          factoryDefault: entry.secret === FACTORY_PASSWORD && !rejected && !unconfirmed,
        });
      }
    }
  }
  // A device's own password overrides its site's, so site membership fills in only what is missing.
  for (const m of siteMembers) {
    const info = device(m.deviceId, m.storedAt, m.address);
    info.password ??= {
      source: 'site',
      siteId: m.siteId,
      storedAt: m.storedAt,
      rejected: m.rejected,
      factoryDefault: m.factoryDefault,
      ...(m.unconfirmed ? { unconfirmed: true } : {}),
    };
  }
  const byId = (a: { deviceId: string }, b: { deviceId: string }): number =>
    a.deviceId.localeCompare(b.deviceId);
  return {
    devices: [...devices.values()].sort(byId),
    sites: sites.sort((a, b) => a.siteId.localeCompare(b.siteId)),
    unreadable,
  };
}
