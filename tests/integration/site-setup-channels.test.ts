/**
 * The site-setup channels (the app path) over the core services built as Electron main builds
 * them (open-services.ts), against simulated devices over real loopback HTTP: strict inputs; pool presets
 * of the current site; a pools preview that flags template problems and skips what the monitor says is
 * offline, with nothing sent; a pools apply that writes only what the preview listed, once per device, read
 * back, with `restartRequired` streamed per device and no pool password in any event; the locate LED;
 * and a mining restart and a reboot the monitor shows as restarting / rebooting — never as an offline
 * alarm — until the devices are back online.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../shared/ipc/contract';
import { eventBatchSchema } from '../../shared/ipc/events';
import { useChannelWorld } from '../support/channel-world';
import type { SimDevice } from '../simulator';

const FACTORY = 'admin';
const POOL_PASSWORD = 'pool-pw-7719';
const URL = 'stratum+tcp://pool.example:3333';

const waitFor = (predicate: () => boolean | Promise<boolean>, timeout = 15_000) =>
  expect.poll(predicate, { timeout, interval: 50 }).toBe(true);

describe('site-setup channel inputs', () => {
  it.each([
    [
      'an unknown key',
      'commission:pools-plan',
      { deviceIds: ['d'], pools: [{ url: URL, worker: 'w', password: '' }], x: 1 },
    ],
    [
      'four pools',
      'commission:pools-plan',
      { deviceIds: ['d'], pools: Array.from({ length: 4 }, () => ({ url: URL, worker: 'w', password: '' })) },
    ],
    [
      'a pool with an unknown key',
      'commission:pool-preset-save',
      { name: 'a', pools: [{ url: URL, worker: 'w', password: '', user: 'u' }] },
    ],
    ['no devices', 'commission:reboot', { deviceIds: [], confirmed: [] }],
    ['an LED on for a day and a minute', 'commission:locate', { deviceIds: ['d'], on: true, minutes: 1441 }],
    ['an action it does not know', 'commission:action-plan', { action: 'factory-reset', deviceIds: ['d'] }],
  ] as const)('refuses %s', (_what, channel, input) => {
    expect(contract[channel].input.safeParse(input).success).toBe(false);
  });
});

describe('site-setup channels over the core services', () => {
  const world = useChannelWorld({
    name: 'minerdeck-site-setup-',
    devices: {
      count: 5,
      defaults: {
        password: FACTORY,
        miningRestartSeconds: 0.6,
        rebootAfterSeconds: 1,
        rebootDownSeconds: 1,
        bootSeconds: 0.5,
      },
    },
    unlock: FACTORY,
    checkEvents: (batch) => expect(eventBatchSchema.safeParse(batch).success).toBe(true),
  });
  const { call, idOf, events } = world;
  const stateOf = async (d: SimDevice) =>
    (await world.services.fleet!.snapshot()).devices.find((x) => x.deviceId === idOf(d))?.view?.state;

  beforeAll(async () => {
    // Polled once at least: the monitor has read each device's `/info` (the templates' MAC).
    // (expect.poll works inside tests only.)
    const deadline = Date.now() + 15_000;
    while (!(await Promise.all(world.fleet.devices.map(stateOf))).every((s) => s === 'online')) {
      if (Date.now() > deadline) throw new Error('the devices did not come online');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 20_000);

  it('keeps pool presets in the current site: saved, listed, replaced by name, deleted', async () => {
    const pools = [{ url: URL, worker: 'acct.{mac6}', password: POOL_PASSWORD }];
    expect((await call('commission:pool-presets', undefined)).ok).toBe(true);
    const saved = await call('commission:pool-preset-save', { name: 'Main', pools });
    expect(saved.ok && saved.value.pools).toEqual(pools);
    await call('commission:pool-preset-save', {
      name: 'main',
      pools: [...pools, { url: 'backup:3333', worker: 'b.{ip4}', password: '' }],
    });
    const listed = await call('commission:pool-presets', undefined);
    expect(listed.ok && listed.value.map((p) => [p.name, p.pools.length])).toEqual([['main', 2]]);
    const bad = await call('commission:pool-preset-save', {
      name: 'Bad',
      pools: [{ url: URL, worker: 'a.{mca}', password: '' }],
    });
    expect(!bad.ok && bad.error.code).toBe('INVALID_INPUT');
    expect((await call('commission:pool-preset-delete', { name: 'MAIN' })).ok).toBe(true);
    const after = await call('commission:pool-presets', undefined);
    expect(after.ok && after.value).toEqual([]);
  });

  it('previews without sending: workers per device, a shared worker flagged, offline skipped', async () => {
    const all = world.fleet.devices.map(idOf);
    const unique = await call('commission:pools-plan', {
      deviceIds: all,
      pools: [{ url: URL, worker: 'acct.{mac6}', password: POOL_PASSWORD }],
    });
    expect(
      unique.ok && unique.value.every((e) => e.send && /^acct\.[0-9A-F]{6}$/.test(e.slots![0]!.user)),
    ).toBe(true);
    expect(unique.ok && unique.value.map((e) => e.slots!.map((s) => s.url))).toEqual(
      all.map(() => [URL, '', '']),
    );
    const shared = await call('commission:pools-plan', {
      deviceIds: all,
      pools: [{ url: URL, worker: 'acct.rig', password: '' }],
    });
    expect(shared.ok && shared.value.map((e) => [e.send, e.skip])).toEqual(
      all.map(() => [false, 'template']),
    );
    expect(shared.ok && shared.value[0]!.detail).toMatch(/each device needs its own worker/);
    const unknown = await call('commission:pools-plan', {
      deviceIds: all,
      pools: [{ url: URL, worker: '{mca}', password: '' }],
    });
    expect(!unknown.ok && unknown.error.message).toMatch(/unknown placeholder \{mca\}/);
    expect(world.fleet.devices.map((d) => d.writeCounts.settingsPosts)).toEqual(all.map(() => 0));
    expect(JSON.stringify(unique)).not.toContain(POOL_PASSWORD);
  });

  it('sets the pools once on each device the preview listed, reads them back, and says who must restart', async () => {
    const [d0, d1, d2, down, notListed] = world.fleet.devices as [
      SimDevice,
      SimDevice,
      SimDevice,
      SimDevice,
      SimDevice,
    ];
    await down.goDown(2);
    await waitFor(async () => (await stateOf(down)) === 'offline');
    const pools = [
      { url: URL, worker: 'acct.{ip4}', password: POOL_PASSWORD },
      { url: 'backup.example:3333', worker: 'acct.{mac6}', password: '' },
    ];
    const deviceIds = [d0, d1, d2, down, notListed].map(idOf);
    const result = await call('commission:pools-set', {
      deviceIds,
      confirmed: [d0, d1, d2, down].map(idOf),
      pools,
    });
    expect(result.ok && result.value.results.map((r) => [r.outcome, r.restartRequired])).toEqual([
      ['done', true],
      ['done', true],
      ['done', true],
      ['skipped', undefined],
      ['skipped', undefined],
    ]);
    expect(result.ok && result.value.summary).toBe('pools set on 3 of 3 devices; 2 skipped');
    expect(result.ok && result.value.results[0]!.message).toMatch(
      /^Pools set and read back \(workers: acct\.\d+, acct\.[0-9A-F]{6}\); restart mining to apply$/,
    );
    expect(result.ok && result.value.results[4]!.message).toBe('Skipped: the preview did not list it');
    for (const d of [d0, d1, d2]) {
      expect(d.writeCounts.settingsPosts).toBe(1);
      expect(d.pools.map((p) => [p.url, p.pass])).toEqual([
        [URL, POOL_PASSWORD],
        ['backup.example:3333', ''],
        ['', ''],
      ]);
      expect(d.pools[0]!.user).toBe(`acct.${d.host.split('.')[3]}`);
    }
    expect([down, notListed].map((d) => d.writeCounts.settingsPosts)).toEqual([0, 0]);
    await waitFor(() =>
      events.some(
        (e) => e.type === 'commission:progress' && e.payload.operation === 'pools' && e.payload.done === 5,
      ),
    );
    const outcomes = events.filter((e) => e.type === 'commission:device' && e.payload.operation === 'pools');
    expect(outcomes).toHaveLength(5);
    const restartIds = outcomes.flatMap((e) =>
      e.type === 'commission:device' && e.payload.restartRequired === true ? [e.payload.deviceId] : [],
    );
    expect(restartIds.sort()).toEqual([d0, d1, d2].map(idOf).sort());
    expect(JSON.stringify(events)).not.toContain(POOL_PASSWORD);
    const activity = await world.services.inventory!.activity();
    expect(
      activity.ok && activity.value.filter((a) => a.action === 'pools').map((a) => a.devices.length),
    ).toEqual([5]);
    expect(JSON.stringify(activity)).not.toContain(POOL_PASSWORD);
    await waitFor(async () => (await stateOf(down)) === 'online');
  }, 30_000);

  it('blinks the locate LED and turns it off, reading it first', async () => {
    const [d0, d1] = world.fleet.devices as [SimDevice, SimDevice];
    const on = await call('commission:locate', { deviceIds: [d0, d1].map(idOf), on: true, minutes: 5 });
    expect(on.ok && on.value.results.map((r) => [r.outcome, r.ledOn])).toEqual([
      ['done', true],
      ['done', true],
    ]);
    expect(on.ok && Date.parse(on.value.offAt!) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect([d0.ledOn, d1.ledOn]).toEqual([true, true]);
    const again = await call('commission:locate', { deviceIds: [idOf(d0)], on: true });
    expect(again.ok && again.value.results[0]!.outcome).toBe('done');
    expect(d0.writeCounts.ledToggles).toBe(1);
    const off = await call('commission:locate', { deviceIds: [d0, d1].map(idOf), on: false });
    expect(off.ok && off.value.results.map((r) => r.ledOn)).toEqual([false, false]);
    expect([d0.ledOn, d1.ledOn]).toEqual([false, false]);
  });

  it('restarts mining and reboots: restarting / rebooting in the monitor, then online, with no offline alarm', async () => {
    const [d0, d1, d2] = world.fleet.devices as [SimDevice, SimDevice, SimDevice];
    const plan = await call('commission:action-plan', { action: 'reboot', deviceIds: [d1, d2].map(idOf) });
    expect(plan.ok && plan.value.map((e) => e.send)).toEqual([true, true]);
    expect(d1.writeCounts.reboots).toBe(0);
    const seen = new Map<string, Set<string>>();
    const watch = setInterval(() => {
      void world.services.fleet!.snapshot().then((s) => {
        for (const d of s.devices) {
          if (d.view !== undefined)
            seen.set(d.deviceId, (seen.get(d.deviceId) ?? new Set()).add(d.view.state));
        }
      });
    }, 50);
    const raisedBefore = events.length;

    const restart = await call('commission:restart-mining', { deviceIds: [idOf(d0)], confirmed: [idOf(d0)] });
    expect(restart.ok && restart.value.summary).toBe('mining restarted on 1 of 1 device');
    const reboot = await call('commission:reboot', { deviceIds: [d1, d2].map(idOf), confirmed: [idOf(d1)] });
    expect(reboot.ok && reboot.value.results.map((r) => r.outcome)).toEqual(['done', 'skipped']);
    expect(reboot.ok && reboot.value.until).toBeDefined();
    expect([d0.writeCounts.miningRestarts, d1.writeCounts.reboots, d2.writeCounts.reboots]).toEqual([
      1, 1, 0,
    ]);

    await waitFor(async () => (await stateOf(d1)) === 'rebooting', 5_000);
    const reason = (await world.services.fleet!.snapshot()).devices.find((x) => x.deviceId === idOf(d1))?.view
      ?.reason;
    expect(reason).toMatch(/^rebooting \(back in about \d+ s\)$/);
    await waitFor(async () => (await stateOf(d1)) === 'online' && (await stateOf(d0)) === 'online', 20_000);
    clearInterval(watch);
    expect([...(seen.get(idOf(d0)) ?? [])]).toContain('restarting');
    expect([...(seen.get(idOf(d1)) ?? [])]).toContain('rebooting');
    expect([...(seen.get(idOf(d1)) ?? [])]).not.toContain('offline');
    const raised = events
      .slice(raisedBefore)
      .flatMap((e) => (e.type === 'monitor:diff' ? e.payload.raised : []))
      .filter((a) => a.deviceId === idOf(d0) || a.deviceId === idOf(d1));
    expect(raised).toEqual([]);
    const actions = await world.services.inventory!.activity();
    expect(actions.ok && actions.value.map((a) => a.action)).toEqual(
      expect.arrayContaining(['pools', 'locate', 'restart-mining', 'reboot']),
    );
  }, 40_000);
});
