/**
 * The preset choice rules: a named preset (refused in words when missing or needing a modified PSU), the
 * highest preset under a watt limit with tuned ones first, and never a modified-PSU preset on a stock PSU.
 */
import { describe, expect, it } from 'vitest';
import type { DevicePowerFacts } from '../../../../electron/core/power/preset-choice';
import {
  allowedPresets,
  pickByMaxWatts,
  pickByName,
  spreadOptions,
} from '../../../../electron/core/power/preset-choice';
import { readPresets } from '../../../../electron/core/device/preset-reader';
import type { AutotunePreset } from '../../../../shared/domain/presets';
import { fixture } from '../device/fakes/device-fixtures';

const preset = (name: string, over: Partial<AutotunePreset> = {}): AutotunePreset => ({
  name,
  pretty: `${name} watt ~ ${Math.round(Number(name) / 17)} TH`,
  status: 'untuned',
  moddedPsuRequired: false,
  ...(Number.isFinite(Number(name))
    ? { watts: Number(name), hashRateThs: Math.round(Number(name) / 17) }
    : {}),
  ...over,
});

const facts = (presets: AutotunePreset[], moddedPsu = false): DevicePowerFacts => ({ presets, moddedPsu });

const LIST = [
  preset('disabled', { pretty: 'Disabled' }),
  preset('2800', { status: 'tuned' }),
  preset('3070', { status: 'tuned' }),
  preset('3250'),
  preset('3430'),
  preset('3700', { moddedPsuRequired: true, status: 'tuned' }),
];

describe('pickByName (--preset NAME)', () => {
  it('the preset as the device lists it; case and spaces at the ends ignored', () => {
    expect(pickByName(facts(LIST), ' DISABLED ')).toEqual({ ok: true, preset: LIST[0] });
    expect(pickByName(facts(LIST), '3250')).toEqual({ ok: true, preset: LIST[3] });
  });

  it('a device lacking it is refused in words, naming what it has', () => {
    expect(pickByName(facts(LIST), '3300')).toEqual({
      ok: false,
      why: 'the device has no preset "3300" (its presets: disabled, 2800, 3070, 3250, 3430, 3700)',
    });
  });

  it('a preset needing a modified PSU: refused on a stock PSU, chosen on a modified one', () => {
    expect(pickByName(facts(LIST), '3700')).toEqual({
      ok: false,
      why: 'preset "3700" needs a modified power supply, and the device reports a stock one',
    });
    expect(pickByName(facts(LIST, true), '3700')).toEqual({ ok: true, preset: LIST[5] });
  });

  it('a hostile name from the command line is quoted short, on one line', () => {
    const result = pickByName(facts([]), `x\n${'y'.repeat(100)}`);
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) {
      expect(result.why).not.toContain('\n');
      expect(result.why.length).toBeLessThan(120);
    }
  });
});

describe('pickByMaxWatts (--max-watts W)', () => {
  it('the highest tuned preset at or under the limit comes before a higher untuned one', () => {
    expect(pickByMaxWatts(facts(LIST), 3500)).toEqual({ ok: true, preset: LIST[2] });
    expect(pickByMaxWatts(facts(LIST), 3070)).toEqual({ ok: true, preset: LIST[2] });
    expect(pickByMaxWatts(facts(LIST), 3069)).toEqual({ ok: true, preset: LIST[1] });
  });

  it('with no tuned preset under the limit, the highest untuned one', () => {
    const untuned = LIST.map((p) => ({ ...p, status: 'untuned' as const }));
    expect(pickByMaxWatts(facts(untuned), 3500)).toEqual({ ok: true, preset: untuned[4] });
  });

  it('never a modified-PSU preset on a stock PSU, even when it is the best under the limit', () => {
    expect(pickByMaxWatts(facts(LIST), 4000)).toEqual({ ok: true, preset: LIST[2] });
    expect(pickByMaxWatts(facts(LIST, true), 4000)).toEqual({ ok: true, preset: LIST[5] });
  });

  it('nothing under the limit is refused in words; `disabled` never counts as under a limit', () => {
    expect(pickByMaxWatts(facts(LIST), 2000)).toEqual({
      ok: false,
      why: 'no preset of the device is at or under 2000 W (its lowest: 2800 W)',
    });
    expect(pickByMaxWatts(facts([preset('disabled', { pretty: 'Disabled' })]), 5000)).toEqual({
      ok: false,
      why: 'the device lists no preset with a watt figure it may run',
    });
    expect(
      pickByMaxWatts(facts([preset('2000', { moddedPsuRequired: true }), preset('3000')]), 2500),
    ).toEqual({
      ok: false,
      why: 'no preset of the device is at or under 2500 W (its lowest: 3000 W); presets under the limit need a modified power supply',
    });
  });

  it('on the recorded S21 Pro list (all untuned): the highest under the limit', () => {
    const { presets } = readPresets(fixture('autotune-presets.proto-fleet-s21pro-vnish1.2.7.json'));
    expect(pickByMaxWatts(facts(presets), 3200)).toMatchObject({ ok: true, preset: { name: '3160' } });
  });
});

describe('what the site budget may spread over', () => {
  it('allowed presets with a watt figure and a hash rate', () => {
    expect(allowedPresets(facts(LIST)).map((p) => p.name)).toEqual([
      'disabled',
      '2800',
      '3070',
      '3250',
      '3430',
    ]);
    expect(spreadOptions(facts(LIST)).map((p) => p.name)).toEqual(['2800', '3070', '3250', '3430']);
    expect(spreadOptions(facts(LIST, true)).map((p) => p.name)).toEqual([
      '2800',
      '3070',
      '3250',
      '3430',
      '3700',
    ]);
  });
});
