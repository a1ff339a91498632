/** Planned devices from a spreadsheet: address, label, notes; edge cases of real exports. */
import { describe, expect, it } from 'vitest';
import { parsePlannedCsv } from '../../../../electron/core/inventory/targets-csv';

const parsed = (text: string) => {
  const result = parsePlannedCsv(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('parsePlannedCsv', () => {
  it('finds the columns by their header names, in any order, with quotes, a BOM and CRLF', () => {
    const text =
      '\uFEFFRack;Notes;IP Address\r\n"R1; slot 4";"PSU ""B"" loud";10.0.0.5\r\nR2;;10.0.0.6:8080\r\n';
    expect(parsed(text)).toEqual({
      rows: [
        { address: 'http://10.0.0.5', label: 'R1; slot 4', notes: 'PSU "B" loud', line: 2 },
        { address: 'http://10.0.0.6:8080', label: 'R2', notes: '', line: 3 },
      ],
      warnings: [],
    });
  });

  it('without a header: address, label, notes in that order; empty lines skipped', () => {
    expect(parsed('10.0.0.5,R1,first\n\n\nhttps://10.0.0.6:8443,R2\n').rows).toEqual([
      { address: 'http://10.0.0.5', label: 'R1', notes: 'first', line: 1 },
      { address: 'https://10.0.0.6:8443', label: 'R2', notes: '', line: 4 },
    ]);
  });

  it('keeps a note with a line break in it (a spreadsheet’s Alt+Enter)', () => {
    expect(parsed('address,label,notes\n10.0.0.5,R1,"fan 2 noisy\ncheck again"\n').rows[0]?.notes).toBe(
      'fan 2 noisy\ncheck again',
    );
  });

  it('ignores stray columns and says so; skips a repeated address and says so', () => {
    const result = parsed('address,label\n10.0.0.5,R1,oops,more\n10.0.0.6,R2,,\n10.0.0.5,R1 again\n');
    expect(result.rows.map((r) => [r.address, r.label])).toEqual([
      ['http://10.0.0.5', 'R1'],
      ['http://10.0.0.6', 'R2'],
    ]);
    expect(result.warnings).toEqual([
      'line 2: 2 extra cell(s) ignored.',
      'line 4: http://10.0.0.5 is already on line 2; this line was skipped.',
    ]);
  });

  it('refuses the whole file when an address is bad, naming every bad line', () => {
    expect(parsePlannedCsv('ip,label\n10.0.0.300,R1\n10.0.0.6,R2\n,R3\n')).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'The CSV file has bad addresses: line 2: "10.0.0.300" is neither an IPv4 address nor a host name; line 4: The device address is empty.',
      },
    });
  });

  it.each([
    ['an empty file', '\uFEFF\r\n\r\n', /no rows/],
    ['no address column', 'name,model\nminer,S19\n', /no address column/],
    ['an unclosed quote', 'ip\n"10.0.0.1\n', /line 2: a quoted cell is never closed/],
  ])('refuses %s', (_name, text, message) => {
    expect(parsePlannedCsv(text)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(message) as unknown },
    });
  });
});
