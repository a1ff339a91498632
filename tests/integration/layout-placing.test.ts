/**
 * Placing devices writes their `location` notes over real HTTP to the simulator's notes API (issue 34):
 * a site map imported with serials (racks made, devices placed, notes POSTed and read back), a move
 * (PUT, the occupant's note removed), a firmware without the notes API (kept in the inventory only, said
 * so), a note written by another tool under another key left alone, one activity entry per request.
 * Real inventory file, client, session manager, vault and location notes.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import { recordScan } from '../../electron/core/inventory/devices';
import { createSite } from '../../electron/core/inventory/sites';
import { createInventoryStore } from '../../electron/core/inventory/store';
import { createLayoutService } from '../../electron/core/layout/layout-service';
import { createLocationNotes } from '../../electron/core/layout/notes/location-notes';
import { ok } from '../../shared/result';
import type { SimDevice } from '../simulator';
import { fleetPerTest } from '../support/fleet-per-test';
import { foundDevice, tempDataDir } from '../support/inventory-fixtures';
import { mac } from '../support/layout-fixtures';

const sims = fleetPerTest();

async function setup() {
  const { fleet, client } = await sims.open(
    {
      devices: [
        { mac: mac(1), serial: 'YN1001', notes: { owner: 'ACME ops' } },
        { mac: mac(2), serial: 'YN1002' },
        { mac: mac(3), serial: 'YN1003', notesApi: false },
      ],
      recordRequests: true,
    },
    { totalTimeoutMs: 3000 },
  );
  const store = createInventoryStore({ dataDir: tempDataDir('layout-sim') });
  await store.update((inventory) => {
    const site = createSite(inventory, { name: 'Hall 7' }, new Date());
    if (!site.ok) return site;
    inventory.settings.currentSiteId = site.value.id;
    const hosts = fleet.devices.map((d, i) =>
      foundDevice(d.host, { mac: mac(i + 1), serial: `YN100${i + 1}` }, { port: d.port }),
    );
    recordScan(inventory, site.value.id, hosts, new Date());
    return ok(undefined);
  });
  const vault = createVault(createMemoryStore());
  for (let i = 1; i <= 3; i += 1) await vault.setDevicePassword(`mac:${mac(i)}`, 'admin');
  const notes = createLocationNotes({ client, sessions: createSessionManager({ client, vault }) });
  const layout = createLayoutService({ store, notes, laptop: 'sim-laptop' });
  return { devices: fleet.devices as SimDevice[], layout, store };
}

const noteWrites = (d: SimDevice) =>
  d.requests.filter((r) => r.path.startsWith('/api/v1/notes') && r.method !== 'GET').map((r) => r.method);

describe('placing on simulated devices', () => {
  it('imports a site map, writes each note once, moves with PUT, keeps the place of a device without notes', async () => {
    const { devices, layout, store } = await setup();
    const [d1, d2, d3] = devices as [SimDevice, SimDevice, SimDevice];
    const csv =
      'area,rack,shelf,position,device\r\nC2,R07,1,1,YN1001\r\nC2,R07,1,2,yn1002\r\nC2,R07,2,1,YN1003\r\nC2,R07,2,2,\r\n';
    const preview = await layout.importPreview(undefined, csv);
    expect(preview.ok && preview.value).toMatchObject({
      format: 'minerdeck-slots',
      racksAdded: [{ area: 'C2', name: 'R07', shelves: 2, positions: 2 }],
      problems: [],
    });
    const imported = await layout.importApply(undefined, csv, false);
    if (!imported.ok) throw new Error(imported.error.message);
    expect(imported.value.placed.summary).toBe(
      'placed 3 of 3 devices; location written on 2; kept here only on 1 (no notes API)',
    );
    expect(d1.notes).toEqual({ owner: 'ACME ops', location: 'Hall 7 / C2-R07-S1-P1' });
    expect(d2.notes).toEqual({ location: 'Hall 7 / C2-R07-S1-P2' });
    expect(noteWrites(d1)).toEqual(['POST']);
    expect(imported.value.placed.results[2]).toMatchObject({ placed: true, note: 'unsupported' });
    expect(noteWrites(d3)).toEqual([]);
    expect(imported.value.view.layout.notes.find((n) => n.deviceId === `mac:${mac(1)}`)).toMatchObject({
      state: 'present',
      value: 'Hall 7 / C2-R07-S1-P1',
    });

    // d2 into d1's slot: asked first, then with yes: d2's note PUT, d1's note (ours) removed, d1's other note kept.
    const asked = await layout.place(undefined, [{ device: 'YN1002', slot: 'C2-R07-S1-P1' }], false);
    expect(asked.ok && asked.value.results[0]).toMatchObject({ outcome: 'occupied', placed: false });
    expect(noteWrites(d2)).toEqual(['POST']);
    const moved = await layout.place(undefined, [{ device: 'YN1002', slot: 'C2-R07-S1-P1' }], true);
    expect(moved.ok && moved.value.results[0]).toMatchObject({ placed: true, note: 'written' });
    expect(d2.notes).toEqual({ location: 'Hall 7 / C2-R07-S1-P1' });
    expect(noteWrites(d2)).toEqual(['POST', 'PUT']);
    expect(d1.notes).toEqual({ owner: 'ACME ops' });

    const inventory = await store.load();
    const entries = inventory.ok ? inventory.value.activity.filter((e) => e.action === 'location') : [];
    expect(entries.map((e) => e.devices.map((d) => d.outcome))).toEqual([
      ['done', 'done', 'skipped'],
      ['done', 'done'],
    ]);
  });

  it('a site map with a problem is applied not at all', async () => {
    const { devices, layout } = await setup();
    const csv =
      'area,rack,shelf,position,device\nC2,R07,1,1,YN1001\nC2,R07,1,2,YN1001\nC2,R/8,1,1,\nC2,R07,x,1,\n';
    const applied = await layout.importApply(undefined, csv, true);
    expect(applied.ok ? '' : applied.error.message).toBe(
      'The site map has 4 problems; nothing was applied: line 2: the file places YN1001 twice (lines 2 and 3): keep one.; line 3: the file places YN1001 twice (lines 2 and 3): keep one.; line 4: the rack name "R/8" is not 1–40 characters without / \\ , or "; line 5: the shelf "x" is not a whole number from 1 to 64.',
    );
    const view = await layout.get();
    expect(view.ok && view.value.layout.racks).toEqual([]);
    expect(devices.every((d) => noteWrites(d).length === 0)).toBe(true);
  });
});
