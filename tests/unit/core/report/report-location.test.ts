/**
 * The report by rack (issue 34), through the real report builder: each device's area, rack and slot from
 * the site's layout (the slot named by the site's pattern), the racks in the layout's order, the devices
 * grouped rack by rack and slot by slot with the unplaced last, the same location in the CSV and the JSON,
 * and page 1's failure lines naming the slot within their room.
 */
import { describe, expect, it } from 'vitest';
import { renderReport } from '../../../../electron/core/report/render-report';
import { handOverReportSchema } from '../../../../shared/domain/report';
import { pageOneLists, PAGE_ONE_LIMITS } from '../../../../shared/format/report-document';
import { groupCountsText, rackGrid, rackGroupsOf } from '../../../../shared/format/report-racks';
import { largeSiteReport } from '../../../support/report-site';

const LAYOUT = { racks: 4, shelves: 2, positions: 3, unplaced: 3, skipEvery: 5 };

describe('the report by rack', () => {
  const report = largeSiteReport(20, { failed: 6, unaccepted: 2, layout: LAYOUT });

  it('gives each placed device its area, rack and slot, and the unplaced none', () => {
    const first = report.devices.find((d) => d.address === 'http://10.7.0.1');
    expect(first).toMatchObject({ area: 'C1', rack: 'R01', slot: 'C1-R01-S1-P1', shelf: 1, position: 1 });
    const fifth = report.devices.find((d) => d.address === 'http://10.7.0.5');
    // Every 5th slot is left empty: the 5th device stands in the 6th slot.
    expect(fifth).toMatchObject({ rack: 'R01', slot: 'C1-R01-S2-P3', shelf: 2, position: 3 });
    const last = report.devices.find((d) => d.address === 'http://10.7.0.20');
    expect(last).toMatchObject({ area: null, rack: null, slot: null, shelf: null, position: null });
    expect(report.racks?.map((r) => `${r.area}/${r.name}`)).toEqual(['C1/R01', 'C1/R02', 'C2/R03', 'C2/R04']);
  });

  it('groups the devices rack by rack, slot by slot, the unplaced last, each once', () => {
    const groups = rackGroupsOf(report);
    expect(groups.map((g) => g.title)).toEqual([
      'C1 · R01',
      'C1 · R02',
      'C2 · R03',
      'C2 · R04',
      'Not placed in a rack',
    ]);
    expect(groups.flatMap((g) => g.devices).length).toBe(20);
    expect(groups[4]?.devices.map((d) => d.address)).toEqual([
      'http://10.7.0.18',
      'http://10.7.0.19',
      'http://10.7.0.20',
    ]);
    expect(groupCountsText(groups[0]!)).toBe('5 devices in 6 slots: 5 failed');
    const grid = rackGrid(groups[0]!.rack!, groups[0]!.devices);
    expect(grid.map((shelf) => shelf.map((d) => d?.address.slice(-2) ?? '--'))).toEqual([
      ['.1', '.2', '.3'],
      ['.4', '--', '.5'],
    ]);
    expect(rackGroupsOf(largeSiteReport(3))).toEqual([]);
  });

  it('carries the location in the CSV (area, rack, slot) and the JSON', () => {
    const csv = renderReport(report, 'csv').content.split('\r\n');
    const header = csv.find((line) => line.startsWith('address,'))?.split(',') ?? [];
    expect(header.slice(0, 5)).toEqual(['address', 'label', 'area', 'rack', 'slot']);
    expect(csv).toContainEqual(
      expect.stringMatching(/^http:\/\/10\.7\.0\.5,Rack 1 \/ slot 5,C1,R01,C1-R01-S2-P3,/),
    );
    expect(csv).toContainEqual(expect.stringMatching(/^http:\/\/10\.7\.0\.20,Rack 1 \/ slot 20,,,,/));
    const json = handOverReportSchema.parse(JSON.parse(renderReport(report, 'json').content));
    expect(json.devices.find((d) => d.address === 'http://10.7.0.5')).toMatchObject({
      area: 'C1',
      rack: 'R01',
      slot: 'C1-R01-S2-P3',
    });
    expect(json.racks).toHaveLength(4);
  });

  it('names the failed devices by their slot on page 1, within its room', () => {
    const lists = pageOneLists(report);
    expect(lists.failures[0]?.name).toBe('C1-R01-S1-P1 (10.7.0.1) · Rack 1 / slot 1');
    const many = largeSiteReport(200, { failed: 200, unaccepted: 0, layout: { racks: 10 } });
    const bounded = pageOneLists(many);
    expect(bounded.failures.length + bounded.pending.length).toBeLessThanOrEqual(PAGE_ONE_LIMITS.failures);
    expect(bounded.failuresLeft).toBe(200 - bounded.failures.length);
    expect(bounded.failedByRack).toMatch(/^Failed by rack: C1 · R01: 20; C1 · R02: 20;.* and 2 more racks$/);
  });
});
