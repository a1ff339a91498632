/**
 * The factory-password flag comes only from evidence (issue 22, item 10): a device flagged "Factory pw"
 * has accepted the factory password, and nothing since says otherwise. Through the app's channels, as
 * Electron main builds them, against the simulator over loopback HTTP: a site unlocked with `admin` (the
 * Unlock dialog's default: the site password, API keys created), one device's password changed here, then
 * its password forgotten and an unlock with a wrong password tried — the device is not flagged and raises
 * no `factory-password` alert, while the untouched device, which still has `admin`, stays flagged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Handlers } from '../../shared/ipc/contract';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { devicesOf } from '../support/sim-targets';

const FACTORY = 'admin';
const NEW_PW = 'Hall-2-new-pw-4471';
const WRONG = 'not-the-password-1';

describe('the factory-password flag comes only from evidence, in the app', () => {
  let fleet: Fleet;
  let changed: SimDevice;
  let untouched: SimDevice;
  let services: CoreServices;
  let handlers: Handlers;
  let dir: string;
  const ids = new Map<SimDevice, string>();

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as Extract<Awaited<ReturnType<Handlers[C]>>, { ok: true }>['value'];
  }
  const snapshot = () => call('monitor:snapshot', undefined);
  const rowOf = async (device: SimDevice) =>
    (await snapshot()).devices.find((d) => d.deviceId === ids.get(device))!;
  const factoryAlerts = async () =>
    (await snapshot()).alerts.filter((a) => a.kind === 'factory-password').map((a) => a.address);
  const poll = (predicate: () => Promise<boolean>, timeout = 10_000) =>
    expect.poll(predicate, { timeout, interval: 50 }).toBe(true);

  beforeAll(async () => {
    fleet = await startFleet({ count: 2, defaults: { password: FACTORY } });
    [changed, untouched] = devicesOf(fleet, 2);
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-app-factory-evidence-'));
    services = await openAppCore({ dataDir: dir });
    handlers = createHandlers(services);
    await call('monitor:add', { devices: [changed, untouched].map((d) => ({ address: d.address })) });
    for (const row of (await snapshot()).devices) {
      ids.set(
        [changed, untouched].find((d) => d.address === row.address)!,
        row.deviceId,
      );
    }
    const all = [...ids.values()];
    // What the Unlock dialog does by default: the site password, remembered, then an API key each.
    const unlocked = await call('credentials:unlock', {
      deviceIds: all,
      password: FACTORY,
      remember: true,
      scope: 'site',
    });
    expect(unlocked.outcomes.map((o) => o.ok)).toEqual([true, true]);
    const keys = await call('credentials:provision', { deviceIds: all });
    expect(keys.outcomes.map((o) => o.ok)).toEqual([true, true]);
  }, 60_000);

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('both devices are flagged while they have the factory password', async () => {
    await poll(async () => (await snapshot()).devices.every((d) => d.view?.state === 'online'));
    await poll(async () => (await rowOf(changed)).credentials.factoryPassword === true);
    expect((await rowOf(untouched)).credentials.factoryPassword).toBe(true);
    await poll(async () => (await factoryAlerts()).length === 2);
  });

  it('after a change, Forget… and a wrong unlock, the changed device is not flagged and raises no alert', async () => {
    const deviceIds = [ids.get(changed)!];
    const result = await call('commission:password-change', {
      deviceIds,
      confirmed: deviceIds,
      mode: 'own',
      password: { kind: 'typed', password: NEW_PW },
    });
    expect(result.results.map((r) => r.outcome)).toEqual(['done']);
    await poll(async () => (await rowOf(changed)).credentials.factoryPassword === undefined);

    const forgot = await call('credentials:forget', { deviceIds, what: 'password' });
    expect(forgot.outcomes.map((o) => o.ok)).toEqual([true]);
    const wrong = await call('credentials:unlock', {
      deviceIds,
      password: WRONG,
      remember: true,
      scope: 'site',
    });
    expect(wrong.outcomes.map((o) => [o.ok, o.error?.code])).toEqual([[false, 'WRONG_PASSWORD']]);
    expect(changed.password).toBe(NEW_PW);

    // Polls go on with the API key; give the monitor a few rounds to raise anything it would.
    const polled = changed.requests.length;
    await poll(async () => changed.requests.length >= polled + 3);
    const row = await rowOf(changed);
    expect(row.credentials.factoryPassword).toBeUndefined();
    expect(row.view?.alerts ?? []).not.toContain('factory-password');
    expect(await factoryAlerts()).toEqual([untouched.address]);
    expect((await rowOf(untouched)).credentials.factoryPassword).toBe(true);
    const detail = await call('monitor:device', { deviceId: ids.get(changed)! });
    expect(detail.device.credentials.factoryPassword).toBeUndefined();
    // The report says the same: the password is not the factory default.
    const { report } = await call('report:generate', { format: 'csv' });
    const entry = report.devices.find((d) => d.deviceId === ids.get(changed));
    expect(entry?.password.status).not.toBe('factory-default');
    expect(report.counts.factoryPasswords).toBe(1);
  });
});
