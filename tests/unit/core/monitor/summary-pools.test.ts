import { describe, expect, it } from 'vitest';
import { summaryPools } from '../../../../electron/core/monitor/summary-pools';

const summary = (pools: unknown): unknown => ({ miner: { pools } });

describe('summary pools', () => {
  it('keeps url, worker and type; never a login in the url; skips an entry without a url', () => {
    const pools = summaryPools(
      summary([
        {
          url: 'stratum+tcp://alice:secret@pool.example:3333',
          user: 'site.a1',
          pool_type: 'UserPool',
          status: 'active',
          accepted: 5,
        },
        { user: 'orphan' },
        'not a pool',
        { url: 'pool.example:443', user: 7, pool_type: 'DevFee' },
      ]),
      undefined,
    );
    expect(pools).toEqual([
      { url: 'stratum+tcp://pool.example:3333', user: 'site.a1', type: 'UserPool' },
      { url: 'pool.example:443', type: 'DevFee' },
    ]);
    expect(JSON.stringify(pools)).not.toContain('secret');
  });

  it('answers the list it had while a summary says the same, a new one when anything changes', () => {
    const first = summaryPools(summary([{ url: 'a:1', user: 'w', accepted: 1 }]), undefined);
    // Share counters move at every summary; the pools kept do not.
    expect(summaryPools(summary([{ url: 'a:1', user: 'w', accepted: 2 }]), first)).toBe(first);
    expect(summaryPools(summary([{ url: 'a:1', user: 'x' }]), first)).toEqual([{ url: 'a:1', user: 'x' }]);
    expect(summaryPools(summary([{ url: 'a:1', user: 'w' }, { url: 'b:2' }]), first)).toHaveLength(2);
    expect(summaryPools(summary([]), first)).toEqual([]);
  });

  it('reads no pools from a summary without a pool list', () => {
    expect(summaryPools(undefined, undefined)).toEqual([]);
    expect(summaryPools({ miner: { pools: 'none' } }, undefined)).toEqual([]);
    expect(summaryPools([1, 2], undefined)).toEqual([]);
  });
});
