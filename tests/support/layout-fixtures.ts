/**
 * A data folder with a site "Hall 7" of devices (10.0.0.41…), another site "Hall 3" with one device, and a
 * fake LocationNotes that keeps notes in memory and records every call — for the layout's unit tests.
 */
import type { LocationNote, NoteWriteOutcome } from '../../shared/domain/layout';
import { ok } from '../../shared/result';
import { recordScan } from '../../electron/core/inventory/devices';
import { createSite } from '../../electron/core/inventory/sites';
import { createInventoryStore } from '../../electron/core/inventory/store';
import type { InventoryStore } from '../../electron/core/inventory/store';
import type { LocationNotes, LocationNoteTarget } from '../../electron/core/layout/location-notes-port';
import { foundDevice, tempDataDir, testClock } from './inventory-fixtures';

export const mac = (n: number): string => `02:98:AF:00:00:${n.toString(16).toUpperCase().padStart(2, '0')}`;

export async function layoutSites(count = 4): Promise<{ store: InventoryStore; now: () => Date }> {
  const clock = testClock();
  const store = createInventoryStore({ dataDir: tempDataDir('layout'), now: clock.now });
  const made = await store.update((inventory) => {
    const other = createSite(inventory, { name: 'Hall 3' }, clock.now());
    const site = createSite(inventory, { name: 'Hall 7' }, clock.now());
    if (!site.ok || !other.ok) return site.ok ? other : site;
    inventory.settings.currentSiteId = site.value.id;
    const hosts = Array.from({ length: count }, (_, i) =>
      foundDevice(`10.0.0.${41 + i}`, { mac: mac(0x10 + i), serial: `SN-${1000 + i}` }),
    );
    recordScan(inventory, site.value.id, hosts, clock.now());
    recordScan(
      inventory,
      other.value.id,
      [foundDevice('10.0.3.9', { mac: mac(0x90), serial: 'SN-ELSE' })],
      clock.now(),
    );
    return ok(undefined);
  });
  if (!made.ok) throw new Error(made.error.message);
  return { store, now: clock.now };
}

export interface FakeNotes extends LocationNotes {
  notes: Map<string, string>;
  calls: { op: 'write' | 'remove' | 'read'; address: string; value?: string }[];
  /** Addresses whose firmware has no notes API, or whose write fails. */
  unsupported: Set<string>;
  failing: Set<string>;
}

export function fakeNotes(now: () => Date = () => new Date()): FakeNotes {
  const notes = new Map<string, string>();
  const unsupported = new Set<string>();
  const failing = new Set<string>();
  const calls: FakeNotes['calls'] = [];
  const at = () => now().toISOString();
  const noteOf = (t: LocationNoteTarget): LocationNote => {
    if (unsupported.has(t.address)) return { deviceId: t.deviceId, state: 'unsupported', readAt: at() };
    const value = notes.get(t.address);
    return value === undefined
      ? { deviceId: t.deviceId, state: 'absent', readAt: at() }
      : { deviceId: t.deviceId, state: 'present', value, readAt: at() };
  };
  return {
    notes,
    calls,
    unsupported,
    failing,
    async write(target, value) {
      calls.push({ op: 'write', address: target.address, value });
      let outcome: NoteWriteOutcome = 'written';
      if (unsupported.has(target.address)) outcome = 'unsupported';
      else if (failing.has(target.address))
        return { outcome: 'failed', message: 'the device answered 500', note: noteOf(target) };
      else if (notes.get(target.address) === value) outcome = 'unchanged';
      else notes.set(target.address, value);
      return { outcome, note: noteOf(target) };
    },
    async remove(target, expected) {
      calls.push({ op: 'remove', address: target.address, value: expected });
      if (notes.get(target.address) !== expected) return { outcome: 'unchanged' };
      notes.delete(target.address);
      return { outcome: 'written' };
    },
    async read(target) {
      calls.push({ op: 'read', address: target.address });
      return noteOf(target);
    },
  };
}
