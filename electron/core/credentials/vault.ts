/**
 * The credential model over a SecureStore: a password per device, an API key per device, and a site
 * password shared by many devices (the batch a technician unlocks with one password), where a device's own
 * password overrides its site's. Everyone outside this folder sees metadata only: `list` never returns a
 * secret, and only the session manager, provisioning and `key copy` call the getters.
 *
 * Writes to one account are serialized (read-modify-write of a site's members from 500 parallel unlocks
 * must not lose any), and member additions are coalesced so 500 devices cost a handful of keychain writes.
 */
import { accountName, checkSiteId } from './accounts';
import type { AccountRef } from './accounts';
import { CredentialError } from './credential-error';
import type { SecureStore } from './secure-store';
import type { SiteMember, VaultEntry } from './vault-entry';
import { decodeEntry, encodeEntry, mergeMembers } from './vault-entry';
import { createReadCache } from './read-cache';
import { listCredentials } from './vault-listing';
import type { CredentialListing } from './vault-listing';

export type { SiteMember } from './vault-entry';
export type { CredentialListing, DeviceCredentialInfo, SiteInfo } from './vault-listing';

/** Where a password came from; a refusal is recorded against that source. */
export type PasswordSource = { kind: 'device' } | { kind: 'site'; siteId: string };

export interface StoredSecret {
  secret: string;
  storedAt: string;
  description?: string;
  address?: string;
}

export interface StoredPassword extends StoredSecret {
  source: PasswordSource;
  /** The device refused it before; it must not be sent again by itself. */
  rejected: boolean;
}

/** A new password not yet confirmed on the device (accounts.ts, `pending-password`). */
export interface PendingPassword {
  secret: string;
  /** When the change was started. */
  since: string;
  address?: string;
  /** The device refused it at a check: never sent again by itself. */
  rejected: boolean;
}

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
  /** `changedAt`: this laptop changed the device's password to this one (the report's "changed here"). */
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
  /** Stores or replaces the site password and adds members; a new password clears earlier refusals. */
  setSitePassword(siteId: string, secret: string, members?: readonly SiteMember[]): Promise<void>;
  /** Adds devices to an existing site (coalesced into few writes). */
  addSiteMember(siteId: string, member: SiteMember): Promise<void>;
  /** The site whose members include the device, if any. */
  siteOf(deviceId: string): Promise<string | undefined>;
  getApiKey(deviceId: string): Promise<StoredSecret | undefined>;
  setApiKey(deviceId: string, key: string, meta: { description: string; address?: string }): Promise<void>;
  deleteApiKey(deviceId: string): Promise<boolean>;
  /** The device refused this password: remember it across processes so it is never sent again by itself. */
  /**
   * `secret`, when given, is the password the device refused: the entry is marked only while it still holds
   * it, so a new password another process stored meanwhile is never marked (nor overwritten) by mistake.
   */
  markPasswordRejected(source: PasswordSource, deviceId: string, secret?: string): Promise<void>;
  /** A device id with credentials stored for this address, for devices that cannot be asked (offline). */
  findDeviceByAddress(address: string): Promise<string | undefined>;
  /** Metadata only. */
  list(): Promise<CredentialListing>;
}

interface MemberBatch {
  members: SiteMember[];
  started: boolean;
  done: Promise<void>;
}

/** Site index cache lifetime: one bulk command reads it hundreds of times; another process may write. */
const SITE_INDEX_TTL_MS = 2_000;
/** API keys are read on every poll; another process's change is seen within this (read-cache.ts). */
const API_KEY_TTL_MS = 30_000;

