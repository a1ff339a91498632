/**
 * The site-map CSV: Minerdeck's two shapes (racks, slots) exactly, other tools' exports by their column
 * names (said in `formatName`), BOM, CRLF, quotes and `;`, every problem by line; the place CSV.
 */
import { describe, expect, it } from 'vitest';
import { readLayoutCsv } from '../../../../electron/core/layout/layout-csv';
import { readPlaceCsv } from '../../../../electron/core/layout/place-csv';

describe('site-map CSV', () => {
  it('reads one row per rack', () => {
    const parsed = readLayoutCsv('area,rack,shelves,positions\nC2,R07,4,3\n"Hall A",R08,2,10\n');
    expect(parsed).toMatchObject({ format: 'minerdeck-racks', problems: [], slots: [] });
    expect(parsed.racks).toEqual([
      { line: 2, area: 'C2', rack: 'R07', shelves: 4, positions: 3 },
      { line: 3, area: 'Hall A', rack: 'R08', shelves: 2, positions: 10 },
    ]);
  });

  it('reads one row per slot, the device optional; BOM, CRLF, ; and quotes', () => {
    const parsed = readLayoutCsv(
      '\uFEFFArea;Rack;Shelf;Position;Device\r\nC2;R07;1;1;"YN 1001"\r\nC2;R07;1;2;\r\n',
    );
    expect(parsed.format).toBe('minerdeck-slots');
    expect(parsed.slots).toEqual([
      { line: 2, area: 'C2', rack: 'R07', shelf: 1, position: 1, device: 'YN 1001' },
      { line: 3, area: 'C2', rack: 'R07', shelf: 1, position: 2 },
    ]);
  });

  it('names every problem by its line', () => {
    const parsed = readLayoutCsv(
      'area,rack,shelves,positions\nC2,R/7,4,3\nC2,R08,0,3\nC2,R09,4,65\n,R10,1,1\nC2,R11,1,1,extra\n',
    );
    expect(parsed.problems).toEqual([
      { line: 2, message: 'the rack name "R/7" is not 1–40 characters without / \\ , or "' },
      { line: 3, message: 'the shelves "0" is not a whole number from 1 to 64' },
      { line: 4, message: 'the positions "65" is not a whole number from 1 to 64' },
      { line: 5, message: 'no area name' },
      { line: 6, message: '5 cells: a rack row has area,rack,shelves,positions' },
    ]);
    expect(parsed.racks).toEqual([]);
  });

  it("reads other tools' exports by their column names and says which", () => {
    const parsed = readLayoutCsv(
      'Container,Rack,Row,Column,SN,MAC Address\nC2,R07,1,2,YN1,\nC2,R07,2,1,,02:98:AF:00:00:12\n',
    );
    expect(parsed.format).toBe('foreign');
    expect(parsed.formatName).toBe(
      "another tool's export: Container as area, Rack as rack, Row as shelf, Column as position, SN as serial, MAC Address as mac",
    );
    expect(parsed.slots).toEqual([
      { line: 2, area: 'C2', rack: 'R07', shelf: 1, position: 2, device: 'YN1' },
      { line: 3, area: 'C2', rack: 'R07', shelf: 2, position: 1, device: '02:98:AF:00:00:12' },
    ]);
    const noArea = readLayoutCsv('rack_name;shelf;slot;serial\nR1;1;1;A\n');
    expect(noArea.formatName).toContain('(no area column: all in Main)');
    expect(noArea.slots[0]).toMatchObject({ area: 'Main', rack: 'R1', shelf: 1, position: 1, device: 'A' });
  });

  it('refuses a header it does not know, in words', () => {
    const parsed = readLayoutCsv('name,shelves\nR1,4\n');
    expect(parsed.problems[0]?.message).toContain('the header names no rack, shelf, position column');
  });
});

describe('place CSV', () => {
  it('reads device,slot with or without a header, every problem by line', () => {
    expect(readPlaceCsv('serial;slot\nYN1;C2-R07-S1-P1\n')).toEqual({
      items: [{ device: 'YN1', slot: 'C2-R07-S1-P1', line: 2 }],
      problems: [],
    });
    expect(readPlaceCsv('YN1,C2-R07-S1-P1\nYN2,\n')).toEqual({
      items: [{ device: 'YN1', slot: 'C2-R07-S1-P1', line: 1 }],
      problems: [{ line: 2, message: 'a row needs a device and a slot (no slot)' }],
    });
  });
});
