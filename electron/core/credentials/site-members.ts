/**
 * A site password and the devices that accepted it. Member changes to one site are coalesced — 500 devices
 * joining cost a handful of keychain writes — and which sites a device belongs to is read from one listing
 * shared for a short while and kept in step with this process's own changes. A device's own password
 * overrides its site's; a device that accepts another password leaves the sites whose password it refuses.
 */
import { message } from '../../../shared/i18n/message';
import type { AccountRef } from './accounts';
import { accountName, checkSiteId } from './accounts';
import { CredentialError } from './credential-error';
import type { SecureStore } from './secure-store';
import type { VaultAccounts } from './vault-accounts';
import { LISTING_TTL_MS } from './vault-accounts';
import type { SiteMember, VaultEntry } from './vault-entry';
import { mergeMembers } from './vault-entry';
import { listCredentials } from './vault-listing';

export interface SiteMembership {
  /** Stores or replaces the site password and adds members (see CredentialVault.setSitePassword). */
  setSitePassword(siteId: string, secret: string, members?: readonly SiteMember[]): Promise<void>;
  /** Adds devices to an existing site (coalesced into few writes). */
  addSiteMember(siteId: string, member: SiteMember): Promise<void>;
  /** The site whose members include the device, if any. */
  siteOf(deviceId: string): Promise<string | undefined>;
  /** The device accepts `secret` now: it leaves the members of every site whose password is another. */
  leaveOtherSites(deviceId: string, secret: string): Promise<void>;
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

/** A site entry without the device `id` among its refusals and unconfirmed members, `members` given. */
function withMembers(entry: VaultEntry, members: SiteMember[], id: string): VaultEntry {
  const gone = new Set([id]);
  return withUnconfirmed(
    { ...entry, members, rejectedBy: (entry.rejectedBy ?? []).filter((r) => !gone.has(r)) },
    entry.unconfirmed,
    gone,
  );
}

/** A site entry after member changes, in the order they came. */
function applyMemberChanges(entry: VaultEntry, changes: readonly MemberChange[]): VaultEntry {
  let next = entry;
  for (const change of changes) {
    if ('join' in change) {
      next = withMembers(next, mergeMembers(next.members ?? [], [change.join]), change.join.deviceId);
    } else if (next.secret !== change.unlessSecret) {
      const members = (next.members ?? []).filter((m) => m.deviceId !== change.leave);
      next = withMembers(next, members, change.leave);
    }
  }
  return next;
}

/** A site entry with a password stored: a new one clears refusals, and earlier members become unconfirmed. */
function withSitePassword(
  entry: VaultEntry | undefined,
  secret: string,
  members: readonly SiteMember[],
  now: () => Date,
): VaultEntry {
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
  return withUnconfirmed(next, unconfirmed, added);
}

export function createSiteMembership(
  store: SecureStore,
  accounts: VaultAccounts,
  now: () => Date,
): SiteMembership {
  const batches = new Map<string, MemberBatch>();
  let siteIndex: { at: number; byDevice: Promise<Map<string, string[]>> } | undefined;

  /** Every site whose members include the device (one listing, shared by every caller, per TTL). */
  async function sitesOf(deviceId: string): Promise<readonly string[]> {
    if (siteIndex === undefined || Date.now() - siteIndex.at > LISTING_TTL_MS) {
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

  /** Kept in step rather than read again: a bulk password change would list the keychain per device. */
  async function indexChanges(siteId: string, next: VaultEntry, changes: readonly MemberChange[]) {
    const index = await siteIndex?.byDevice.catch(() => undefined);
    const joined = new Set((next.members ?? []).map((m) => m.deviceId));
    for (const change of changes) {
      const id = 'join' in change ? change.join.deviceId : change.leave;
      const others = (index?.get(id) ?? []).filter((site) => site !== siteId);
      index?.set(id, joined.has(id) ? [...others, siteId] : others);
    }
  }

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
    batch.done = accounts.exclusive(account, async () => {
      batch.started = true;
      if (batches.get(key) === batch) batches.delete(key);
      const entry = await accounts.read(ref);
      if (entry === undefined) {
        if ('leave' in change) return;
        throw new CredentialError(
          'NOT_FOUND',
          `no password is stored for site "${siteId}".`,
          message('errors.credentials.noSitePassword', { site: siteId }),
        );
      }
      const next = applyMemberChanges(entry, batch.changes);
      if (next === entry) return;
      await accounts.write(ref, next);
      await indexChanges(siteId, next, batch.changes);
    });
    return batch.done;
  }

  return {
    setSitePassword: async (siteId, secret, members = []) => {
      const ref: AccountRef = { kind: 'site-password', siteId: checkSiteId(siteId) };
      return accounts.exclusive(accountName(ref), async () => {
        await accounts.write(ref, withSitePassword(await accounts.read(ref), secret, members, now));
        siteIndex = undefined;
      });
    },
    addSiteMember: (siteId, member) => changeMembers(siteId, { join: member }),
    siteOf: async (deviceId) => (await sitesOf(deviceId)).at(-1),
    async leaveOtherSites(deviceId, secret) {
      const sites = await sitesOf(deviceId);
      await Promise.all(sites.map((site) => changeMembers(site, { leave: deviceId, unlessSecret: secret })));
    },
  };
}
