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

/** A change to a site's members: a device joins (it accepted the password), or leaves unless it has `secret`. */
type MemberChange = { join: SiteMember } | { leave: string; unlessSecret: string };

interface MemberBatch {
  changes: MemberChange[];
  started: boolean;
  done: Promise<void>;
}

/** A site entry's `unconfirmed` list set to `ids` less `gone`; left out when empty (entries stay small). */
function withUnconfirmed(
  entry: VaultEntry,
  ids: readonly string[] | undefined,
  gone: ReadonlySet<string>,
): VaultEntry {
  const { unconfirmed: _old, ...rest } = entry;
  const left = (ids ?? []).filter((id) => !gone.has(id));
  return left.length > 0 ? { ...rest, unconfirmed: left } : rest;
}

/** A site entry after member changes, in the order they came. */
function applyMemberChanges(entry: VaultEntry, changes: readonly MemberChange[]): VaultEntry {
  let next = entry;
  for (const change of changes) {
    if ('join' in change) {
      const id = new Set([change.join.deviceId]);
      next = withUnconfirmed(
        {
          ...next,
          members: mergeMembers(next.members ?? [], [change.join]),
          rejectedBy: (next.rejectedBy ?? []).filter((r) => !id.has(r)),
        },
        next.unconfirmed,
        id,
      );
    } else if (next.secret !== change.unlessSecret) {
      const id = new Set([change.leave]);
      next = withUnconfirmed(
        {
          ...next,
          members: (next.members ?? []).filter((m) => !id.has(m.deviceId)),
          rejectedBy: (next.rejectedBy ?? []).filter((r) => !id.has(r)),
        },
        next.unconfirmed,
        id,
      );
    }
  }
  return next;
}

/** Site index cache lifetime: one bulk command reads it hundreds of times; another process may write. */
const SITE_INDEX_TTL_MS = 2_000;
/** API keys are read on every poll; another process's change is seen within this (read-cache.ts). */
const API_KEY_TTL_MS = 30_000;

export function createVault(store: SecureStore, now: () => Date = () => new Date()): CredentialVault {
  const queues = new Map<string, Promise<unknown>>();
  const batches = new Map<string, MemberBatch>();
  let siteIndex: { at: number; byDevice: Promise<Map<string, string[]>> } | undefined;
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

  /** Every site whose members include the device (one listing, shared by every caller, per TTL). */
  async function sitesOf(deviceId: string): Promise<readonly string[]> {
    if (siteIndex === undefined || Date.now() - siteIndex.at > SITE_INDEX_TTL_MS) {
      const byDevice = listCredentials(store).then(({ sites }) => {
        const index = new Map<string, string[]>();
        for (const site of sites) {
          for (const member of site.members) index.set(member, [...(index.get(member) ?? []), site.siteId]);
        }
        return index;
      });
      const built = { at: Date.now(), byDevice };
      siteIndex = built;
      byDevice.catch(() => {
        if (siteIndex === built) siteIndex = undefined;
      });
    }
    return (await siteIndex.byDevice).get(deviceId) ?? [];
  }

  const siteOf = async (deviceId: string): Promise<string | undefined> => (await sitesOf(deviceId)).at(-1);

  /** Queues a change of the site's members; changes that arrive while one write waits share the next. */
  function changeMembers(siteId: string, change: MemberChange): Promise<void> {
    const ref: AccountRef = { kind: 'site-password', siteId: checkSiteId(siteId) };
    const account = accountName(ref);
    // Joins and leaves batch apart: a join to a site deleted meanwhile fails, and must not fail a leave.
    const key = `${'join' in change ? 'join' : 'leave'} ${account}`;
    const open = batches.get(key);
    if (open !== undefined && !open.started) {
      open.changes.push(change);
      return open.done;
    }
    const batch: MemberBatch = { changes: [change], started: false, done: Promise.resolve() };
    batches.set(key, batch);
    batch.done = exclusive(account, async () => {
      batch.started = true;
      if (batches.get(key) === batch) batches.delete(key);
      const entry = await read(ref);
      if (entry === undefined) {
        if ('leave' in change) return;
        throw new CredentialError('NOT_FOUND', `no password is stored for site "${siteId}".`);
      }
      const next = applyMemberChanges(entry, batch.changes);
      if (next === entry) return;
      await write(ref, next);
      // Kept in step rather than read again: a bulk password change would list the keychain per device.
      const index = await siteIndex?.byDevice.catch(() => undefined);
      const joined = new Set((next.members ?? []).map((m) => m.deviceId));
      for (const change of batch.changes) {
        const id = 'join' in change ? change.join.deviceId : change.leave;
        const others = (index?.get(id) ?? []).filter((site) => site !== siteId);
        index?.set(id, joined.has(id) ? [...others, siteId] : others);
      }
    });
    return batch.done;
  }

  const addSiteMember = (siteId: string, member: SiteMember): Promise<void> =>
    changeMembers(siteId, { join: member });

  /** The device accepts `secret` now: it leaves the members of every site whose password is another. */
  async function leaveOtherSites(deviceId: string, secret: string): Promise<void> {
    const sites = await sitesOf(deviceId);
    await Promise.all(sites.map((site) => changeMembers(site, { leave: deviceId, unlessSecret: secret })));
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
      await exclusive(accountName(ref), () => write(ref, { secret, storedAt: now().toISOString(), ...meta }));
      await leaveOtherSites(deviceId, secret);
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
        // A new password: the members so far accepted the old one, which says nothing of this one.
        const unconfirmed = same ? (entry?.unconfirmed ?? []) : (entry?.members ?? []).map((m) => m.deviceId);
        const next: VaultEntry = {
          secret,
          storedAt: same && entry !== undefined ? entry.storedAt : now().toISOString(),
          members: mergeMembers(entry?.members ?? [], members),
          rejectedBy: same ? (entry?.rejectedBy ?? []).filter((id) => !added.has(id)) : [],
        };
        await write(ref, withUnconfirmed(next, unconfirmed, added));
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
