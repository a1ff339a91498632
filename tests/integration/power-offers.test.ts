/**
 * "One preset for all" chosen from a list (`power:offers`) over the core services built as Electron main
 * builds them, against simulated devices over real loopback HTTP: the simulator lists the recorded S21 Pro
 * presets and, on every fourth device, a simulated S19 list, so a mixed selection shows presets every
 * device has and presets some lack ("lacks it on N"), with watts, TH/s (a range across models), tuned and
 * configured counts; devices that cannot be read are counted by why; a device is read at most once a
 * minute unless asked again, and a preset write forgets what was read.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import type { PresetOffer, PresetOffers } from '../../shared/domain/preset-offers';
import type { SimDevice } from '../simulator';
import { requestsTo } from '../support/sim-targets';
import { useChannelWorld } from '../support/channel-world';

const PRESETS = '/api/v1/autotune/presets';

const offerOf = (offers: PresetOffers, name: string): PresetOffer | undefined =>
  offers.offers.find((o) => o.name === name);

describe('power:offers input', () => {
  it.each([
    ['no devices', { deviceIds: [] }],
    ['a refresh that is not a boolean', { deviceIds: ['d'], refresh: 'yes' }],
    ['an unknown field', { deviceIds: ['d'], name: '3200' }],
  ])('refuses %s', (_what, input) => {
    expect(contract['power:offers'].input.safeParse(input).success).toBe(false);
  });
});

describe('power:offers over the core services', () => {
  const world = useChannelWorld({
    name: 'minerdeck-offers-',
    devices: { count: 10, defaults: { password: 'admin', miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 } },
    unlock: 'admin',
  });
  const { call, idOf } = world;
  const devices = (from: number, to: number): SimDevice[] => world.fleet.devices.slice(from, to);

  it('a mixed selection: what every device has, what some lack, their figures and counts', async () => {
    const mixed = devices(0, 8);
    // The simulator's rule: every fourth device is an S19 with its own list.
    expect(mixed.map((d) => d.firmwareVersion)).toEqual([
      '1.2.7',
      '1.2.7',
      '1.2.7',
      '1.2.6',
      '1.2.7',
      '1.2.7',
      '1.2.7',
      '1.2.6',
    ]);
    const answer = await call('power:offers', { deviceIds: mixed.map(idOf) });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const offers = answer.value;
    expect([offers.devices, offers.read, offers.notRead]).toEqual([8, 8, []]);
    // 2800 is on both lists, configured and tuned on every device; its hash rate differs by model.
    const both = offerOf(offers, '2800')!;
    expect(both).toMatchObject({ offeredBy: 8, tunedOn: 8, lacking: 0, configuredOn: 8, needsModdedPsu: 0 });
    expect(both.watts).toEqual({ min: 2800, max: 2800 });
    expect(both.hashRateThs!.min).toBeLessThan(both.hashRateThs!.max);
    // An S21 Pro preset: the two S19s lack it; an S19 one: the six S21 Pros lack it.
    expect(offerOf(offers, '3250')).toMatchObject({ offeredBy: 6, lacking: 2, tunedOn: 0 });
    expect(offerOf(offers, '3250')!.hashRateThs).toEqual({ min: 218, max: 218 });
    expect(offerOf(offers, '3200')).toMatchObject({ offeredBy: 2, lacking: 6 });
    // 3400 needs a modified PSU the S19s do not report: listed, but a plan would skip them.
    expect(offerOf(offers, '3400')).toMatchObject({ offeredBy: 2, needsModdedPsu: 2, lacking: 6 });
    // Lowest watts first; `disabled` (no watt figure) last.
    expect(offers.offers[0]!.name).toBe('1800');
    expect(offers.offers.at(-1)!.name).toBe('disabled');
    expect(offerOf(offers, 'disabled')).toMatchObject({ offeredBy: 8, lacking: 0 });
    // Nothing is written to any device.
    expect(mixed.map((d) => requestsTo(d, '/api/v1/settings', 'POST').length)).toEqual(Array(8).fill(0));
  }, 60_000);

  it('devices not read are counted by why: offline, presets refused, gone from the fleet', async () => {
    const [refusing, down] = devices(8, 10) as [SimDevice, SimDevice];
    refusing.addFault({ fault: { kind: 'status', code: 404 }, paths: [PRESETS] });
    await down.goDown(3600);
    try {
      const ids = [...devices(0, 10).map(idOf), 'mac:00:00:00:00:00:99'];
      const answer = await call('power:offers', { deviceIds: ids, refresh: true });
      expect(answer.ok).toBe(true);
      if (!answer.ok) return;
      expect(answer.value.devices).toBe(11);
      expect(answer.value.read).toBe(8);
      expect([...answer.value.notRead].sort((a, b) => a.why.localeCompare(b.why))).toEqual([
        { why: 'no longer in the fleet', count: 1 },
        { why: 'offline', count: 1 },
        { why: 'presets could not be read', count: 1 },
      ]);
      // "Lacks it" counts only devices that were read.
      expect(offerOf(answer.value, '3250')).toMatchObject({ offeredBy: 6, lacking: 2 });
    } finally {
      refusing.clearFaults();
      await down.goDown(0);
      await down.waitUntilUp();
    }
  }, 60_000);

  it('reads a device once a minute unless asked again; a preset write forgets it', async () => {
    const [a, b] = devices(0, 2) as [SimDevice, SimDevice];
    const ids = [idOf(a), idOf(b)];
    const reads = () => [a, b].map((d) => requestsTo(d, PRESETS, 'GET').length);
    await call('power:offers', { deviceIds: ids, refresh: true });
    const before = reads();
    await call('power:offers', { deviceIds: ids });
    expect(reads()).toEqual(before);
    await call('power:offers', { deviceIds: ids, refresh: true });
    expect(reads()).toEqual(before.map((n) => n + 1));

    const set = await call('power:set', {
      deviceIds: [idOf(a)],
      choice: { kind: 'preset', name: '3070' },
      confirmed: [{ deviceId: idOf(a), preset: '3070' }],
    });
    expect(set.ok && set.value.results[0]!.outcome).toBe('done');
    const afterSet = reads();
    const answer = await call('power:offers', { deviceIds: ids });
    // a is read again (written), b is not (read a moment ago).
    expect(reads()).toEqual([afterSet[0]! + 1, afterSet[1]]);
    expect(answer.ok && offerOf(answer.value, '3070')).toMatchObject({ configuredOn: 1 });
  }, 60_000);
});
