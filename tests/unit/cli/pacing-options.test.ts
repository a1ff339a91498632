/** The pacing flags of `firmware upgrade` and `standard set`, read alike; the pacing in words. */
import { describe, expect, it } from 'vitest';
import { pacingFromOptions } from '../../../electron/cli/commands/pacing-options';
import { pacingWords } from '../../../shared/format/pacing-text';

describe('pacing flags', () => {
  it('reads what is given, nothing else', () => {
    expect(pacingFromOptions({})).toEqual({ ok: true, value: {} });
    expect(
      pacingFromOptions({
        batch: '20',
        growth: '2.5',
        'max-batch': '100',
        'max-offline': '300',
        tolerate: '0',
      }),
    ).toEqual({ ok: true, value: { batch: 20, growth: 2.5, maxBatch: 100, maxOffline: 300, tolerate: 0 } });
    expect(pacingFromOptions({ trust: 'canary' })).toEqual({ ok: true, value: { trust: 'canary' } });
    expect(pacingFromOptions({ trust: 'batches' })).toEqual({ ok: true, value: { trust: 'batches' } });
  });

  it.each([
    [{ growth: '0.5' }, '--growth must be a number from 1 to 100'],
    [{ growth: 'fast' }, '--growth must be a number from 1 to 100'],
    [{ tolerate: '60' }, '--tolerate must be a percent from 0 to 50'],
    [{ batch: '0' }, '--batch'],
    [{ 'max-offline': '2.5' }, '--max-offline'],
    [{ trust: 'nobody' }, '--trust must be batches (trust grows batch by batch: the default) or canary'],
  ])('refuses %j in words', (values, words) => {
    const read = pacingFromOptions(values);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(words);
  });

  it('says the pacing set, the defaults otherwise', () => {
    expect(pacingWords({})).toBe('the rollout defaults');
    expect(pacingWords({ batch: 20, growth: 2, maxBatch: 100, maxOffline: 300, tolerate: 1 })).toBe(
      'first batch 20, growth 2, largest batch 100, 300 offline at most, 1 % of a batch may fail',
    );
    expect(pacingWords({ trust: 'canary' })).toBe(
      'trusting the canary (no batch waits for earlier batches to verify)',
    );
  });
});
