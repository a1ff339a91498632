/**
 * The rack map's pure parts (issue 34): which look a slot takes (the most urgent that holds, colour never
 * alone: every look but plain mining and empty has a glyph), the one-line summary, racks grouped by area
 * in the site's order, each placed device's slot name and sort key, the "where" filter, each rack's look
 * string with filtered-out devices marked, main's refusals mapped to the editor's fields, and devices
 * named by their slot.
 */
import { describe, expect, it } from 'vitest';
import type { Rack, SiteLayout } from '../../../shared/domain/layout';
import { namedWithSlot, placedLine } from '../../../shared/format/device-place-text';
import { mapCells } from '../../../renderer/src/features/racks/rack-cells';
import { lookCounts } from '../../../renderer/src/features/racks/rack-legend';
import {
  SLOT_LOOK_IDS,
  SLOT_LOOKS,
  slotLookOf,
  slotSummaryText,
} from '../../../renderer/src/features/racks/slot-looks';
import { visibleRows } from '../../../renderer/src/features/fleet/visible-rows';
import { locationsOf, matchesPlace, racksByArea } from '../../../renderer/src/lib/rack-layout';
import { fieldOfError } from '../../../renderer/src/stores/layout-slice';
import { englishTranslator } from '../../../shared/i18n/translate';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { toRow } from '../../../renderer/src/stores/fleet-rows';

const NOW = '2026-11-29T04:00:00.000Z';

function row(id: string, patch: Partial<FleetRow> = {}): FleetRow {
  const base = toRow({
    deviceId: id,
    address: `http://10.0.0.${id.replace(/\D/g, '') || '1'}`,
    identity: { mac: null, hostname: null, model: 'Antminer S21', firmware: null, serial: null },
    credentials: { password: 'site', apiKey: true },
  });
  return { ...base, state: 'online', reason: 'mining', minerState: 'mining', hashRate: 2e14, ...patch };
}

const rack = (id: string, area: string, name: string, shelves = 2, positions = 3): Rack => ({
  id,
  area,
  name,
  shelves,
  positions,
});

function layout(patch: Partial<SiteLayout> = {}): SiteLayout {
  return {
    siteId: 'site-1',
    slotPattern: '{area}-{rack}-S{shelf}-P{position}',
    areas: ['C2', 'C1'],
    racks: [rack('r1', 'C1', 'R01'), rack('r2', 'C2', 'R07'), rack('r3', 'Yard', 'Y1', 1, 2)],
    placements: [
      { rackId: 'r2', shelf: 2, position: 3, deviceId: 'd41', placedAt: NOW },
      { rackId: 'r1', shelf: 1, position: 1, deviceId: 'd2', placedAt: NOW },
      { rackId: 'r2', shelf: 1, position: 2, deviceId: 'd3', placedAt: NOW },
    ],
    notes: [],
    updatedAt: NOW,
    ...patch,
  };
}

describe('a slot’s look', () => {
  it('takes the most urgent that holds', () => {
    const hotFailing = row('d1', { alerts: ['temperature', 'failure'] });
    expect(slotLookOf(row('d1', { state: 'offline', alerts: ['failure'] }))).toBe('offline');
    expect(slotLookOf(hotFailing)).toBe('failure');
    expect(slotLookOf(row('d1', { minerState: 'failure' }))).toBe('failure');
    expect(slotLookOf(row('d1', { state: 'error' }))).toBe('failure');
    expect(slotLookOf(row('d1'), { verdict: { verdict: 'fail' } })).toBe('failure');
    expect(slotLookOf(row('d1', { alerts: ['temperature'] }), { verdict: { verdict: 'pass' } })).toBe('hot');
    expect(slotLookOf(row('d1', { state: 'needs-password' }))).toBe('locked');
    expect(slotLookOf(row('d1', { minerState: 'auto-tuning' }))).toBe('settling');
    expect(slotLookOf(row('d1', { state: 'rebooting' }))).toBe('settling');
    expect(slotLookOf(row('d1'), { phase: { phase: 'settling' } })).toBe('settling');
    const differs = { status: 'differs', words: ['pools differ'] } as never;
    expect(slotLookOf(row('d1'), { drift: differs, verdict: { verdict: 'pass' } })).toBe('drift');
    const pendingOnly = { status: 'differs', words: ['tuning, judge again later'] } as never;
    expect(slotLookOf(row('d1'), { drift: pendingOnly })).toBe('settling');
    expect(slotLookOf(row('d1'), { verdict: { verdict: 'pass' } })).toBe('accepted');
    expect(slotLookOf(row('d1'))).toBe('mining');
    expect(slotLookOf(row('d1', { state: 'not-watched' }))).toBe('idle');
  });

  it('never says it by colour alone: a glyph for every look but plain mining and an empty slot', () => {
    for (const id of SLOT_LOOK_IDS) {
      if (id === 'mining' || id === 'empty') continue;
      expect(SLOT_LOOKS[id].glyph, id).not.toBe('');
    }
    expect(new Set(SLOT_LOOK_IDS.map((id) => SLOT_LOOKS[id].glyph)).size).toBe(SLOT_LOOK_IDS.length - 1);
  });

  it('reads in one line on hover: slot, address, model, hash rate, look', () => {
    expect(
      slotSummaryText(englishTranslator(), 'C2-R07-S2-P3', row('d41', { alerts: ['temperature'] }), 'hot'),
    ).toBe('C2-R07-S2-P3 · 10.0.0.41 · Antminer S21 · 200.00 TH/s · Hot');
    expect(slotSummaryText(englishTranslator(), 'C2-R07-S1-P1', undefined, 'empty')).toBe(
      'C2-R07-S1-P1 · empty',
    );
  });
});

