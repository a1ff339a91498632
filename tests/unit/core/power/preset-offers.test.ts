/**
 * Gathering the presets devices offer (preset-offers.ts `gatherOffers`), on read facts made here: names
 * matched as `--preset` matches them, counts per name, ranges across models, devices not read by why (no
 * answer counts as offline), hostile names left out, and thousands of devices gathered at once.
 */
import { describe, expect, it } from 'vitest';
import type { AutotunePreset } from '../../../../shared/domain/presets';
import { gatherOffers, MAX_OFFERS } from '../../../../electron/core/power/preset-offers';
import type { Read } from '../../../../electron/core/power/power-plan';

const target = (i: number) => ({
  deviceId: `d${i}`,
  address: { scheme: 'http' as const, host: `10.0.0.${i}`, port: 80 },
});

const preset = (
  name: string,
  watts?: number,
  ths?: number,
  extra: Partial<AutotunePreset> = {},
): AutotunePreset => ({
  name,
  pretty: name,
  status: 'untuned',
  moddedPsuRequired: false,
  ...(watts !== undefined ? { watts } : {}),
  ...(ths !== undefined ? { hashRateThs: ths } : {}),
  ...extra,
});

const read = (
  i: number,
  presets: AutotunePreset[],
  rest: { current?: string; moddedPsu?: boolean } = {},
): Read => ({
  target: target(i),
  facts: {
    presets,
    moddedPsu: rest.moddedPsu ?? false,
    warnings: [],
    ...(rest.current !== undefined ? { current: rest.current } : {}),
  },
});

describe('gatherOffers', () => {
  it('counts per name across devices: offered, tuned, configured, PSU-blocked, lacking; ranges across models', () => {
    const offers = gatherOffers([
      read(1, [preset('2800', 2800, 188, { status: 'tuned' }), preset('3250', 3250, 218)], {
        current: '2800',
      }),
      read(2, [preset(' 2800 ', 2800, 82), preset('3400', 3400, 100, { moddedPsuRequired: true })], {
        current: '2800',
      }),
      read(3, [preset('2800', 2800, 82), preset('3400', 3400, 100, { moddedPsuRequired: true })], {
        moddedPsu: true,
      }),
    ]);
    expect(offers).toEqual({
      devices: 3,
      read: 3,
      notRead: [],
      offers: [
        {
          name: '2800',
          watts: { min: 2800, max: 2800 },
          hashRateThs: { min: 82, max: 188 },
          offeredBy: 3,
          tunedOn: 1,
          needsModdedPsu: 0,
          lacking: 0,
          configuredOn: 2,
        },
        expect.objectContaining({ name: '3250', offeredBy: 1, lacking: 2 }),
        expect.objectContaining({ name: '3400', offeredBy: 2, needsModdedPsu: 1, lacking: 1 }),
      ],
    });
  });

  it('devices not read are counted by why, most first; no answer is offline; "lacking" counts only devices read', () => {
    const skip = (
      i: number,
      reason: 'offline' | 'no-credential' | 'locked-out' | 'no-presets',
      code?: string,
    ): Read => ({
      target: target(i),
      skip: { reason, detail: 'x', ...(code !== undefined ? { code } : {}) },
    });
    const offers = gatherOffers(
      [
        read(1, [preset('3200', 3200, 100)]),
        skip(2, 'offline'),
        skip(3, 'no-presets', 'UNREACHABLE'),
        skip(4, 'no-presets', 'TIMEOUT'),
        skip(5, 'no-presets', 'NOT_FOUND'),
        skip(6, 'no-credential'),
        skip(7, 'locked-out'),
      ],
      2,
    );
    expect(offers.devices).toBe(9);
    expect(offers.read).toBe(1);
    expect(offers.notRead).toEqual([
      { why: 'offline', count: 3 },
      { why: 'no longer in the fleet', count: 2 },
      { why: 'presets could not be read', count: 1 },
      { why: 'no password known', count: 1 },
      { why: 'locked out', count: 1 },
    ]);
    expect(offers.offers[0]).toMatchObject({ name: '3200', offeredBy: 1, lacking: 0 });
  });

  it('a name listed twice counts once; names no one could choose (control characters, too long) are left out', () => {
    const offers = gatherOffers([
      read(1, [
        preset('3200', 3200),
        preset('3200', 3200),
        preset('32\u0000', 1),
        preset('x'.repeat(65)),
        preset('disabled'),
      ]),
    ]);
    expect(offers.offers.map((o) => [o.name, o.offeredBy])).toEqual([
      ['3200', 1],
      ['disabled', 1],
    ]);
  });

  it(`at most ${MAX_OFFERS} names; 5,000 devices of two models gathered in well under a second`, () => {
    const many = gatherOffers([
      read(
        1,
        Array.from({ length: 2000 }, (_, i) => preset(String(i + 1), i + 1)),
      ),
    ]);
    expect(many.offers).toHaveLength(MAX_OFFERS);
    const s21 = Array.from({ length: 25 }, (_, i) =>
      preset(String(2550 + 90 * i), 2550 + 90 * i, 170 + 6 * i),
    );
    const s19 = Array.from({ length: 17 }, (_, i) =>
      preset(String(1800 + 100 * i), 1800 + 100 * i, 53 + 3 * i),
    );
    const reads = Array.from({ length: 5000 }, (_, i) => read(i, i % 4 === 3 ? s19 : s21));
    const started = performance.now();
    const offers = gatherOffers(reads);
    const ms = performance.now() - started;
    console.log(`gatherOffers: 5000 devices, ${offers.offers.length} names in ${ms.toFixed(1)} ms`);
    expect(offers.read).toBe(5000);
    expect(offers.offers.find((o) => o.name === '2550')).toMatchObject({ offeredBy: 3750, lacking: 1250 });
    // Generous: the machine is shared; a gathering that grew with devices × names squared would take minutes.
    expect(ms).toBeLessThan(3000);
  });
});