export function createVault(store: SecureStore, now: () => Date = () => new Date()): CredentialVault {
  const queues = new Map<string, Promise<unknown>>();
  const batches = new Map<string, MemberBatch>();
  let siteIndex: { at: number; byDevice: Map<string, string> } | undefined;
  const apiKeys = createReadCache<StoredSecret | undefined>(API_KEY_TTL_MS);

  /** Runs `task` after every earlier task on the same account. */
  function exclusive<T>(account: string, task: () => Promise<T>): Promise<T> {
    const previous = queues.get(account) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    queues.set(account, settled);
    void settled.then(() => {
      if (queues.get(account) === settled) queues.delete(account);
    });
    return next;
  }

  const read = async (ref: AccountRef): Promise<VaultEntry | undefined> =>
    decodeEntry(await store.get(accountName(ref)));

  /** Every account's value as all processes see it (journals included); one listing per TTL. */
  let snapshot: { at: number; values: Promise<Map<string, string>> } | undefined;
  const readFresh = async (ref: AccountRef): Promise<VaultEntry | undefined> => {
    if (snapshot === undefined || Date.now() - snapshot.at > SITE_INDEX_TTL_MS) {
      const values = store.list().then((entries) => new Map(entries.map((e) => [e.account, e.value])));
      snapshot = { at: Date.now(), values };
      values.catch(() => {
        if (snapshot?.values === values) snapshot = undefined;
      });
    }
    return decodeEntry((await snapshot.values).get(accountName(ref)) ?? null);
  };
  const readAs = (fresh: boolean | undefined) => (fresh === true ? readFresh : read);

  const write = (ref: AccountRef, entry: VaultEntry): Promise<void> =>
    store.set(accountName(ref), encodeEntry(entry));

  const secretOf = (entry: VaultEntry | undefined): StoredSecret | undefined =>
    entry === undefined
      ? undefined
      : {
          secret: entry.secret,
          storedAt: entry.storedAt,
          ...(entry.description !== undefined ? { description: entry.description } : {}),
          ...(entry.address !== undefined ? { address: entry.address } : {}),
        };

  async function siteOf(deviceId: string): Promise<string | undefined> {
    if (siteIndex === undefined || Date.now() - siteIndex.at > SITE_INDEX_TTL_MS) {
      const byDevice = new Map<string, string>();
      for (const site of (await listCredentials(store)).sites) {
        for (const member of site.members) byDevice.set(member, site.siteId);
      }
      siteIndex = { at: Date.now(), byDevice };
    }
    return siteIndex.byDevice.get(deviceId);
  }

  async function addSiteMember(siteId: string, member: SiteMember): Promise<void> {
    const ref: AccountRef = { kind: 'site-password', siteId: checkSiteId(siteId) };
    const account = accountName(ref);
    const open = batches.get(account);
    if (open !== undefined && !open.started) {
      open.members.push(member);
      return open.done;
    }
    const batch: MemberBatch = { members: [member], started: false, done: Promise.resolve() };
    batches.set(account, batch);
    batch.done = exclusive(account, async () => {
      batch.started = true;
      if (batches.get(account) === batch) batches.delete(account);
      const entry = await read(ref);
      if (entry === undefined) {
        throw new CredentialError('NOT_FOUND', `no password is stored for site "${siteId}".`);
      }
      const added = new Set(batch.members.map((m) => m.deviceId));
      await write(ref, {
        ...entry,
        members: mergeMembers(entry.members ?? [], batch.members),
        rejectedBy: (entry.rejectedBy ?? []).filter((id) => !added.has(id)),
      });
      siteIndex = undefined;
    });
    return batch.done;
  }

  return {
    persistent: store.kind === 'keychain',

    async passwordFor(deviceId, siteId, options = {}) {
      const read = readAs(options.fresh);
      const own = await read({ kind: 'device-password', deviceId });
      const ownSecret = secretOf(own);
      if (own !== undefined && ownSecret !== undefined) {
        return { ...ownSecret, source: { kind: 'device' }, rejected: own.rejected === true };
      }
      const site = siteId ?? (await siteOf(deviceId));
      if (site === undefined) return undefined;
      const entry = await read({ kind: 'site-password', siteId: site });
      const secret = secretOf(entry);
      if (entry === undefined || secret === undefined) return undefined;
      return {
        ...secret,
        source: { kind: 'site', siteId: site },
        rejected: (entry.rejectedBy ?? []).includes(deviceId),
      };
    },

    setDevicePassword: async (deviceId, secret, meta = {}) => {
      const ref: AccountRef = { kind: 'device-password', deviceId };
      return exclusive(accountName(ref), () =>
        write(ref, { secret, storedAt: now().toISOString(), ...meta }),
      );
    },

    deleteDevicePassword: async (deviceId) =>
      store.delete(accountName({ kind: 'device-password', deviceId })),

    setPendingPassword: async (deviceId, secret, meta) => {
      const ref: AccountRef = { kind: 'pending-password', deviceId };
      return exclusive(accountName(ref), () =>
        write(ref, { secret, storedAt: now().toISOString(), ...meta }),
      );
    },

    async pendingPasswordFor(deviceId, options = {}) {
      const entry = await readAs(options.fresh)({ kind: 'pending-password', deviceId });
      if (entry === undefined) return undefined;
      return {
        secret: entry.secret,
        since: entry.changedAt ?? entry.storedAt,
        rejected: entry.rejected === true,
        ...(entry.address !== undefined ? { address: entry.address } : {}),
      };
    },

    markPendingRejected: async (deviceId) => {
      const ref: AccountRef = { kind: 'pending-password', deviceId };
      return exclusive(accountName(ref), async () => {
        const entry = await read(ref);
        if (entry !== undefined) await write(ref, { ...entry, rejected: true });
      });
    },

    deletePendingPassword: async (deviceId) =>
      store.delete(accountName({ kind: 'pending-password', deviceId })),

    setSitePassword: async (siteId, secret, members = []) => {
      const ref: AccountRef = { kind: 'site-password', siteId: checkSiteId(siteId) };
      return exclusive(accountName(ref), async () => {
        const entry = await read(ref);
        const same = entry?.secret === secret;
        const added = new Set(members.map((m) => m.deviceId));
        await write(ref, {
          secret,
          storedAt: same && entry !== undefined ? entry.storedAt : now().toISOString(),
          members: mergeMembers(entry?.members ?? [], members),
          rejectedBy: same ? (entry?.rejectedBy ?? []).filter((id) => !added.has(id)) : [],
        });
        siteIndex = undefined;
      });
    },

    addSiteMember,
    siteOf,

    getApiKey: (deviceId) =>
      apiKeys.get(deviceId, async () => secretOf(await read({ kind: 'api-key', deviceId }))),

    setApiKey: async (deviceId, key, meta) => {
      const ref: AccountRef = { kind: 'api-key', deviceId };
      const entry: VaultEntry = { secret: key, storedAt: now().toISOString(), ...meta };
      return exclusive(accountName(ref), async () => {
        apiKeys.forget(deviceId);
        await write(ref, entry);
        apiKeys.set(deviceId, secretOf(entry));
      });
    },

    deleteApiKey: async (deviceId) => {
      const account = accountName({ kind: 'api-key', deviceId });
      // Forgotten before (a read already under way cannot memoize the key) and after (nor one that
      // started while the delete ran).
      apiKeys.forget(deviceId);
      try {
        return await store.delete(account);
      } finally {
        apiKeys.forget(deviceId);
      }
    },

    markPasswordRejected: async (source, deviceId, secret) => {
      const ref: AccountRef =
        source.kind === 'device'
          ? { kind: 'device-password', deviceId }
          : { kind: 'site-password', siteId: source.siteId };
      return exclusive(accountName(ref), async () => {
        const entry = await read(ref);
        if (entry === undefined || (secret !== undefined && entry.secret !== secret)) return;
        if (ref.kind === 'device-password') await write(ref, { ...entry, rejected: true });
        else
          await write(ref, { ...entry, rejectedBy: [...new Set([...(entry.rejectedBy ?? []), deviceId])] });
      });
    },

    async findDeviceByAddress(address) {
      // The newest entry wins: an address reused by another device points at the one seen last.
      const matches = (await listCredentials(store)).devices.filter((d) => d.address === address);
      matches.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return matches[0]?.deviceId;
    },

    list: () => listCredentials(store),
  };
}
