/**
 * `pools set --pool "<url>,<worker template>"`: how one argument splits, and the checks. A pool password
 * never comes as an argument (it would be in `ps` and the shell history): a third field is bad usage.
 */
import { describe, expect, it } from 'vitest';
import { parsePoolArgument, poolsFromArguments } from '../../../electron/cli/commands/pools-set';

describe('--pool arguments', () => {
  it('splits at the comma into a url and a worker template; the password is left empty', () => {
    expect(parsePoolArgument('stratum+tcp://p:3333,acct.{mac6}', 0)).toEqual({
      ok: true,
      value: { url: 'stratum+tcp://p:3333', worker: 'acct.{mac6}', password: '' },
    });
  });

  it('refuses a third field, naming --pool-password-stdin and presets, never echoing the password', () => {
    const refused = parsePoolArgument('stratum+tcp://p:3333,acct.{mac6},pool-secret-9', 1);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^--pool 2 has a third field: .*--pool-password-stdin.*--preset NAME/),
      },
    });
    expect(JSON.stringify(refused)).not.toContain('pool-secret-9');
  });

  it('a pool without a worker, a bad url, an unknown placeholder or four pools is bad usage, naming the pool', () => {
    expect(poolsFromArguments(['p:3333'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: /--pool 1 needs a url and a worker/ },
    });
    expect(poolsFromArguments(['http://p:3333,a.{mac6}'])).toMatchObject({
      ok: false,
      error: { message: /^pool 1 URL "http:\/\/p:3333": a pool URL starts with stratum\+tcp:\/\/,/ },
    });
    expect(poolsFromArguments(['p:1,a.{mac6}', 'q:70000,b.{ip4}'])).toMatchObject({
      ok: false,
      error: { message: /^pool 2 URL "q:70000": port 70000 is out of range: use 1 to 65535\.$/ },
    });
    expect(poolsFromArguments(['p:1,a.{mac6}', 'q:2,b.{rack}'])).toMatchObject({
      ok: false,
      error: { message: /pool 2: unknown placeholder \{rack\}/ },
    });
    expect(poolsFromArguments(['a:1,w', 'b:1,w', 'c:1,w', 'd:1,w'])).toMatchObject({
      ok: false,
      error: { message: /at most 3 pools, not 4/ },
    });
  });
});
