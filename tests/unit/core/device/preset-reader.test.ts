/**
 * The autotune preset readers on recorded answers (S21 Pro, firmware 1.2.7) and on hostile ones: never a
 * throw, never an invented number, and a warning naming whatever was left out.
 */
import { describe, expect, it } from 'vitest';
import {
  readCurrentPreset,
  readOverclockSettings,
  readPresets,
} from '../../../../electron/core/device/preset-reader';
import { parsePretty, wattsFromName } from '../../../../shared/domain/presets';
import { fixture } from './fakes/device-fixtures';

describe('readPresets on the recorded S21 Pro list', () => {
  const { presets, warnings } = readPresets(fixture('autotune-presets.proto-fleet-s21pro-vnish1.2.7.json'));

  it('reads all 26 presets in order, `disabled` first, without warnings', () => {
    expect(warnings).toEqual([]);
    expect(presets).toHaveLength(26);
    expect(presets[0]).toEqual({
      name: 'disabled',
      pretty: 'Disabled',
      status: 'untuned',
      moddedPsuRequired: false,
    });
  });

  it('takes watts from the name and the hash rate from `pretty` when nothing was tuned', () => {
    expect(presets[1]).toEqual({
      name: '2550',
      pretty: '2550 watt ~ 170 TH',
      status: 'untuned',
      moddedPsuRequired: false,
      watts: 2550,
      hashRateThs: 170,
      hashRateFrom: 'pretty',
    });
    expect(presets.at(-1)).toMatchObject({ name: '4690', watts: 4690, hashRateThs: 313 });
  });
});

describe('readPresets on shapes the vendor schema allows', () => {
  it('a tuned preset: `tune_settings.hashrate` (GH/s, the device unit) wins over `pretty`', () => {
    const { presets } = readPresets([
      {
        name: '3200',
        pretty: '3200 watt ~ 180 TH',
        status: 'tuned',
        modded_psu_required: true,
        tune_settings: { hashrate: 183_500, volt: 1300, freq: 560, chains: [], modified: false },
      },
    ]);
    expect(presets).toEqual([
      {
        name: '3200',
        pretty: '3200 watt ~ 180 TH',
        status: 'tuned',
        moddedPsuRequired: true,
        watts: 3200,
        hashRateThs: 183.5,
        hashRateFrom: 'tune',
      },
    ]);
  });

  it('a device unit in MH/s (scrypt) is honoured for `tune_settings.hashrate`', () => {
    const { presets } = readPresets(
      [{ name: '3400', pretty: '3400 watt ~ 9.5 GH', status: 'tuned', tune_settings: { hashrate: 9_300 } }],
      'MH/s',
    );
    expect(presets[0]).toMatchObject({ watts: 3400, hashRateThs: 0.0093, hashRateFrom: 'tune' });
  });

  it('skips unusable entries with a warning each and keeps the rest', () => {
    const { presets, warnings } = readPresets([
      null,
      'x',
      { pretty: 'no name' },
      { name: 42 },
      { name: '2800', pretty: '2800 watt ~ 188 TH', status: 'odd' },
      { name: '2800', pretty: 'again' },
      { name: '99999999', pretty: 'huge' },
      { name: '3000', pretty: '3000 watt ~ 9999999 TH', status: 'tuned', tune_settings: { hashrate: -5 } },
    ]);
    expect(presets.map((p) => p.name)).toEqual(['2800', '99999999', '3000']);
    expect(presets[0]).toMatchObject({ status: 'untuned', watts: 2800, hashRateThs: 188 });
    // A name that is no watt figure is kept as a name, without a power figure.
    expect(presets[1]).toEqual({
      name: '99999999',
      pretty: 'huge',
      status: 'untuned',
      moddedPsuRequired: false,
    });
    // A negative tuned rate is "no measurement"; an absurd `pretty` rate is no rate at all.
    expect(presets[2]).toEqual({
      name: '3000',
      pretty: '3000 watt ~ 9999999 TH',
      status: 'tuned',
      moddedPsuRequired: false,
      watts: 3000,
    });
    expect(warnings).toEqual([
      'presets[0] is null, not an object',
      'presets[1] is a string, not an object',
      'presets[2].name is missing or unusable; preset skipped',
      'presets[3].name is a number, not a string',
      'presets[3].name is missing or unusable; preset skipped',
      'presets[4].status is "odd", read as untuned',
      'presets[5].name "2800" is listed twice; the first kept',
      'presets[7].pretty is implausible: 9999999 TH/s (plausible: 0 to 10 PH/s); left out',
    ]);
  });

  it('a body that is not a list is no presets, said once', () => {
    expect(readPresets({ presets: [] })).toEqual({
      presets: [],
      warnings: ['the preset list is an object, not a list'],
    });
  });

  it('a power figure no hardware draws is left out, so no plan counts it', () => {
    const { presets, warnings } = readPresets([
      { name: '250000', pretty: '250000 watt ~ 1 TH', status: 'tuned' },
    ]);
    expect(presets[0]).not.toHaveProperty('watts');
    expect(warnings).toEqual([
      'presets[0].name says 250000 W, which is implausible (plausible: 0 to 20 kW); left out',
    ]);
  });
});

