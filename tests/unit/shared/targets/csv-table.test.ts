/** Reading CSV as spreadsheets write it: the edge cases that break naive splitting. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readCsvTable } from '../../../../shared/domain/targets/csv-table';

const rows = (text: string) => {
  const table = readCsvTable(text);
  if (!table.ok) throw new Error(table.message);
  return table.rows;
};

describe('readCsvTable', () => {
  it('quotes: delimiters, doubled quotes and line breaks inside a quoted cell', () => {
    expect(rows('a,"b, c","say ""hi""","two\nlines"\nnext,row\n')).toEqual([
      { cells: ['a', 'b, c', 'say "hi"', 'two\nlines'], line: 1 },
      { cells: ['next', 'row'], line: 3 },
    ]);
  });

  it('a BOM, CRLF line ends (a CRLF inside quotes too), and blank lines keep their line numbers', () => {
    expect(rows('\uFEFFip,notes\r\n\r\n10.0.0.1,"a\r\nb"\r\n   \r\n10.0.0.2,\r\n')).toEqual([
      { cells: ['ip', 'notes'], line: 1 },
      { cells: ['10.0.0.1', 'a\nb'], line: 3 },
      { cells: ['10.0.0.2', ''], line: 6 },
    ]);
  });

  it('lenient where exports are sloppy: a quote inside a cell, text after a closing quote, spaces', () => {
    expect(rows(' a"b , "c"d ,  e  ')).toEqual([{ cells: ['a"b', 'cd', 'e'], line: 1 }]);
  });

  it('names the line of a quote that is never closed instead of swallowing the rest', () => {
    expect(readCsvTable('ip\n10.0.0.1\n"10.0.0.2\n10.0.0.3\n')).toEqual({
      ok: false,
      message: 'line 3: a quoted cell is never closed',
    });
  });

  it('detects the delimiter from the first line, ignoring quoted ones', () => {
    expect(detectDelimiter('name;ip;rack\n')).toBe(';');
    expect(detectDelimiter('"a;b;c",x,y\n')).toBe(',');
    expect(detectDelimiter('ip\tmodel')).toBe('\t');
    expect(detectDelimiter('10.0.0.1')).toBe(',');
  });

  it('reads back any table written with RFC 4180 quoting', () => {
    const cell = fc.string({ maxLength: 12 }).map((s) => s.trim());
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        (table) => {
          const kept = table.filter((row) => row.some((c) => c !== ''));
          const text = table
            .map((row) => row.map((c) => `"${c.replaceAll('"', '""')}"`).join(','))
            .join('\r\n');
          const read = readCsvTable(text, ',');
          expect(read.ok && read.rows.map((r) => r.cells)).toEqual(kept);
        },
      ),
    );
  });
});
