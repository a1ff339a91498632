/**
 * Pools read back (electron/core/commission/pool-read.ts): what `pools show` and a write's read-back show,
 * and the differences a write's outcome (and so the activity log) names — never a pool password, never a
 * login inside a url.
 */
import { describe, expect, it } from 'vitest';
import { poolDifferences, publicSlots } from '../../../../electron/core/commission/pool-read';

const EMPTY = { url: '', user: '', pass: '' };

describe('pools read back', () => {
  it('are shown without their passwords or the logins inside their urls', () => {
    expect(
      publicSlots([{ url: 'stratum2+tcp://me:s3cret@pool.example:3336', user: 'acct.1', pass: 'x' }, EMPTY]),
    ).toEqual([
      { url: 'stratum2+tcp://pool.example:3336', user: 'acct.1', hasPassword: true },
      { url: '', user: '', hasPassword: false },
    ]);
  });

  it('name a different url without its login', () => {
    const sent = [{ url: 'stratum+tcp://pool.example:3333', user: 'acct.1', pass: 'x' }, EMPTY, EMPTY];
    const read = [
      { url: 'stratum+tcp://me:s3cret@other.example:3333', user: 'acct.1', pass: 'x' },
      EMPTY,
      EMPTY,
    ];
    const differences = poolDifferences(sent, read);
    expect(differences).toEqual([
      'slot 1 url is "stratum+tcp://other.example:3333", not "stratum+tcp://pool.example:3333"',
    ]);
    expect(differences.join(' ')).not.toContain('s3cret');
  });
});
