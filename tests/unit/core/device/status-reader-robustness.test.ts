import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatus } from '../../../../electron/core/device/status-reader';
import { expectSound } from './fakes/reading-assertions';

function deeplyNested(levels: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

describe('readStatus never throws on odd bodies', () => {
  const odd: [string, unknown][] = [
    ['{}', {}],
    ['[]', []],
    ['null', null],
    ['a string', 'mining'],
    ['an empty string', ''],
    ['a number', 42],
    ['a boolean', true],
    ['huge numbers', { miner_state_time: 1e308, x: 1.7976931348623157e308, y: -1e308 }],
    ['infinite numbers', { miner_state_time: Infinity, other: -Infinity, n: NaN }],
    ['an overflowing number from JSON', JSON.parse('{"miner_state_time": 1e400, "z": -1e999}') as unknown],
    ['undefined', undefined],
    ['a bigint', { miner_state_time: 10n, big: 10n }],
    ['a prototype-less object', Object.assign(Object.create(null) as object, { miner_state: 'mining' })],
    ['inherited names as fields', { toString: 'x', constructor: 5, hasOwnProperty: null }],
  ];

  it.each(odd)('%s in every slot', (_name, body) => {
    expectSound(readStatus(body));
    expectSound(readStatus({}, body));
    expectSound(readStatus({}, { miner: body }));
    expectSound(readStatus({}, undefined, body));
    expectSound(readStatus({}, undefined, { system: body }));
  });

  it('reads Infinity and NaN as absent numbers', () => {
    const reading = readStatus(
      { miner_state: 'mining', miner_state_time: Infinity },
      { miner: { hr_realtime: NaN } },
    );
    expect(reading.state.sinceSeconds).toBeUndefined();
    expect(reading.hashRate).toBeUndefined();
    expect(reading.warnings).toContain('miner_state_time is Infinity, not a number');
  });

  it.each(['object', 'array'] as const)('10,000 levels of %s nesting everywhere', (kind) => {
    const deep = deeplyNested(10_000, kind);
    const reading = readStatus(
      { miner_state: 'mining', nested: deep },
      { miner: { cooling: { fans: deep }, chains: [deep], chip_temp: deep } },
      { system: { network_status: deep } },
    );
    expectSound(reading);
    expect(reading.state.name).toBe('mining');
    expect(reading.warnings).toContain('nested is nested deeper than 16 levels; the rest is left out');
    expectSound(readStatus(deep, deep, deep));
  });

  it('a 10,000-deep body parsed from text', () => {
    const text = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const body = JSON.parse(text) as unknown;
    expectSound(readStatus(body, body, body));
    expectSound(readStatus({ deep: body }));
  });

  it('caps the number of warnings', () => {
    const fans = Array.from({ length: 10_000 }, () => 'not a fan');
    const reading = readStatus({}, { miner: { cooling: { fans } } });
    expectSound(reading);
    expect(reading.warnings.length).toBeLessThanOrEqual(51);
    expect(reading.warnings.at(-1)).toMatch(/more warnings left out/);
  });

  it('arbitrary JSON in every slot (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), (status, summaryBody, info) => {
        expectSound(readStatus(status, summaryBody, info));
      }),
      { numRuns: 300 },
    );
  });

  it('arbitrary values of any JS type (fast-check)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (status, summaryBody, info) => {
        expectSound(readStatus(status, summaryBody, info));
      }),
      { numRuns: 300 },
    );
  });

  it('the known fields with arbitrary values (fast-check)', () => {
    const statusKeys = [
      'miner_state',
      'miner_state_time',
      'find_miner',
      'unlocked',
      'failure_code',
      'description',
    ];
    const minerKeys = ['hr_realtime', 'chip_temp', 'pcb_temp', 'cooling', 'pools', 'chains', 'miner_status'];
    const anyJson = fc.jsonValue({ maxDepth: 4 });
    const entry = fc.dictionary(
      fc.constantFrom(
        'url',
        'rpm',
        'id',
        'status',
        'hashrate_rt',
        'chip_temp',
        'min',
        'max',
        'state',
        'fans',
      ),
      anyJson,
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...statusKeys), anyJson),
        fc.dictionary(fc.constantFrom(...minerKeys), fc.oneof(anyJson, fc.array(entry), entry)),
        fc.dictionary(fc.constantFrom('miner', 'fw_name', 'hr_measure', 'system', 'serial'), anyJson),
        (status, miner, info) => {
          expectSound(readStatus(status, { miner }, info));
        },
      ),
      { numRuns: 500 },
    );
  });
});
