/** `pools set --pool "<url>,<worker template>[,<password>]"`: how one argument splits, and the checks. */
import { describe, expect, it } from 'vitest';
import { parsePoolArgument, poolsFromArguments } from '../../../electron/cli/commands/pools-set';

describe('--pool arguments', () => {
  it('splits at the first two commas: the password may hold commas, and may be left out', () => {
    expect(parsePoolArgument('stratum+tcp://p:3333,acct.{mac6},d=1,x', 0)).toEqual({
      ok: true,
      value: { url: 'stratum+tcp://p:3333', worker: 'acct.{mac6}', password: 'd=1,x' },
    });
    expect(parsePoolArgument('p:3333,acct.{ip4}', 0)).toEqual({
      ok: true,
      value: { url: 'p:3333', worker: 'acct.{ip4}', password: '' },
    });
  });

  it('a pool without a worker, an unknown placeholder or four pools is bad usage, naming the pool', () => {
    expect(poolsFromArguments(['p:3333'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: /--pool 1 needs a url and a worker/ },
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
