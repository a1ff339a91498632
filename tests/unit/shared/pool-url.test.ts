/**
 * Pool URLs (shared/domain/pool-url.ts): the one check of a typed URL, the one way a login in a URL is cut,
 * and how a listed pool reads, the firmware's fee pool named as the firmware's (shared/format/pool-text.ts).
 */
import { describe, expect, it } from 'vitest';
import { FEE_POOL_WORDS, isFirmwareFeePool } from '../../../shared/domain/fee-pool';
import {
  bodyWithoutPoolLogins,
  checkPoolUrl,
  withoutLogin,
  withoutLoginsIn,
} from '../../../shared/domain/pool-url';
import { listedPoolText } from '../../../shared/format/pool-text';

describe('checkPoolUrl', () => {
  it.each([
    'pool.example:3333',
    'stratum+tcp://pool.example:3333',
    'STRATUM+TCP://Pool.Example:3333',
    'stratum+ssl://pool.example:443',
    'stratum2+tcp://v2.pool.example:3336',
    'stratum+tcp://10.0.0.1:1',
    'stratum+tcp://[2001:db8::1]:65535',
    '  eu.stratum.braiins.com:3333  ',
  ])('takes %s', (url) => {
    expect(checkPoolUrl(url)).toEqual({ ok: true, url: url.trim() });
  });

  it.each([
    ['', "give the pool's URL (stratum+tcp://host:port)"],
    ['pool.example:3333, backup:3333', 'a URL has no spaces or commas'],
    ['pool\u001b[2J:3333', 'a URL has no control characters'],
    ['pool\u202e:3333', 'a URL has no control characters'],
    [
      'http://pool:3333',
      'a pool URL starts with stratum+tcp://, stratum+ssl:// or stratum2+tcp:// (or none: host:port), not "http://"',
    ],
    [
      '://pool:3333',
      'a pool URL starts with stratum+tcp://, stratum+ssl:// or stratum2+tcp:// (or none: host:port), not "://"',
    ],
    ['pool.example:99999', 'port 99999 is out of range: use 1 to 65535'],
    ['pool.example:0', 'port 0 is out of range: use 1 to 65535'],
    ['pool.example:33a', '"33a" is not a port: use a number from 1 to 65535'],
    ['pool.example', 'the URL has no port: add it, e.g. pool.example:3333'],
    ['stratum+tcp://pool.example:', 'the URL has no port: add it, e.g. pool.example:3333'],
    ['stratum+tcp://:3333', 'the URL has no host name or address before the port'],
    ['stratum+tcp://pool_1!:3333', '"pool_1!" is not a host name or an IP address'],
    ['300.1.1.1:3333', '"300.1.1.1" is not an IP address (four numbers from 0 to 255)'],
    ['2001:db8::1:3333', 'an IPv6 address goes in brackets, e.g. [2001:db8::1]:3333'],
    ['[2001:db8::1:3333', 'the IPv6 address is missing its closing "]"'],
    ['[zz::1]:3333', '"zz::1" is not an IPv6 address'],
    ['stratum+tcp://pool.example:3333/mine', 'a pool URL ends with its port: remove "/mine"'],
    [
      'stratum+tcp://acct:s3cret@pool.example:3333',
      'a pool URL takes no login (user:password@): give the worker and the password as the pool’s worker and password',
    ],
  ])('refuses "%s": %s', (url, problem) => {
    expect(checkPoolUrl(url)).toEqual({ ok: false, problem });
  });
});

describe('withoutLogin', () => {
  it.each([
    ['stratum+tcp://user:secret@host:3333', 'stratum+tcp://host:3333'],
    ['stratum2+tcp://user:secret@host:3336', 'stratum2+tcp://host:3336'],
    ['stratum+ssl://user@host:443', 'stratum+ssl://host:443'],
    ['user:secret@host:3333', 'host:3333'],
    // A password holding "@" or "/" is cut whole.
    ['stratum+tcp://user:p@ss/w0rd@host:3333', 'stratum+tcp://host:3333'],
    ['stratum+tcp://host:3333', 'stratum+tcp://host:3333'],
    ['DevFee', 'DevFee'],
    ['', ''],
  ])('%s → %s', (url, shown) => {
    expect(withoutLogin(url)).toBe(shown);
    expect(withoutLogin(shown)).toBe(shown);
  });

  it('cuts the logins of a raw body’s pools, and returns a body without any as it is', () => {
    const body = {
      miner: { pools: [{ url: 'stratum+tcp://u:pw@a:1', user: 'u' }, { url: 'b:2' }], hr: 1 },
      other: true,
    };
    expect(bodyWithoutPoolLogins(body)).toEqual({
      miner: { pools: [{ url: 'stratum+tcp://a:1', user: 'u' }, { url: 'b:2' }], hr: 1 },
      other: true,
    });
    expect(body.miner.pools[0]!.url).toBe('stratum+tcp://u:pw@a:1');
    const clean = { miner: { pools: [{ url: 'b:2' }] } };
    expect(bodyWithoutPoolLogins(clean)).toBe(clean);
    for (const odd of [undefined, null, 'x', [], { miner: 1 }, { miner: { pools: 'x' } }]) {
      expect(bodyWithoutPoolLogins(odd)).toBe(odd);
    }
  });
});

describe('withoutLoginsIn (free text)', () => {
  it.each([
    [
      'pools set: pool 1 stratum+tcp://user:secret@host:3333 worker w1; pool 2 user:pw2@backup:443',
      'pools set: pool 1 stratum+tcp://host:3333 worker w1; pool 2 backup:443',
    ],
    ['url "stratum2+tcp://u:p@ss@h:3336" refused', 'url "stratum2+tcp://h:3336" refused'],
    ['(stratum+ssl://u:s@h:443)', '(stratum+ssl://h:443)'],
    // Not a login: no colon before the "@".
    ['mail ops@example.com', 'mail ops@example.com'],
    ['rebooted 3 devices', 'rebooted 3 devices'],
  ])('%s → %s', (text, shown) => {
    expect(withoutLoginsIn(text)).toBe(shown);
    expect(withoutLoginsIn(shown)).toBe(shown);
  });
});

describe('the firmware’s fee pool', () => {
  it('is told by pool_type, else by the url older firmware gives it', () => {
    expect(isFirmwareFeePool({ url: 'DevFee', type: 'DevFee' })).toBe(true);
    expect(isFirmwareFeePool({ url: 'fee.example:3333', type: 'devfee' })).toBe(true);
    expect(isFirmwareFeePool({ url: 'DevFee' })).toBe(true);
    expect(isFirmwareFeePool({ url: 'DevFee', type: 'UserPool' })).toBe(false);
    expect(isFirmwareFeePool({ url: 'stratum+tcp://pool:3333' })).toBe(false);
  });

  it('reads as the firmware’s; any other pool as its url without a login', () => {
    expect(listedPoolText({ url: 'DevFee', type: 'DevFee' })).toBe(`${FEE_POOL_WORDS} (DevFee)`);
    expect(listedPoolText({ url: 'stratum+tcp://u:pw@pool:3333', type: 'UserPool' })).toBe(
      'stratum+tcp://pool:3333',
    );
  });
});
