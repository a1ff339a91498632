/**
 * The simulator's autotune presets: the list (recorded S21 Pro, simulated S19), the preset in /settings and
 * /perf-summary, a preset write (answered even when not applied), the restart that brings it into use,
 * `auto-tuning` after an untuned one, and hash rate and power following the preset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../core/device/fakes/device-fixtures';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions } from '../../simulator';
import { bearer, getJson, parse, postJson, sleep, unlockToken } from './http-client';

const fleets: Fleet[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
});
/** A fleet closed after the test. */
async function started(...args: Parameters<typeof startFleet>): Promise<Fleet> {
  const fleet = await startFleet(...args);
  fleets.push(fleet);
  return fleet;
}

interface Device {
  d: SimDevice;
  api: string;
  auth: Record<string, string>;
}

async function one(opts: SimDeviceOptions = {}): Promise<Device> {
  const d = (await started({ devices: [opts] })).devices[0]!;
  return { d, api: `${d.address}/api/v1`, auth: bearer(await unlockToken(d.address)) };
}

type Preset = {
  name: string;
  status: string;
  modded_psu_required: boolean;
  tune_settings?: { hashrate: number };
};
const presetsOf = async ({ api, auth }: Device) =>
  parse(await getJson(`${api}/autotune/presets`, auth)) as Preset[];
const overclockOf = async ({ api, auth }: Device) =>
  (
    parse(await getJson(`${api}/settings`, auth)) as {
      miner: { overclock: { preset: string; modded_psu: boolean } };
    }
  ).miner.overclock;
const currentOf = async ({ api }: Device) =>
  (parse(await getJson(`${api}/perf-summary`)) as { current_preset: { name: string; status: string } })
    .current_preset;
const stateOf = async ({ api }: Device) =>
  (parse(await getJson(`${api}/status`)) as { miner_state: string }).miner_state;
const summaryOf = async ({ api }: Device) =>
  (parse(await getJson(`${api}/summary`)) as { miner: { hr_nominal: number; power_consumption: number } })
    .miner;
const setPreset = ({ api, auth }: Device, preset: unknown) =>
  postJson(`${api}/settings`, { miner: { overclock: { preset } } }, auth);

describe('GET /autotune/presets', () => {
  it('needs a credential; lists the recorded S21 Pro presets with the start preset tuned', async () => {
    const dev = await one();
    expect((await getJson(`${dev.api}/autotune/presets`)).status).toBe(401);
    const presets = await presetsOf(dev);
    const recorded = fixture('autotune-presets.proto-fleet-s21pro-vnish1.2.7.json') as Preset[];
    expect(presets.map((p) => p.name)).toEqual(recorded.map((p) => p.name));
    expect(presets.filter((p) => p.status === 'tuned').map((p) => p.name)).toEqual(['2800']);
    // A tuned preset carries its tune results: the hash rate in GH/s, within ±2 % of `pretty`.
    expect(presets.find((p) => p.name === '2800')!.tune_settings!.hashrate).toBeGreaterThan(184_000);
    expect(presets.find((p) => p.name === '2800')!.tune_settings!.hashrate).toBeLessThan(192_000);
    expect(presets[0]).toEqual(recorded[0]);
  });

  it('an S19 (every fourth device) lists a simulated list whose top presets need a modified PSU', async () => {
    const d = (await started({ count: 4 })).devices[3]!;
    const dev = { d, api: `${d.address}/api/v1`, auth: bearer(await unlockToken(d.address)) };
    const presets = await presetsOf(dev);
    expect(presets.map((p) => p.name)).toEqual([
      'disabled',
      ...Array.from({ length: 17 }, (_, i) => `${1800 + i * 100}`),
    ]);
    expect(presets.filter((p) => p.modded_psu_required).map((p) => p.name)).toEqual(['3300', '3400']);
  });
});

describe('the preset in /settings and /perf-summary', () => {
  it('both name the start preset; /perf-summary is anonymous (as in the vendor document)', async () => {
    const dev = await one({ preset: '3070', moddedPsu: true });
    expect(await overclockOf(dev)).toMatchObject({ preset: '3070', modded_psu: true });
    expect(await currentOf(dev)).toEqual({
      name: '3070',
      pretty: '3070 watt ~ 206 TH',
      status: 'tuned',
      modded_psu_required: false,
    });
    expect(dev.d.preset).toBe('3070');
    expect(dev.d.moddedPsu).toBe(true);
  });
});

