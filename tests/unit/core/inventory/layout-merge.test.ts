/**
 * A site's layout travels with its export (format version 3) and merges by its rules (layout-merge.ts):
 * racks by area and name (the larger grid kept, reported), placements by device (ours kept, reported; a
 * free slot taken), the slot pattern ours (reported); a deleted site takes its layout with it.
 */
import { describe, expect, it } from 'vitest';
import { createInventoryServices } from '../../../../electron/core/inventory/inventory-services';
import { createLayoutService } from '../../../../electron/core/layout/layout-service';
import { foundDevice, tempDataDir, testClock } from '../../../support/inventory-fixtures';
import { fakeNotes, mac } from '../../../support/layout-fixtures';

async function laptop(name: string) {
  const clock = testClock();
  const inventory = createInventoryServices({
    dataDir: tempDataDir(name),
    laptop: name,
    app: { name: 'Minerdeck', version: '0.1.0' },
    now: clock.now,
  });
  const site = await inventory.createSite({ name: 'Hall 7', use: true });
  if (!site.ok) throw new Error(site.error.message);
  await inventory.saveScan(
    undefined,
    [1, 2, 3, 4].map((i) => foundDevice(`10.0.0.${40 + i}`, { mac: mac(i) })),
  );
  const layout = createLayoutService({
    store: inventory.store,
    notes: fakeNotes(clock.now),
    now: clock.now,
    laptop: name,
  });
  return { inventory, layout };
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('layout in site export and merge', () => {
  it('merges racks by area and name and placements by device, telling each conflict', async () => {
    const a = await laptop('laptop-a');
    must(await a.layout.saveRack(undefined, { area: 'C2', name: 'R07', shelves: 4, positions: 3 }));
    must(await a.layout.saveRack(undefined, { area: 'C2', name: 'R08', shelves: 2, positions: 2 }));
    must(await a.layout.setPattern(undefined, '{area}.{rack}.{shelf}.{position}'));
    must(
      await a.layout.place(
        undefined,
        [
          { device: '10.0.0.41', slot: 'C2.R07.1.1' },
          { device: '10.0.0.42', slot: 'C2.R07.1.2' },
          { device: '10.0.0.43', slot: 'C2.R08.2.2' },
          { device: '10.0.0.44', slot: 'C2.R07.2.1' },
        ],
        false,
      ),
    );
    const exported = must(await a.inventory.exportSite());
    expect(exported.export.formatVersion).toBe(3);
    expect(exported.export.layout?.placements).toHaveLength(4);

    const b = await laptop('laptop-b');
    must(await b.layout.saveRack(undefined, { area: 'c2', name: 'r07', shelves: 5, positions: 2 }));
    must(
      await b.layout.place(
        undefined,
        [
          { device: '10.0.0.41', slot: 'c2-r07-S1-P1' },
          { device: '10.0.0.42', slot: 'C2-R07-S5-P2' },
          { device: '10.0.0.44', slot: 'C2-R07-S1-P2' },
        ],
        false,
      ),
    );
    const merged = must(await b.inventory.importText(exported.content));
    const words = merged.conflicts.map((c) => [c.field, c.address, c.local, c.incoming, c.kept]);
    expect(words).toEqual([
      [
        'rack',
        'slot pattern',
        '{area}-{rack}-S{shelf}-P{position}',
        '{area}.{rack}.{shelf}.{position}',
        'local',
      ],
      ['rack', 'c2 / r07', '5 × 2', '4 × 3', 'both'],
      ['location', 'http://10.0.0.42', 'c2-r07-S5-P2', 'c2-r07-S1-P2', 'local'],
      ['location', 'http://10.0.0.44', 'c2-r07-S1-P2', 'c2-r07-S2-P1', 'local'],
    ]);
    const view = must(await b.layout.get());
    expect(view.layout.racks.map((r) => [r.area, r.name, r.shelves, r.positions])).toEqual([
      ['c2', 'r07', 5, 3],
      ['C2', 'R08', 2, 2],
    ]);
    const r08 = view.layout.racks[1]?.id;
    expect(view.layout.placements.find((p) => p.deviceId === `mac:${mac(3)}`)).toMatchObject({
      rackId: r08,
      shelf: 2,
      position: 2,
    });
    expect(view.layout.placements).toHaveLength(4);
  });

  it('a deleted site takes its layout; a forgotten device leaves its slot', async () => {
    const a = await laptop('laptop-c');
    must(await a.layout.saveRack(undefined, { area: 'C2', name: 'R07', shelves: 1, positions: 2 }));
    must(
      await a.layout.place(
        undefined,
        [
          { device: '10.0.0.41', slot: 'C2-R07-S1-P1' },
          { device: '10.0.0.42', slot: 'C2-R07-S1-P2' },
        ],
        false,
      ),
    );
    must(await a.inventory.removeDevice(undefined, `mac:${mac(1)}`));
    expect(must(await a.layout.get()).layout.placements.map((p) => p.deviceId)).toEqual([`mac:${mac(2)}`]);
    must(await a.inventory.createSite({ name: 'Other', use: true }));
    must(await a.inventory.deleteSite('Hall 7', { confirm: true }));
    const loaded = must(await a.inventory.store.load());
    expect(loaded.layouts).toEqual([]);
  });
});
