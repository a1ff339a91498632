/**
 * What an imported site file says about a known device's address or certificate pin, held until the
 * technician accepts it. A device's address is where its stored password or API key is sent, and its pin
 * is what that address must prove: a file that could change either could send the keychain's secrets
 * wherever it liked at the next poll. So a merge (merge.ts) never changes them for a device this laptop
 * already knows: it keeps ours, lists the disagreement, and files the file's value here. Accepting it
 * (the CLI's `site accept-import`, the Sites view's button) is the technician's decision; until then nothing is
 * sent to the file's address.
 *
 * A device "known" here is one the site has, or one this laptop knows elsewhere (another site, or
 * credentials in the keychain stored for another address): a file cannot get around the rule by putting
 * a known device into a new site. Such a device is not added until accepted; its record waits here.
 *
 * Pure functions over an inventory draft, run inside `store.update` like sites.ts.
 */
import type { AddressSighting, InventoryDevice } from '../../../shared/domain/inventory';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import type { CredentialVault } from '../credentials/vault';
import { errWithText, ok } from '../../../shared/result';
import { findDevice, MAX_ADDRESS_HISTORY } from './devices';
import type { Inventory } from './schema';
import type { ImportProposal, ProposalField } from './stored-records';
import { MAX_PROPOSALS } from './stored-records';

/** A change waiting for the technician, as the shells list it. */
export interface PendingChange {
  deviceId: string;
  field: ProposalField;
  /** Ours (the address, or the pin: empty when none is trusted; empty address: not in this site). */
  local: string;
  incoming: string;
  from: string;
  at: string;
}

export interface AcceptedChange {
  deviceId: string;
  field: ProposalField;
  value: string;
  /** What it replaced; empty when there was none (no pin, or a device the site did not have). */
  previous: string;
}

const proposalsOf = (inventory: Inventory): ImportProposal[] => inventory.importProposals ?? [];

const currentValue = (device: InventoryDevice | undefined, field: ProposalField): string =>
  device === undefined ? '' : field === 'address' ? device.address : (device.tlsPin ?? '');

/** Files (or replaces: one per device and field) what a file said, for the technician to accept. */
export function propose(inventory: Inventory, proposal: ImportProposal): void {
  const others = proposalsOf(inventory).filter(
    (p) => !(p.siteId === proposal.siteId && p.deviceId === proposal.deviceId && p.field === proposal.field),
  );
  inventory.importProposals = [...others, structuredClone(proposal)].slice(-MAX_PROPOSALS);
}

/**
 * A site's changes still waiting, oldest first. One the device has come to meanwhile (a scan found it at
 * that address, the certificate was trusted) is not listed: there is nothing left to accept.
 */
export function pendingChanges(inventory: Inventory, siteId: string): PendingChange[] {
  const proposals = proposalsOf(inventory).filter((p) => p.siteId === siteId);
  const heldBack = new Set(proposals.filter((p) => p.device !== undefined).map((p) => p.deviceId));
  return proposals.flatMap((p): PendingChange[] => {
    const device = findDevice(inventory, siteId, p.deviceId);
    // Removed from the site since: nothing to change (a device held back has its record waiting).
    if (device === undefined && !heldBack.has(p.deviceId)) return [];
    const local = currentValue(device, p.field);
    if (local === p.value) return [];
    return [{ deviceId: p.deviceId, field: p.field, local, incoming: p.value, from: p.from, at: p.at }];
  });
}

function applyAddress(
  device: InventoryDevice,
  address: string,
  sighting: AddressSighting | undefined,
  at: string,
) {
  const known = device.addressHistory.find((entry) => entry.address === address);
  if (known === undefined) {
    device.addressHistory.push(
      sighting === undefined ? { address, firstSeen: at, lastSeen: at } : { ...sighting },
    );
  }
  // Current from now on: the newest of the history, as a scan that found it there would leave it.
  const current = device.addressHistory.find((entry) => entry.address === address);
  if (current !== undefined) {
    const newest = device.addressHistory.reduce((a, entry) => (entry.lastSeen > a ? entry.lastSeen : a), '');
    if (current.lastSeen < newest) current.lastSeen = newest;
  }
  device.addressHistory.sort((a, b) => a.lastSeen.localeCompare(b.lastSeen));
  device.addressHistory.splice(0, Math.max(0, device.addressHistory.length - MAX_ADDRESS_HISTORY));
  device.address = address;
}

/**
 * Accepts what imports proposed for the devices named (`'all'`: every device of the site), optionally for
 * one field only: the file's address becomes the device's (its history keeps the old one), the file's pin
 * its trusted certificate, a device held back joins the site. Answers what changed; NOT_FOUND when nothing
 * waits for them.
 */
export function acceptProposals(
  inventory: Inventory,
  siteId: string,
  deviceIds: readonly string[] | 'all',
  now: Date,
  field?: ProposalField,
): Result<AcceptedChange[]> {
  const wanted = (p: ImportProposal): boolean =>
    p.siteId === siteId &&
    (deviceIds === 'all' || deviceIds.includes(p.deviceId)) &&
    (field === undefined || p.field === field);
  const chosen = proposalsOf(inventory).filter(wanted);
  const accepted: AcceptedChange[] = [];
  const at = now.toISOString();
  // Addresses first: a device held back joins the site before its pin is set.
  for (const p of [...chosen].sort((a, b) => (a.field === b.field ? 0 : a.field === 'address' ? -1 : 1))) {
    let device = findDevice(inventory, siteId, p.deviceId);
    const previous = currentValue(device, p.field);
    if (previous === p.value) continue;
    if (device === undefined) {
      if (p.device === undefined) continue;
      device = { ...structuredClone(p.device), siteId };
      inventory.devices.push(device);
    }
    if (p.field === 'address') applyAddress(device, p.value, p.sighting, at);
    else device.tlsPin = p.value;
    accepted.push({ deviceId: p.deviceId, field: p.field, value: p.value, previous });
  }
  inventory.importProposals = proposalsOf(inventory).filter((p) => !wanted(p));
  if (accepted.length === 0) {
    const which = deviceIds === 'all' ? 'this site' : deviceIds.map((id) => `"${id}"`).join(', ');
    return errWithText(
      'NOT_FOUND',
      `No imported address or certificate waits to be accepted for ${which}.`,
      deviceIds === 'all'
        ? message('errors.inventory.noProposalsInSite')
        : message('errors.inventory.noProposalsFor', { devices: which }),
    );
  }
  return ok(accepted);
}

/** Drops what waits for devices no longer in the inventory (removed devices, deleted sites). */
export function dropProposals(inventory: Inventory, keep: (p: ImportProposal) => boolean): void {
  if (inventory.importProposals === undefined) return;
  inventory.importProposals = inventory.importProposals.filter(keep);
}

/**
 * The keychain's listing as an import needs it (`storedCredentials` of the inventory services): each
 * device with credentials and the address they were stored with. Undefined when it cannot be listed.
 */
export async function storedCredentialAddresses(
  vault: Pick<CredentialVault, 'list'>,
): Promise<Map<string, string | undefined> | undefined> {
  try {
    const listing = await vault.list();
    return new Map(listing.devices.map((device) => [device.deviceId, device.address]));
  } catch {
    return undefined;
  }
}