describe('POST /settings with miner.overclock.preset', () => {
  it('configures it and asks for a restart; the preset comes into use at the mining restart', async () => {
    const dev = await one({ miningRestartSeconds: 0.2, autoTuneSeconds: 0.4 });
    const before = await summaryOf(dev);
    const answer = await setPreset(dev, '3430');
    expect([answer.status, parse(answer)]).toEqual([200, { restart_required: true, reboot_required: false }]);
    expect(await overclockOf(dev)).toMatchObject({ preset: '3430' });
    expect((await currentOf(dev)).name).toBe('2800');
    expect(
      (parse(await getJson(`${dev.api}/status`)) as { restart_required?: boolean }).restart_required,
    ).toBe(true);
    expect(dev.d.writeCounts.presetChanges).toBe(1);

    expect((await postJson(`${dev.api}/mining/restart`, '', dev.auth)).status).toBe(200);
    expect(await currentOf(dev)).toMatchObject({ name: '3430', status: 'untuned' });
    expect(await stateOf(dev)).toBe('restarting');
    await sleep(250);
    // An untuned preset: the device tunes itself first, then mines, and the preset is tuned.
    expect(await stateOf(dev)).toBe('auto-tuning');
    await sleep(450);
    expect(await stateOf(dev)).toBe('mining');
    expect(await currentOf(dev)).toMatchObject({ name: '3430', status: 'tuned' });
    expect((await presetsOf(dev)).find((p) => p.name === '3430')?.status).toBe('tuned');
    // Nominal hash rate and power follow the preset: 230 TH at 3430 W against 188 TH at 2800 W.
    const after = await summaryOf(dev);
    expect(after.hr_nominal / before.hr_nominal).toBeCloseTo(230 / 188, 3);
    expect(after.power_consumption / before.power_consumption).toBeCloseTo(3430 / 2800, 2);
  });

  it('a tuned preset goes straight back to mining; presetAppliesAtOnce needs no restart', async () => {
    const dev = await one({
      presetAppliesAtOnce: true,
      tunedPresets: ['2800', '2550'],
      miningRestartSeconds: 0.2,
    });
    expect(parse(await setPreset(dev, '2550'))).toEqual({ restart_required: false, reboot_required: false });
    expect(await currentOf(dev)).toMatchObject({ name: '2550', status: 'tuned' });
    expect(await stateOf(dev)).toBe('restarting');
    await sleep(250);
    expect(await stateOf(dev)).toBe('mining');
  });

  it('answers 200 even when nothing is applied: an unknown preset, one needing a modified PSU, or a device that ignores it', async () => {
    const plain = await one();
    const refusedModded = await one({
      presets: [
        { name: '2800', pretty: '2800 watt ~ 188 TH' },
        { name: '5000', pretty: '5000 watt ~ 300 TH', moddedPsuRequired: true },
      ],
    });
    for (const [dev, preset] of [
      [plain, '9999'],
      [refusedModded, '5000'],
    ] as const) {
      const answer = await setPreset(dev, preset);
      expect([answer.status, parse(answer)]).toEqual([
        200,
        { restart_required: false, reboot_required: false },
      ]);
      expect((await overclockOf(dev)).preset).toBe('2800');
      expect(dev.d.writeCounts.presetChanges).toBe(0);
    }
    const ignoring = await one({ ignorePresetWrites: true });
    expect(parse(await setPreset(ignoring, '3070'))).toEqual({
      restart_required: false,
      reboot_required: false,
    });
    expect((await overclockOf(ignoring)).preset).toBe('2800');
  });

  it('a modified PSU lets a preset that needs one through; the same preset again changes nothing', async () => {
    const dev = await one({
      moddedPsu: true,
      presets: [
        { name: '2800', pretty: '2800 watt ~ 188 TH' },
        { name: '5000', pretty: '5000 watt ~ 300 TH', moddedPsuRequired: true },
      ],
    });
    expect(parse(await setPreset(dev, '5000'))).toEqual({ restart_required: true, reboot_required: false });
    expect(parse(await setPreset(dev, '5000'))).toEqual({ restart_required: false, reboot_required: false });
    expect(dev.d.writeCounts.presetChanges).toBe(1);
  });

  it('a preset that is not text is a 400 and nothing in the request is applied', async () => {
    const dev = await one();
    const answer = await postJson(
      `${dev.api}/settings`,
      { miner: { overclock: { preset: 3200 } } },
      dev.auth,
    );
    expect(answer.status).toBe(400);
    expect((parse(answer) as { err: string }).err).toContain('miner.overclock.preset');
    expect((await overclockOf(dev)).preset).toBe('2800');
  });

  it('a reboot also brings the configured preset into use', async () => {
    const dev = await one({
      rebootAfterSeconds: 0,
      rebootDownSeconds: 0.1,
      bootSeconds: 0.1,
      autoTuneSeconds: 0,
    });
    await setPreset(dev, '2550');
    await postJson(`${dev.api}/system/reboot`, '', dev.auth);
    await sleep(150);
    await dev.d.waitUntilUp();
    await sleep(150);
    expect(await currentOf(dev)).toMatchObject({ name: '2550', status: 'tuned' });
  });
});

describe('options are checked', () => {
  it.each([
    [{ preset: 'nope' }, 'preset "nope" is not in the device\'s presets'],
    [{ tunedPresets: ['x'] }, 'tunedPresets: "x" is not in the device\'s presets'],
    [{ autoTuneSeconds: -1 }, 'autoTuneSeconds must be a number >= 0, got -1'],
    [{ shareSeconds: 0 }, 'shareSeconds must be a number > 0, got 0'],
    [
      {
        presets: [
          { name: 'a', pretty: 'a' },
          { name: 'a', pretty: 'b' },
        ],
      },
      'presets: "a" is listed twice',
    ],
  ] as [SimDeviceOptions, string][])('%j', async (opts, message) => {
    await expect(startFleet({ devices: [opts] })).rejects.toThrow(message);
  });
});