describe('parsePretty and wattsFromName', () => {
  it.each([
    ['3200 watt ~ 180 TH', { watts: 3200, hashRateThs: 180 }],
    ['2550 watt ~ 170 TH', { watts: 2550, hashRateThs: 170 }],
    ['3400 W ~ 9.5 GH', { watts: 3400, hashRateThs: 0.0095 }],
    ['5000 watts ~ 1.2 PH/s', { watts: 5000, hashRateThs: 1200 }],
    ['Disabled', {}],
    ['~ TH', {}],
    ['0 watt ~ 0 TH', {}],
  ])('%j', (pretty, expected) => {
    expect(parsePretty(pretty)).toEqual(expected);
  });

  it('reads a huge hostile text in bounded time', () => {
    const started = performance.now();
    expect(parsePretty(`${'9'.repeat(1_000_000)} watt ~ 1 TH`)).toEqual({});
    expect(performance.now() - started).toBeLessThan(200);
  });

  it.each([
    ['3200', 3200],
    [' 2550 ', 2550],
    ['disabled', undefined],
    ['0', undefined],
    ['32.5', undefined],
    ['-300', undefined],
  ])('wattsFromName(%j) = %j', (name, watts) => {
    expect(wattsFromName(name)).toBe(watts);
  });
});

describe('the current preset', () => {
  it('from the recorded settings: miner.overclock.preset and modded_psu', () => {
    expect(readOverclockSettings(fixture('settings.proto-fleet-s21pro-vnish1.2.7.json'))).toEqual({
      preset: '3160',
      moddedPsu: false,
    });
  });

  it('from the recorded perf-summary: current_preset', () => {
    expect(readCurrentPreset(fixture('perf-summary.proto-fleet-s21pro-vnish1.2.7.json'))).toEqual({
      name: '2800',
      pretty: '2800 watt ~ 188 TH',
      status: 'untuned',
    });
  });

  it('a modified PSU only when the device says true; odd bodies give nothing, never a throw', () => {
    expect(readOverclockSettings({ miner: { overclock: { preset: '4000', modded_psu: true } } })).toEqual({
      preset: '4000',
      moddedPsu: true,
    });
    expect(readOverclockSettings({ miner: { overclock: { modded_psu: 'yes' } } })).toEqual({
      moddedPsu: false,
    });
    expect(readOverclockSettings('nonsense')).toEqual({ moddedPsu: false });
    expect(readOverclockSettings({ miner: { overclock: { preset: '  ' } } })).toEqual({ moddedPsu: false });
    expect(readCurrentPreset({ current_preset: null, preset_switcher: {} })).toBeUndefined();
    expect(readCurrentPreset([])).toBeUndefined();
    expect(readCurrentPreset({ current_preset: { name: 7 } })).toBeUndefined();
  });
});
