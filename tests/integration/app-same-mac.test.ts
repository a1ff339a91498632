/**
 * One MAC on two devices, in the app's core: two simulated devices that report one MAC (a cloned control
 * board), through the core services as Electron main builds them, createHandlers, and loopback HTTP. The
 * scan shows both, the fleet keeps two rows (each "same MAC as" the other) and polls both with their own
 * credentials, the alerts say so, and the hand-over report lists both with the conflict. A device that
 * really moved (its old address silent) is still recognised as moved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { DiscoveredHost } from '../../shared/domain/discovery';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import { ok } from '../../shared/result';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { devicesOf, requestsTo } from '../support/sim-targets';
import { openAppCore } from '../support/app-core';

const PASSWORD = 'twin-pw-1414';
const MAC = '02:AB:00:00:14:01';
const OTHER_MAC = '02:AB:00:00:14:02';
const short = (device: SimDevice): string => device.address.replace(/^http:\/\//, '');

describe('two devices that report one MAC, in the app', () => {
  let fleet: Fleet;
  let first: SimDevice;
  let second: SimDevice;
  let mover: SimDevice;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  const events: AppEvent[] = [];

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result;
  }
  const waitFor = async (predicate: () => boolean | Promise<boolean>, timeout = 10_000): Promise<void> => {
    await expect.poll(predicate, { timeout, interval: 50 }).toBe(true);
  };
  /** Scans and answers each host as last reported (a later report of an address replaces the first). */
  async function scan(targets: string): Promise<Map<string, DiscoveredHost>> {
    const started = await call('discovery:start', { targets, ports: [first.port] });
    const scanId = started.ok ? started.value.scanId : '';
    await waitFor(() => events.some((e) => e.type === 'discovery:done' && e.payload.scanId === scanId));
    const hosts = new Map<string, DiscoveredHost>();
    for (const e of events) {
      if (e.type === 'discovery:found' && e.payload.scanId === scanId)
        hosts.set(e.payload.host.address, e.payload.host);
    }
    return hosts;
  }
  const snapshot = async () => {
    const s = await call('monitor:snapshot', undefined);
    if (!s.ok) throw new Error(s.error.message);
    return s.value;
  };

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: [{ mac: MAC }, { mac: MAC }, { mac: OTHER_MAC }],
    });
    [first, second, mover] = devicesOf(fleet, 3);
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-app-same-mac-'));
    services = await openAppCore({
      dataDir,
      hostname: 'site-laptop',
      identity: { name: 'Minerdeck', version: '0.1.0' },
      system: {
        saveFile: async () => ok({ path: '/chosen/file' }),
      },
    });
    services.events.subscribe((batch) => events.push(...batch));
    handlers = createHandlers(services);
  });

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('scans both, keeps two fleet rows flagged with each other, and polls both with their own password', async () => {
    const found = await scan(`${first.host}-${mover.host}`);
    expect(found.get(first.host)).toMatchObject({ seen: 'new', sameMacAs: [second.address] });
    expect(found.get(second.host)).toMatchObject({ seen: 'new', sameMacAs: [first.address] });
    const added = await call('monitor:add', {
      devices: [...found.values()].map((h) => ({ address: `http://${h.address}:${h.port}` })),
    });
    expect(added).toEqual(ok({ added: 3, alreadyThere: 0 }));

    const rows = (await snapshot()).devices;
    expect(rows.map((d) => [d.deviceId, d.sameMacAs])).toEqual([
      [`mac:${MAC}`, [second.address]],
      [`addr:${short(second)}`, [first.address]],
      [`mac:${OTHER_MAC}`, undefined],
    ]);
    const ids = rows.map((d) => d.deviceId);
    const unlocked = await call('credentials:unlock', {
      deviceIds: ids,
      password: PASSWORD,
      remember: true,
      scope: 'device',
    });
    expect(unlocked.ok && unlocked.value.outcomes.map((o) => o.ok)).toEqual([true, true, true]);
    // Two keychain entries, not one overwritten: each row has its own stored password.
    const listing = await services.credentials?.vault.list();
    expect(listing?.devices.map((d) => [d.deviceId, d.address]).sort()).toEqual(
      [
        [`mac:${MAC}`, first.address],
        [`addr:${short(second)}`, second.address],
        [`mac:${OTHER_MAC}`, mover.address],
      ].sort(),
    );
    await waitFor(async () => (await snapshot()).devices.every((d) => d.view?.state === 'online'));
    for (const device of [first, second])
      expect(requestsTo(device, '/api/v1/status').length).toBeGreaterThan(0);
  });

  it('raises a duplicate-mac alert on each of the two, in the same words', async () => {
    const { alerts, devices } = await snapshot();
    expect(
      alerts
        .filter((a) => a.kind === 'duplicate-mac')
        .map((a) => [a.address, a.message])
        .sort(),
    ).toEqual([
      [first.address, `same MAC as ${short(second)}`],
      [second.address, `same MAC as ${short(first)}`],
    ]);
    expect(devices.filter((d) => d.view?.alerts.includes('duplicate-mac'))).toHaveLength(2);
  });

  it('lists both in the hand-over report, each with the conflict', async () => {
    const generated = await call('report:generate', { format: 'json' });
    const report = generated.ok ? generated.value.report : undefined;
    const row = (device: SimDevice) => report?.devices.find((d) => d.address === device.address);
    expect(report?.counts.devices).toBe(3);
    for (const [device, other] of [
      [first, second],
      [second, first],
    ] as const) {
      expect(row(device)).toMatchObject({ state: 'online', mac: MAC });
      expect(row(device)?.alerts.map((a) => a.message)).toContain(`same MAC as ${short(other)}`);
    }
  });

  it('still recognises a device that really moved (its old address silent) as moved, one row', async () => {
    const before = mover.address;
    const to = mover.host.replace(/\.(\d+)$/, (_m, n: string) => `.${Number(n) + 100}`);
    await mover.moveTo(to);
    const found = await scan(`${mover.host} ${first.host}`);
    expect(found.get(to)).toMatchObject({
      seen: 'moved',
      previousAddress: before.replace(/^http:\/\/|:\d+$/g, ''),
    });
    expect(found.get(to)?.sameMacAs).toBeUndefined();
    await call('monitor:add', { devices: [{ address: `http://${to}:${mover.port}` }] });
    const rows = (await snapshot()).devices;
    expect(rows.filter((d) => d.identity.mac === OTHER_MAC).map((d) => [d.deviceId, d.address])).toEqual([
      [`mac:${OTHER_MAC}`, mover.address],
    ]);
    expect(rows).toHaveLength(3);
  });
});
