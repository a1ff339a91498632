/** CSV import: the address column is found with or without a header; errors name the file's row. */
import { describe, expect, it } from 'vitest';
import { parseTargetsCsv, parseTargetsWithCsv } from '../../../../shared/domain/targets/parse-targets';
import type { TargetSet } from '../../../../shared/domain/targets/target-set';

const hostsOf = (set: TargetSet): string[] => [...set].map((t) => t.host);

function csv(text: string, column?: string | number): string[] {
  const result = parseTargetsCsv(text, column === undefined ? {} : { column });
  if (!result.ok) throw new Error(result.error.message);
  return hostsOf(result.value);
}

describe('parseTargetsCsv', () => {
  it.each([
    [
      'a header names the column',
      'Name,IP Address,Model\nm1,10.0.0.5,S19\nm2,10.0.0.6,S21\n',
      ['10.0.0.5', '10.0.0.6'],
    ],
    ['semicolons and quotes', 'name;ip\n"rack 1; slot 2";"10.0.0.7"\n', ['10.0.0.7']],
    ['tabs', 'host\tmodel\nminer-1\tS19\n', ['miner-1']],
    [
      'no header: the first column holding addresses',
      'rack-1,10.0.0.9\nrack-2,10.0.0.8\n',
      ['10.0.0.8', '10.0.0.9'],
    ],
    ['no header, host names only', 'miner-01\nminer-02\n', ['miner-01', 'miner-02']],
    [
      'ranges and blocks in cells, blanks skipped',
      'ip\n10.0.0.0/30\n\n10.0.0.10-11\n,\n',
      ['10.0.0.1', '10.0.0.2', '10.0.0.10', '10.0.0.11'],
    ],
    ['a BOM and CRLF from a spreadsheet', '\uFEFFIP\r\n10.0.0.1\r\n10.0.0.1\r\n', ['10.0.0.1']],
  ])('%s', (_name, text, expected) => {
    expect(csv(text)).toEqual(expected);
  });

  it('takes a column by name or by number', () => {
    const text = 'mgmt,ip\n10.9.9.9,10.0.0.5\n';
    expect(csv(text, 'IP')).toEqual(['10.0.0.5']);
    expect(csv(text, 1)).toEqual(['10.9.9.9']);
  });

  it('names the row of a bad cell (header counted)', () => {
    const result = parseTargetsCsv('name,ip\nm1,10.0.0.5\n\nm3,10.0.0.300\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toBe('row 4 "10.0.0.300": 300 is not a number from 0 to 255.');
    expect(result.error.detail).toEqual({ token: '10.0.0.300', position: 4, unit: 'row' });
  });

  it.each([
    ['an empty file', '', /no rows/],
    ['a missing column', 'ip\n10.0.0.1\n', /no column is named "addr"/, 'addr'],
    ['a column past the end', 'ip\n10.0.0.1\n', /column 3 does not exist/, 3],
  ])('refuses %s', (_name, text, message, column?: string | number) => {
    const result = parseTargetsCsv(text, column === undefined ? {} : { column });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
  });

  it('joins typed targets and a CSV file into one set without duplicates', () => {
    const result = parseTargetsWithCsv(['10.0.0.5', '10.0.0.6'], 'ip\n10.0.0.6\n10.0.0.7\n');
    expect(result.ok && hostsOf(result.value)).toEqual(['10.0.0.5', '10.0.0.6', '10.0.0.7']);
  });
});
