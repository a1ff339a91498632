/**
 * When an updated device counts as verified, and the words of every other ending
 * (electron/core/firmware/verdict.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  durationWords,
  isMining,
  minerStateWords,
  notBackWords,
  notMiningWords,
  refusedWords,
  verifiedWords,
  versionProblem,
} from '../../../../electron/core/firmware/verdict';

const before = { version: '1.2.6', mining: true };

describe('firmware verdict', () => {
  it('a new version is the update; the old one after a reboot is the field fault; --expect-version must match', () => {
    expect(versionProblem(before, '1.2.7', undefined)).toBeUndefined();
    expect(versionProblem(before, '1.2.7', '1.2.7')).toBeUndefined();
    expect(versionProblem(before, '1.2.6', undefined)).toBe('still on 1.2.6 after the update');
    expect(versionProblem(before, '1.2.6', '1.2.7')).toBe('still on 1.2.6 after the update');
    expect(versionProblem(before, '1.2.8', '1.2.7')).toBe('back on 1.2.8, not on the expected 1.2.7');
  });

  it('mining again means hashing: mining or tuning; starting, stopped and failure are not', () => {
    expect(isMining({ name: 'mining' })).toBe(true);
    expect(isMining({ name: 'auto-tuning' })).toBe(true);
    for (const name of ['initializing', 'starting', 'stopped', 'failure', 'shutting-down', 'something-new']) {
      expect(isMining({ name }), name).toBe(false);
    }
    expect(isMining(undefined)).toBe(false);
  });

  it('every ending in words a technician reads', () => {
    expect(refusedWords('Not enough memory')).toBe('upload refused: Not enough memory');
    expect(notBackWords(15 * 60_000)).toBe('did not come back within 15 min');
    expect(notBackWords(90_000)).toBe('did not come back within 1.5 min');
    expect(notBackWords(3000)).toBe('did not come back within 3 s');
    expect(notMiningWords('1.2.7', { name: 'failure', description: 'fan lost' })).toBe(
      'back on 1.2.7 but not mining (failure: fan lost)',
    );
    expect(notMiningWords('1.2.7', { name: 'failure' })).toBe(
      'back on 1.2.7 but not mining (failure: no description given)',
    );
    expect(notMiningWords('1.2.7', { name: 'stopped' })).toBe(
      'back on 1.2.7 but not mining (it reports stopped)',
    );
    expect(notMiningWords('1.2.7', undefined, 'answered 500')).toBe(
      'back on 1.2.7 but not mining (its state could not be read: answered 500)',
    );
    expect(minerStateWords(undefined)).toBe('it reports no miner state');
    expect(verifiedWords(before, '1.2.7')).toBe('verified: 1.2.6 → 1.2.7, mining again');
    expect(verifiedWords({ version: '1.2.6', mining: false }, '1.2.7')).toBe('verified: 1.2.6 → 1.2.7');
    expect(durationWords(120_000)).toBe('2 min');
  });
});
