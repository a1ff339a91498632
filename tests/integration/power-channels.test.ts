/**
 * The power-profile channels (the app path) over the core services built as Electron main builds them,
 * against simulated devices over real loopback HTTP: strict inputs; a plan with nothing sent; an apply
 * that writes only devices whose preset is still the one the user saw (a plan that changed since is
 * skipped, said why), streams each outcome as `commission:*` events and records the activity; and the
 * preset each fleet row shows, with the one set here until the device runs it.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import type { SimDevice } from '../simulator';
import { requestsTo } from '../support/sim-targets';
import { useChannelWorld } from '../support/channel-world';

const SETTINGS = '/api/v1/settings';

describe('power channel inputs', () => {
  it.each([
    ['two choices at once', 'power:plan', { deviceIds: ['d'], choice: { kind: 'preset', name: '1', kw: 5 } }],
    ['a budget of 0', 'power:plan', { deviceIds: ['d'], choice: { kind: 'site-kw', kw: 0 } }],
    [
      'a watt limit beyond any device',
      'power:plan',
      { deviceIds: ['d'], choice: { kind: 'max-watts', watts: 25_000 } },
    ],
    ['an empty preset name', 'power:plan', { deviceIds: ['d'], choice: { kind: 'preset', name: '  ' } }],
    [
      'a confirmed preset too long',
      'power:set',
      {
        deviceIds: ['d'],
        choice: { kind: 'preset', name: 'x' },
        confirmed: [{ deviceId: 'd', preset: 'x'.repeat(65) }],
      },
    ],
    ['no devices', 'power:plan', { deviceIds: [], choice: { kind: 'site-kw', kw: 5 } }],
  ] as const)('refuses %s', (_what, channel, input) => {
    expect(contract[channel].input.safeParse(input).success).toBe(false);
  });
});

describe('power channels over the core services', () => {
  const world = useChannelWorld({
    name: 'minerdeck-power-',
    devices: {
      count: 3,
      defaults: { password: 'admin', miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 },
    },
    unlock: 'admin',
  });
  const { call, idOf, events } = world;

  it('plans without sending, then writes only what the user saw, read back, streamed and recorded', async () => {
    const [a, b, c] = world.fleet.devices as [SimDevice, SimDevice, SimDevice];
    const all = [a, b, c].map(idOf);
    const choice = { kind: 'max-watts', watts: 3100 } as const;
    const planned = await call('power:plan', { deviceIds: all, choice });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    // Only 2800 is tuned on each: tuned first, so 2800 (already configured) everywhere.
    expect(planned.value.entries.map((e) => [e.preset?.name, e.unchanged])).toEqual([
      ['2800', true],
      ['2800', true],
      ['2800', true],
    ]);
    expect([a, b, c].map((d) => requestsTo(d, SETTINGS, 'POST').length)).toEqual([0, 0, 0]);

    const byName = await call('power:plan', { deviceIds: all, choice: { kind: 'preset', name: '3070' } });
    expect(byName.ok && byName.value.entries.every((e) => e.send && e.preset?.name === '3070')).toBe(true);
    // The user saw 3070 for a and b, and something else for c: c is skipped with the reason.
    events.length = 0;
    const set = await call('power:set', {
      deviceIds: all,
      choice: { kind: 'preset', name: '3070' },
      confirmed: [
        { deviceId: idOf(a), preset: '3070' },
        { deviceId: idOf(b), preset: '3070' },
        { deviceId: idOf(c), preset: '2550' },
      ],
    });
    expect(set.ok).toBe(true);
    if (!set.ok) return;
    expect(set.value.results.map((r) => r.outcome)).toEqual(['done', 'done', 'skipped']);
    expect(set.value.results[2]!.message).toBe(
      'Skipped: the plan changed since you saw it (preset 3070 now, 2550 then): plan again',
    );
    expect(set.value.summary).toBe('power profile set on 2 of 2 devices; 1 skipped');
    expect([a, b, c].map((d) => [d.preset, requestsTo(d, SETTINGS, 'POST').length])).toEqual([
      ['3070', 1],
      ['3070', 1],
      ['2800', 0],
    ]);
    await expect
      .poll(
        () =>
          events.filter((e) => e.type === 'commission:device' && e.payload.operation === 'power-profile')
            .length,
      )
      .toBe(3);
    const activity = await call('sites:activity', {});
    expect(activity.ok && activity.value.find((e) => e.action === 'power-profile')).toMatchObject({
      what: expect.stringContaining('preset 3070'),
    });

    // The rows: the preset a device runs, and the one set here until a mining restart brings it in.
    const shown = await call('power:presets', { deviceIds: all });
    expect(shown.ok && shown.value).toEqual({
      [idOf(a)]: { inUse: '2800', configured: '3070' },
      [idOf(b)]: { inUse: '2800', configured: '3070' },
      [idOf(c)]: { inUse: '2800' },
    });
    const plan = await call('commission:action-plan', { action: 'restart-mining', deviceIds: [idOf(a)] });
    expect(plan.ok).toBe(true);
    await call('commission:restart-mining', { deviceIds: [idOf(a)], confirmed: [idOf(a)] });
    expect(a.presetInUse).toBe('3070');
  }, 60_000);
});
