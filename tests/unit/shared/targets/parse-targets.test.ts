/**
 * The targets parser: a table of what technicians type, good and bad, and properties over generated
 * lists (fast-check) — counts known before iterating, duplicates gone, every error naming its token and
 * position. Iteration in these tests is always bounded: a /0 must never be expanded.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIpv4, parseIpv4 } from '../../../../shared/domain/targets/ipv4';
import { parseTargets } from '../../../../shared/domain/targets/parse-targets';
import type { ScanTarget, TargetSet } from '../../../../shared/domain/targets/target-set';
import { CONFIRMATION_THRESHOLD, portsFor } from '../../../../shared/domain/targets/target-set';

function parsed(input: string | string[]): TargetSet {
  const result = parseTargets(input);
  if (!result.ok) throw new Error(`expected "${String(input)}" to parse: ${result.error.message}`);
  return result.value;
}

/** At most `limit` targets: never materialise a huge set by accident. */
function take(set: TargetSet, limit: number): ScanTarget[] {
  const out: ScanTarget[] = [];
  for (const target of set) {
    if (out.length >= limit) break;
    out.push(target);
  }
  return out;
}

const hosts = (set: TargetSet, limit = 5000): string[] => take(set, limit).map((t) => t.host);

describe('parseTargets: good inputs', () => {
  it.each([
    ['10.0.0.5', 1, ['10.0.0.5']],
    ['10.0.0.0/30', 2, ['10.0.0.1', '10.0.0.2']],
    ['10.0.0.0/31', 2, ['10.0.0.0', '10.0.0.1']],
    ['10.0.0.7/32', 1, ['10.0.0.7']],
    ['10.0.0.77/30', 2, ['10.0.0.77', '10.0.0.78']],
    ['10.0.0.10-10.0.0.12', 3, ['10.0.0.10', '10.0.0.11', '10.0.0.12']],
    ['10.0.0.10-12', 3, ['10.0.0.10', '10.0.0.11', '10.0.0.12']],
    ['10.0.0.255-10.0.1.1', 3, ['10.0.0.255', '10.0.1.0', '10.0.1.1']],
    ['10.0.0.10 - 10.0.0.11', 2, ['10.0.0.10', '10.0.0.11']],
    [
      '10.0.0.1,10.0.0.2 10.0.0.3\n10.0.0.4\t10.0.0.5',
      5,
      ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5'],
    ],
    ['10.0.0.2, 10.0.0.1, 10.0.0.2', 2, ['10.0.0.1', '10.0.0.2']],
    [
      '10.0.0.0/29 10.0.0.3-5 10.0.0.4',
      6,
      ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4', '10.0.0.5', '10.0.0.6'],
    ],
    ['Miner-07.local', 1, ['miner-07.local']],
    ['antminer antminer', 1, ['antminer']],
    ['fe80::1', 1, ['fe80::1']],
    ['[FE80::0001]:8080', 1, ['fe80::1']],
    ['10-0-0-5', 1, ['10-0-0-5']],
  ])('%j → %i targets', (input, count, expected) => {
    const set = parsed(input);
    expect(set.count).toBe(count);
    expect(hosts(set)).toEqual(expected);
  });

  it('takes the CLI’s arguments as one list', () => {
    expect(hosts(parsed(['10.0.0.1,10.0.0.2', '10.0.0.3']))).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
  });

  it('keeps :port per target and merges it with the scan’s default ports', () => {
    const set = parsed('10.0.0.5:8080 10.0.0.4-6 [::1]:8443');
    const byHost = new Map(take(set, 10).map((t) => [t.host, portsFor(t, [80, 443])]));
    expect(byHost.get('10.0.0.4')).toEqual([80, 443]);
    expect(byHost.get('10.0.0.5')).toEqual([80, 443, 8080]);
    expect(byHost.get('::1')).toEqual([8443]);
    expect(portsFor(take(parsed('10.0.0.9:8080'), 1)[0]!, [80])).toEqual([8080]);
  });

  it('knows the size of huge blocks without expanding them', () => {
    const started = performance.now();
    const everything = parsed('0.0.0.0/0 10.0.0.0/8 10.1.2.3');
    expect(everything.count).toBe(2 ** 32 - 2);
    expect(everything.segments).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(50);
    expect(hosts(everything, 2)).toEqual(['0.0.0.1', '0.0.0.2']);
  });

  it('asks for a confirmation above 65,536 addresses only', () => {
    expect(parsed('10.0.0.0-10.0.255.255').count).toBe(CONFIRMATION_THRESHOLD);
    expect(parsed('10.0.0.0-10.0.255.255').needsConfirmation).toBe(false);
    expect(parsed('10.0.0.0-10.1.0.0').needsConfirmation).toBe(true);
    expect(parsed('10.0.0.0/15').needsConfirmation).toBe(true);
  });
});

