/**
 * The credential model over a SecureStore: a password per device, an API key per device, and a site
 * password shared by many devices (the batch a technician unlocks with one password), where a device's own
 * password overrides its site's. Everyone outside this folder sees metadata only: `list` never returns a
 * secret, and only the session manager, provisioning and `key copy` call the getters.
 *
 * Writes to one account are serialized (read-modify-write of a site's members from 500 parallel unlocks
 * must not lose any), and member additions are coalesced so 500 devices cost a handful of keychain writes.
 *
 * Made of: the accounts' reads and writes (vault-accounts.ts), a device's passwords (vault-passwords.ts),
 * site passwords and their members (site-members.ts), API keys (vault-api-keys.ts).
 */
import { checkSiteId } from './accounts';
import { secretOf } from './stored-secret';
import { createApiKeys } from './vault-api-keys';
import { createVaultAccounts } from './vault-accounts';
import { createDevicePasswords } from './vault-passwords';
import type { SecureStore } from './secure-store';
import { createSiteMembership } from './site-members';
import type { PasswordSource, PendingPassword, StoredPassword, StoredSecret } from './stored-secret';
import type { SiteMember } from './vault-entry';
import { listCredentials } from './vault-listing';
import type { CredentialListing } from './vault-listing';

export type { SiteMember } from './vault-entry';
export type { CredentialListing, DeviceCredentialInfo, SiteInfo } from './vault-listing';

export interface CredentialVault {
  /** False in session-only mode: nothing survives the process. */
  readonly persistent: boolean;
  /**
   * The device's own password, else its site's: the one an automatic unlock may use. `fresh`: as every
   * process sees it now — another process's journalled writes included (a password it just changed) —
   * from one keychain listing shared by the calls of the next two seconds; for unlocks after a session
   * ended, never for the hot path.
   */
  passwordFor(
    deviceId: string,
    siteId: string | undefined,
    options?: { fresh?: boolean },
  ): Promise<StoredPassword | undefined>;
  /**
   * The password the device accepts now, as its own (stored after it accepted it). `changedAt`: this
   * laptop changed the device's password to this one (the report's "changed here"). The device leaves the
   * members of any site password that is not this one: it no longer accepts that one, so forgetting its
   * own later must not bring the site's back as its password (a false "Factory pw", a refused unlock).
   */
  setDevicePassword(
    deviceId: string,
    secret: string,
    meta?: { address?: string; changedAt?: string },
  ): Promise<void>;
  /** Durable before it resolves (journaled-store.ts): written before a password change is sent. */
  setPendingPassword(
    deviceId: string,
    secret: string,
    meta: { changedAt: string; address?: string },
  ): Promise<void>;
  pendingPasswordFor(deviceId: string, options?: { fresh?: boolean }): Promise<PendingPassword | undefined>;
  markPendingRejected(deviceId: string): Promise<void>;
  deletePendingPassword(deviceId: string): Promise<boolean>;
  deleteDevicePassword(deviceId: string): Promise<boolean>;
  /**
   * Stores or replaces the site password and adds members; a new password clears earlier refusals, and
   * the members that accepted the earlier one become `unconfirmed` until they accept this one.
   */
  setSitePassword(siteId: string, secret: string, members?: readonly SiteMember[]): Promise<void>;
  /** Adds devices to an existing site (coalesced into few writes). */
  addSiteMember(siteId: string, member: SiteMember): Promise<void>;
  /** The site password itself, when one is stored: only for the site standard's Commission to send. */
  sitePassword(siteId: string): Promise<string | undefined>;
  /** The site whose members include the device, if any. */
  siteOf(deviceId: string): Promise<string | undefined>;
  getApiKey(deviceId: string): Promise<StoredSecret | undefined>;
  setApiKey(deviceId: string, key: string, meta: { description: string; address?: string }): Promise<void>;
  deleteApiKey(deviceId: string): Promise<boolean>;
  /**
   * The device refused this password: remember it across processes so it is never sent again by itself.
   * `secret`, when given, is the password the device refused: the entry is marked only while it still holds
   * it, so a new password another process stored meanwhile is never marked (nor overwritten) by mistake.
   */
  markPasswordRejected(source: PasswordSource, deviceId: string, secret?: string): Promise<void>;
  /** A device id with credentials stored for this address, for devices that cannot be asked (offline). */
  findDeviceByAddress(address: string): Promise<string | undefined>;
  /** Metadata only. */
  list(): Promise<CredentialListing>;
}

export function createVault(store: SecureStore, now: () => Date = () => new Date()): CredentialVault {
  const accounts = createVaultAccounts(store);
  const sites = createSiteMembership(store, accounts, now);
  return {
    persistent: store.kind === 'keychain',
    ...createDevicePasswords({ store, accounts, sites, now }),
    setSitePassword: sites.setSitePassword,
    addSiteMember: sites.addSiteMember,
    siteOf: sites.siteOf,
    sitePassword: async (siteId) =>
      secretOf(await accounts.read({ kind: 'site-password', siteId: checkSiteId(siteId) }))?.secret,
    ...createApiKeys(store, accounts, now),

    async findDeviceByAddress(address) {
      // The newest entry wins: an address reused by another device points at the one seen last.
      const matches = (await listCredentials(store)).devices.filter((d) => d.address === address);
      matches.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return matches[0]?.deviceId;
    },

    list: () => listCredentials(store),
  };
}
