/**
 * The layout service over a real inventory file and a fake notes API: racks with their refusals, the
 * placement preview's every outcome in words, placing (kept, notes written once each, one activity
 * entry), moves only when accepted, unplacing, label matching, reading and adopting notes.
 */
import { describe, expect, it } from 'vitest';
import { createLayoutService } from '../../../../electron/core/layout/layout-service';
import type { AppEvent } from '../../../../shared/ipc/events';
import { fakeNotes, layoutSites, mac } from '../../../support/layout-fixtures';

async function setup(count = 4) {
  const { store, now } = await layoutSites(count);
  const notes = fakeNotes(now);
  const events: AppEvent[] = [];
  const layout = createLayoutService({
    store,
    notes,
    now,
    laptop: 'test-laptop',
    events: { emit: (e) => events.push(e) },
  });
  const rack = await layout.saveRack(undefined, { area: 'C2', name: 'R07', shelves: 4, positions: 3 });
  if (!rack.ok) throw new Error(rack.error.message);
  return { store, notes, events, layout, rackId: rack.value.layout.racks[0]?.id ?? '' };
}

describe('layout service', () => {
  it('keeps racks, refuses a name taken in its area, a shrink past a device, removing a rack that holds one', async () => {
    const { layout, rackId } = await setup();
    const twin = await layout.saveRack(undefined, { area: 'c2', name: 'r07', shelves: 1, positions: 1 });
    expect(twin.ok ? '' : twin.error.message).toBe('Area c2 already has a rack named R07.');
    const otherArea = await layout.saveRack(undefined, { area: 'C3', name: 'R07', shelves: 1, positions: 1 });
    expect(otherArea.ok && otherArea.value.layout.areas).toEqual(['C2', 'C3']);
    await layout.place(undefined, [{ device: '10.0.0.41', slot: 'C2-R07-S3-P2' }], false);
    const shrink = await layout.saveRack(undefined, {
      id: rackId,
      area: 'C2',
      name: 'R07',
      shelves: 2,
      positions: 3,
    });
    expect(shrink.ok ? '' : shrink.error.message).toBe(
      'Rack R07 cannot shrink to 2 × 3: 10.0.0.41 (shelf 3 position 2) would be left outside. Move it first.',
    );
    const removed = await layout.removeRack(undefined, rackId);
    expect(removed.ok ? '' : removed.error.message).toBe(
      'Rack R07 holds 10.0.0.41: take it out before removing the rack.',
    );
  });

  it('refuses a slot pattern that names two slots alike', async () => {
    const { layout } = await setup();
    await layout.saveRack(undefined, { area: 'C3', name: 'R07', shelves: 1, positions: 1 });
    const clash = await layout.setPattern(undefined, '{rack}-S{shelf}-P{position}');
    expect(clash.ok ? '' : clash.error.message).toContain('names two slots "R07-S1-P1"');
    const fine = await layout.setPattern(undefined, '{area}.{rack}.{shelf:2}.{position:2}');
    expect(fine.ok && fine.value.layout.slotPattern).toBe('{area}.{rack}.{shelf:2}.{position:2}');
    const name = await layout.slotName(undefined, {
      rackId: fine.ok ? (fine.value.layout.racks[0]?.id ?? '') : '',
      shelf: 3,
      position: 2,
    });
    expect(name).toEqual({ ok: true, value: { name: 'C2.R07.03.02' } });
  });

  it('previews every outcome in words', async () => {
    const { layout } = await setup(6);
    await layout.place(
      undefined,
      [
        { device: '10.0.0.41', slot: 'C2-R07-S1-P1' },
        { device: 'SN-1001', slot: 'C2-R07-S1-P2' },
        { device: '10.0.0.43', slot: 'C2-R07-S3-P1' },
      ],
      false,
    );
    const preview = await layout.placePreview(undefined, [
      { device: mac(0x13).toLowerCase().replace(/:/g, '-'), slot: 'c2-r07-s2-p1' },
      { device: 'http://10.0.0.43', slot: 'C2-R07-S3-P1' },
      { device: 'sn-1001 ', slot: 'C2-R07-S2-P2' },
      { device: '10.0.0.45', slot: 'C2-R07-S1-P1' },
      { device: 'nothing', slot: 'C2-R07-S3-P3' },
      { device: 'SN-ELSE', slot: 'C2-R07-S3-P3' },
      { device: '10.0.0.46', slot: 'C2-R07-S9-P2' },
    ]);
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.value.map((p) => [p.outcome, p.message])).toEqual([
      ['place', '10.0.0.44 goes in C2-R07-S2-P1.'],
      ['already-there', '10.0.0.43 is already in C2-R07-S3-P1.'],
      ['move', '10.0.0.42 is in C2-R07-S1-P2 — move it to C2-R07-S2-P2?'],
      ['occupied', 'C2-R07-S1-P1 holds 10.0.0.41 — move 10.0.0.45 here?'],
      ['unknown-device', 'nothing is no device of Hall 7: scan the site, or check the label.'],
      ['not-in-site', 'SN-ELSE is a device of Hall 3, not of Hall 7.'],
      ['unknown-slot', 'C2-R07-S9-P2 is not a slot of Hall 7.'],
    ]);
    const ambiguous = await layout.placePreview(undefined, [{ device: '10.0.0', slot: 'C2-R07-S3-P3' }]);
    expect(ambiguous.ok && ambiguous.value[0]?.outcome).toBe('unknown-device');
  });

  it('refuses a device asked twice and a slot asked twice, naming the lines', async () => {
    const { layout } = await setup();
    const preview = await layout.placePreview(undefined, [
      { device: mac(0x12), slot: 'C2-R07-S1-P1', line: 4 },
      { device: '10.0.0.41', slot: 'C2-R07-S1-P3', line: 5 },
      { device: '10.0.0.42', slot: 'C2-R07-S1-P3', line: 7 },
      { device: mac(0x12), slot: 'C2-R07-S2-P1', line: 9 },
    ]);
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.value.map((p) => p.message)).toEqual([
      `the file places ${mac(0x12)} twice (lines 4 and 9): keep one.`,
      'the file puts 2 devices in C2-R07-S1-P3 (lines 5 and 7): keep one.',
      'the file puts 2 devices in C2-R07-S1-P3 (lines 5 and 7): keep one.',
      `the file places ${mac(0x12)} twice (lines 4 and 9): keep one.`,
    ]);
    expect(preview.value.every((p) => p.outcome === 'duplicate')).toBe(true);
  });

  it('places, writes each note once, keeps the read-back, one activity entry; moves only when accepted', async () => {
    const { layout, notes, store, events } = await setup();
    notes.unsupported.add('http://10.0.0.43');
    const placed = await layout.place(
      undefined,
      [
        { device: '10.0.0.41', slot: 'C2-R07-S1-P1' },
        { device: '10.0.0.42', slot: 'C2-R07-S1-P2' },
        { device: '10.0.0.43', slot: 'C2-R07-S1-P3' },
      ],
      false,
    );
    if (!placed.ok) throw new Error(placed.error.message);
    expect(placed.value.summary).toBe(
      'placed 3 of 3 devices; location written on 2; kept here only on 1 (no notes API)',
    );
    expect(placed.value.results.map((r) => [r.placed, r.note])).toEqual([
      [true, 'written'],
      [true, 'written'],
      [true, 'unsupported'],
    ]);
    expect(notes.notes.get('http://10.0.0.41')).toBe('Hall 7 / C2-R07-S1-P1');
    expect(notes.calls.filter((c) => c.op === 'write')).toHaveLength(3);
    const moved = await layout.place(undefined, [{ device: '10.0.0.44', slot: 'C2-R07-S1-P1' }], false);
    expect(moved.ok && moved.value.results[0]).toMatchObject({
      outcome: 'occupied',
      placed: false,
      note: 'not-sent',
    });
    const yes = await layout.place(undefined, [{ device: '10.0.0.44', slot: 'C2-R07-S1-P1' }], true);
    expect(yes.ok && yes.value.results[0]).toMatchObject({
      outcome: 'occupied',
      placed: true,
      note: 'written',
    });
    // The occupant left its slot: the note Minerdeck wrote on it is removed.
    expect(notes.notes.has('http://10.0.0.41')).toBe(false);
    const view = await layout.get();
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.unplaced).toEqual([`mac:${mac(0x10)}`]);
    expect(view.value.layout.notes.find((n) => n.deviceId === `mac:${mac(0x10)}`)?.state).toBe('absent');
    const inventory = await store.load();
    const entries = inventory.ok ? inventory.value.activity.filter((a) => a.action === 'location') : [];
    expect(entries).toHaveLength(2);
    expect(entries[0]?.devices.map((d) => d.outcome)).toEqual(['done', 'done', 'skipped']);
    expect(events.some((e) => e.type === 'layout:changed')).toBe(true);
  });

  it('matches labels: MAC in any form, serial, address, id, slot, ambiguous, another site, unknown', async () => {
    const { layout, store } = await setup();
    const m = async (label: string) => {
      const r = await layout.matchLabel(undefined, label);
      return r.ok ? r.value : r.error;
    };
    expect(await m('0298.af00.0011')).toMatchObject({ kind: 'device', address: '10.0.0.42' });
    expect(await m('SN: sn-1002')).toMatchObject({ kind: 'device', address: '10.0.0.43' });
    expect(await m('10.0.0.44:80')).toMatchObject({ kind: 'device', address: '10.0.0.44' });
    expect(await m(`mac:${mac(0x10)}`)).toMatchObject({ kind: 'device', address: '10.0.0.41' });
    expect(await m('c2-r07-s4-p3')).toMatchObject({ kind: 'slot', slotName: 'C2-R07-S4-P3' });
    expect(await m('SN-ELSE')).toEqual({ kind: 'not-in-site', siteName: 'Hall 3' });
    expect(await m('nothing here')).toEqual({ kind: 'unknown' });
    await store.update((inventory) => {
      const twin = inventory.devices.find((d) => d.address === 'http://10.0.0.44');
      if (twin !== undefined) twin.identity.serial = 'SN-1000';
      return { ok: true, value: undefined };
    });
    expect(await m('SN-1000')).toMatchObject({
      kind: 'ambiguous',
      candidates: [{ address: '10.0.0.41' }, { address: '10.0.0.44' }],
    });
  });

  it('reads notes, and adopts the place a note names when free', async () => {
    const { layout, notes } = await setup();
    notes.notes.set('http://10.0.0.42', 'Hall 7 / C2-R07-S2-P2');
    notes.notes.set('http://10.0.0.43', 'Hall 3 / A1-R02-S1-P4');
    const read = await layout.readNotes(undefined, [`mac:${mac(0x11)}`, `mac:${mac(0x12)}`]);
    expect(read.ok && read.value.layout.notes.map((n) => n.value)).toEqual([
      'Hall 7 / C2-R07-S2-P2',
      'Hall 3 / A1-R02-S1-P4',
    ]);
    const adopted = await layout.adoptNote(undefined, `mac:${mac(0x11)}`);
    expect(adopted.ok && adopted.value.results[0]).toMatchObject({
      placed: true,
      slotName: 'C2-R07-S2-P2',
      note: 'unchanged',
    });
    const elsewhere = await layout.adoptNote(undefined, `mac:${mac(0x12)}`);
    expect(elsewhere.ok ? '' : elsewhere.error.message).toBe(
      'Its note says Hall 3 / A1-R02-S1-P4: a place in Hall 3, not in Hall 7.',
    );
  });

  it('unplaces, removing only the note Minerdeck wrote', async () => {
    const { layout, notes } = await setup();
    await layout.place(
      undefined,
      [
        { device: '10.0.0.41', slot: 'C2-R07-S1-P1' },
        { device: '10.0.0.42', slot: 'C2-R07-S1-P2' },
      ],
      false,
    );
    notes.notes.set('http://10.0.0.42', 'written by someone else');
    const out = await layout.unplace(undefined, [`mac:${mac(0x10)}`, `mac:${mac(0x11)}`, `mac:${mac(0x13)}`]);
    if (!out.ok) throw new Error(out.error.message);
    expect(out.value.results.map((r) => [r.outcome, r.note])).toEqual([
      ['move', 'written'],
      ['move', 'unchanged'],
      ['already-there', 'not-sent'],
    ]);
    expect(notes.notes.get('http://10.0.0.42')).toBe('written by someone else');
    expect(notes.notes.has('http://10.0.0.41')).toBe(false);
  });

  it(
    'places a hall of 2,000 devices in one request, each note written once',
    { timeout: 120_000 },
    async () => {
      const { store, now } = await layoutSites(2000);
      const notes = fakeNotes(now);
      const layout = createLayoutService({ store, notes, now, laptop: 'test-laptop' });
      for (let r = 1; r <= 20; r += 1) {
        const saved = await layout.saveRack(undefined, {
          area: 'C1',
          name: `R${r}`,
          shelves: 10,
          positions: 10,
        });
        if (!saved.ok) throw new Error(saved.error.message);
      }
      const items = Array.from({ length: 2000 }, (_, i) => ({
        device: `SN-${1000 + i}`,
        slot: `C1-R${Math.floor(i / 100) + 1}-S${Math.floor((i % 100) / 10) + 1}-P${(i % 10) + 1}`,
      }));
      const started = performance.now();
      const placed = await layout.place(undefined, items, false);
      const ms = performance.now() - started;
      if (!placed.ok) throw new Error(placed.error.message);
      expect(placed.value.summary).toBe('placed 2000 of 2000 devices; location written on 2000');
      expect(notes.calls.filter((c) => c.op === 'write')).toHaveLength(2000);
      console.log(`placing 2,000 devices (fake notes): ${Math.round(ms)} ms`);
      expect(ms).toBeLessThan(30_000);
    },
  );
});