describe('parseTargets: bad inputs name the token and its position', () => {
  it.each([
    ['', undefined, /No targets given/],
    [' , \n ', undefined, /No targets given/],
    ['10.0.0.256', 1, /256 is not a number from 0 to 255/],
    ['10.0.0.1 10.0.0', 2, /4 numbers separated by dots, this has 3/],
    ['10.0.0.1 10.0.0.01', 2, /leading zero/],
    ['a b 10.0.0.0/33', 3, /"\/33" is not a prefix length/],
    ['10.0.0.0/24/8', 1, /one "\/"/],
    ['10.0.0.20-10', 1, /ends before it starts/],
    ['10.0.0.20-300', 1, /300 is not a number from 0 to 255/],
    ['10.0.0.20-', 1, /has no end/],
    ['10.0.0.20-10.0.0', 1, /at the end of the range/],
    ['10.0.0.300-310', 1, /at the start of the range/],
    ['10.0.0.5:0', 1, /not a port/],
    ['10.0.0.5:65536', 1, /not a port/],
    ['10.0.0.5:http', 1, /not a port/],
    [':80', 1, /no address before/],
    ['10.0.0.*', 1, /wildcards are not supported/],
    ['miner_07', 1, /not an IPv4 address, a block/],
    ['fe80::/64', 1, /IPv6 ranges and blocks cannot be swept/],
    ['fe80::1-fe80::9', 1, /IPv6 ranges and blocks cannot be swept/],
    ['[fe80::1', 1, /closing "\]"/],
    ['[fe80::1]x', 1, /unexpected "x"/],
    ['1::2::3', 1, /not a valid IPv6 address/],
  ])('%j', (input, position, message) => {
    const result = parseTargets(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.message).toMatch(message);
    if (position !== undefined) {
      expect(result.error.message).toMatch(new RegExp(`^item ${position} "`));
      expect(result.error.detail).toMatchObject({ position, unit: 'item' });
    }
  });
});

const ipv4 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const separator = fc.constantFrom(',', ' ', '\n', ', ', '\r\n', '\t', ' ,\n');

describe('parseTargets: properties', () => {
  it('a list of addresses becomes exactly its distinct addresses, in order', () => {
    fc.assert(
      fc.property(fc.array(ipv4, { minLength: 1, maxLength: 60 }), separator, (values, sep) => {
        const set = parsed(values.map(formatIpv4).join(sep));
        const expected = [...new Set(values)].sort((a, b) => a - b).map(formatIpv4);
        expect(set.count).toBe(expected.length);
        expect(hosts(set)).toEqual(expected);
      }),
    );
  });

  it('blocks count their hosts and yield only addresses inside them', () => {
    fc.assert(
      fc.property(ipv4, fc.integer({ min: 20, max: 32 }), (value, prefix) => {
        const set = parsed(`${formatIpv4(value)}/${prefix}`);
        const size = 2 ** (32 - prefix);
        const network = Math.floor(value / size) * size;
        expect(set.count).toBe(prefix <= 30 ? size - 2 : size);
        const numbers = hosts(set).map((h) => (parseIpv4(h) as { value: number }).value);
        expect(numbers).toHaveLength(set.count);
        expect(Math.min(...numbers)).toBe(prefix <= 30 ? network + 1 : network);
        expect(Math.max(...numbers)).toBe(prefix <= 30 ? network + size - 2 : network + size - 1);
      }),
    );
  });

  it('overlapping ranges merge into their union', () => {
    const range = fc
      .tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 300 }))
      .map(([start, length]) => [0x0a000000 + start, 0x0a000000 + start + length] as const);
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 8 }), separator, (ranges, sep) => {
        const set = parsed(ranges.map(([a, b]) => `${formatIpv4(a)}-${formatIpv4(b)}`).join(sep));
        const union = new Set<number>();
        for (const [a, b] of ranges) for (let n = a; n <= b; n += 1) union.add(n);
        expect(set.count).toBe(union.size);
        expect(hosts(set)).toEqual([...union].sort((x, y) => x - y).map(formatIpv4));
      }),
    );
  });

  it('one bad token among good ones is reported with its 1-based position', () => {
    const bad = fc.constantFrom(
      '10.0.0.999',
      'x_y',
      '10.0.0.0/40',
      '10.0.0.9-1',
      '10.0.0.1:99999',
      'fe80::/10',
    );
    fc.assert(
      fc.property(fc.array(ipv4, { minLength: 0, maxLength: 20 }), fc.nat(), bad, (values, at, token) => {
        const tokens = values.map(formatIpv4);
        const index = at % (tokens.length + 1);
        tokens.splice(index, 0, token);
        const result = parseTargets(tokens.join(' '));
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect(result.error.detail).toEqual({ token, position: index + 1, unit: 'item' });
        expect(result.error.message).toContain(`item ${index + 1} "${token}"`);
      }),
    );
  });

  it('never throws, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const result = parseTargets(text);
        if (result.ok) expect(result.value.count).toBeGreaterThan(0);
        else expect(result.error.code).toBe('INVALID_INPUT');
      }),
    );
  });
});
