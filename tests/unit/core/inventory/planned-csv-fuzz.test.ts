/**
 * Fuzzing the CSV import of planned devices (`import plan.csv`): whatever a spreadsheet exports — random
 * text, broken quotes, BOMs, CR/LF mixes, delimiters in cells — the parser answers a Result and never
 * throws; and any table of addresses, labels and notes written with RFC 4180 quoting (any delimiter it
 * recognises, with or without a header and a BOM) reads back exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlannedCsv } from '../../../../electron/core/inventory/targets-csv';

/** Recorded for the hardening report: 1,000 + 400 runs, about a second. */
const GARBAGE_RUNS = 1000;
const ROUND_TRIP_RUNS = 400;

const csvish = fc.string({
  unit: fc.oneof(
    fc.constantFrom(',', ';', '\t', '"', '\r', '\n', '\uFEFF', '.', ':', '/', '1', '0', 'a', ' '),
    fc.string({ unit: 'grapheme', maxLength: 1 }),
  ),
  maxLength: 200,
});

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
/** Free text a technician types: anything but leading/trailing blanks, which a CSV reader may trim. */
const text = fc.string({ maxLength: 20 }).map((s) => s.trim());

describe('planned-devices CSV import under fuzzing', () => {
  it('answers a Result for any text, never a throw', () => {
    let runs = 0;
    fc.assert(
      fc.property(csvish, (input) => {
        runs += 1;
        const result = parsePlannedCsv(input);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.error.code).toBe('INVALID_INPUT');
      }),
      { numRuns: GARBAGE_RUNS },
    );
    expect(runs).toBe(GARBAGE_RUNS);
  });

  it('reads back any quoted table of distinct addresses with their labels and notes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(ipv4, text, text), { minLength: 1, maxLength: 8, selector: ([ip]) => ip }),
        fc.constantFrom(',', ';', '\t'),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        (rows, delimiter, header, eol) => {
          const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
          const lines = rows.map((row) => row.map(quote).join(delimiter));
          const body = (header ? [['address', 'label', 'notes'].join(delimiter), ...lines] : lines).join(eol);
          const result = parsePlannedCsv(`\uFEFF${body}`);
          // Addresses come back in the inventory's form: scheme included.
          const expected = rows.map(([ip, label, notes]) => [`http://${ip}`, label, notes]);
          expect(result.ok && result.value.rows.map((r) => [r.address, r.label, r.notes])).toEqual(expected);
        },
      ),
      { numRuns: ROUND_TRIP_RUNS },
    );
  });
});
