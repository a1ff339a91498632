/**
 * The layout channels as the window calls them, over the app's real core services (openCoreServices'
 * wiring: the layout service over the inventory, its notes through the app's client and sessions, the
 * reads of notes when devices are unlocked) and simulated devices: a rack saved, a label matched, a
 * preview, a placing that writes the note on the device, `layout:changed` told, the notes read, the
 * export, and refusals in words.
 */
import { describe, expect, it } from 'vitest';
import type { SimDevice } from '../simulator';
import { useChannelWorld } from '../support/channel-world';

describe('layout channels over the core services', () => {
  const world = useChannelWorld({
    name: 'minerdeck-layout-',
    devices: { count: 3, defaults: { password: 'admin' }, devices: [{}, {}, { notesApi: false }] },
    unlock: 'admin',
  });
  const { call, idOf, events } = world;

  it(
    'saves a rack, matches labels, previews and places, writing the note on the device',
    { timeout: 60_000 },
    async () => {
      const [a, b, c] = world.fleet.devices as [SimDevice, SimDevice, SimDevice];
      const saved = await call('layout:save-rack', {
        rack: { area: 'C2', name: 'R07', shelves: 2, positions: 2 },
      });
      if (!saved.ok) throw new Error(saved.error.message);
      expect(saved.value.unplaced).toHaveLength(3);
      const rackId = saved.value.layout.racks[0]?.id ?? '';
      const twin = await call('layout:save-rack', {
        rack: { area: 'C2', name: 'r07', shelves: 1, positions: 1 },
      });
      expect(twin.ok ? '' : twin.error.message).toBe('Area C2 already has a rack named R07.');

      expect(await call('layout:match-label', { label: 'c2-r07-s2-p1' })).toEqual({
        ok: true,
        value: { kind: 'slot', slotRef: { rackId, shelf: 2, position: 1 }, slotName: 'C2-R07-S2-P1' },
      });
      expect(await call('layout:slot-name', { slot: { rackId, shelf: 1, position: 2 } })).toEqual({
        ok: true,
        value: { name: 'C2-R07-S1-P2' },
      });
      const host = (d: SimDevice) => d.address.replace(/^https?:\/\//, '');
      const preview = await call('layout:place-preview', {
        items: [
          { device: host(a), slot: 'C2-R07-S1-P1' },
          { device: idOf(b), slot: { rackId, shelf: 1, position: 2 } },
        ],
      });
      expect(preview.ok && preview.value.map((p) => p.outcome)).toEqual(['place', 'place']);
      expect(a.notes.location).toBeUndefined();

      events.length = 0;
      const placed = await call('layout:place', {
        items: [
          { device: host(a), slot: 'C2-R07-S1-P1' },
          { device: idOf(b), slot: { rackId, shelf: 1, position: 2 } },
          { device: host(c), slot: 'C2-R07-S2-P2' },
        ],
        acceptMoves: false,
      });
      if (!placed.ok) throw new Error(placed.error.message);
      expect(placed.value.summary).toBe(
        'placed 3 of 3 devices; location written on 2; kept here only on 1 (no notes API)',
      );
      expect(a.notes.location).toBe(`Site 1 / C2-R07-S1-P1`);
      expect(b.notes.location).toBe(`Site 1 / C2-R07-S1-P2`);
      world.services.events.flush();
      expect(events.some((e) => e.type === 'layout:changed')).toBe(true);

      const read = await call('layout:read-notes', { deviceIds: [idOf(a), idOf(c)] });
      expect(
        read.ok &&
          read.value.layout.notes
            .filter((n) => n.deviceId === idOf(a) || n.deviceId === idOf(c))
            .map((n) => n.state)
            .sort(),
      ).toEqual(['present', 'unsupported']);
      const exported = await call('layout:export', {});
      expect(exported.ok && exported.value.csv.split('\r\n')[0]).toBe('area,rack,shelf,position,device');
      const removed = await call('layout:remove-rack', { rackId });
      expect(removed.ok ? '' : removed.error.message).toMatch(
        /^Rack R07 holds .* and .*: take them out before removing the rack\.$/,
      );
    },
  );
});