describe('the layout as the window reads it', () => {
  it('groups racks by area in the site’s order, then areas the list lacks', () => {
    expect(racksByArea(layout()).map((g) => [g.area, g.racks.map((r) => r.name)])).toEqual([
      ['C2', ['R07']],
      ['C1', ['R01']],
      ['Yard', ['Y1']],
    ]);
  });

  it('names each placed device’s slot and sorts slots as they stand', () => {
    const where = locationsOf(layout({ slotPattern: '{rack}.{shelf:2}.{position}' }));
    expect(where['d41']).toMatchObject({ slot: 'R07.02.3', area: 'C2', rackId: 'r2', rack: 'R07' });
    const order = Object.entries(where)
      .sort(([, a], [, b]) => (a.key < b.key ? -1 : 1))
      .map(([id]) => id);
    // C2 comes first in the site's areas: its R07 S1-P2, then S2-P3; then C1's R01.
    expect(order).toEqual(['d3', 'd41', 'd2']);
  });

  it('filters by area, rack or no slot, in the fleet table and on the map alike', () => {
    const where = locationsOf(layout());
    const rows = [row('d41', { location: where['d41'] }), row('d2', { location: where['d2'] }), row('d9')];
    const ids = (place: string): string[] =>
      visibleRows({ rows, filter: { text: '', state: 'all', place: place as never } }).map((r) => r.id);
    expect(ids('area:C2')).toEqual(['d41']);
    expect(ids('rack:r1')).toEqual(['d2']);
    expect(ids('unplaced')).toEqual(['d9']);
    expect(ids('')).toEqual(['d41', 'd2', 'd9']);
    // The search finds a slot by its name too.
    expect(visibleRows({ rows, filter: { text: 'c1-r01', state: 'all' } }).map((r) => r.id)).toEqual(['d2']);
    expect(matchesPlace(undefined, 'area:C2')).toBe(false);
  });

  it('gives each rack its looks, shelf by shelf, filtered-out devices in upper case', () => {
    const rows = [row('d41', { state: 'offline' }), row('d2'), row('d3', { alerts: ['temperature'] })];
    const inputs = {
      layout: layout(),
      rows,
      shown: rows.filter((r) => r.id !== 'd2'),
      place: '' as const,
      drift: {},
      verdicts: {},
      phases: {},
    };
    const areas = mapCells(inputs);
    const codes = Object.fromEntries(areas.flatMap((g) => g.racks.map((r) => [r.rack.name, r.codes])));
    expect(codes).toEqual({ R07: 'eheeeo', R01: 'Meeeee', Y1: 'ee' });
    expect(lookCounts(areas)).toMatchObject({ offline: 1, hot: 1, mining: 1, empty: 11 });
    expect(mapCells({ ...inputs, place: 'area:C1' }).map((g) => g.area)).toEqual(['C1']);
  });
});

describe('main’s refusals at the editor’s fields, and devices named by their slot', () => {
  it('finds the field a refusal is about', () => {
    const refusal = (message: string, detail?: Record<string, unknown>) => ({
      code: 'INVALID_INPUT' as const,
      message,
      ...(detail !== undefined ? { detail } : {}),
    });
    expect(fieldOfError(refusal('a rack named R07 is already in C2'), 'name')).toBe('name');
    expect(fieldOfError(refusal('shelf 5 holds 10.0.0.41: move it first'), 'shelves')).toBe('shelves');
    expect(fieldOfError(refusal('position 4 holds 10.0.0.41'), 'shelves')).toBe('positions');
    expect(fieldOfError(refusal('anything', { field: 'area' }), 'name')).toBe('area');
    expect(fieldOfError(refusal('two slots would be named R1.1.1'), 'pattern')).toBe('pattern');
  });

  it('names a device by its slot with the address in brackets, by its address without one', () => {
    expect(placedLine('http://10.0.0.41', 'C2-R07-S3-P2', 'chip 92 °C')).toBe(
      'C2-R07-S3-P2 (10.0.0.41): chip 92 °C',
    );
    expect(namedWithSlot('http://10.0.0.41:8080', undefined)).toBe('10.0.0.41:8080');
  });
});
