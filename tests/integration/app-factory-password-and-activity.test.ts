/**
 * The factory-password flag, the activity log and the report's setup columns in the app's core, as Electron
 * main builds it (openCoreServices, createHandlers, the simulator over loopback HTTP): a device whose working
 * password is the factory default — stored, or typed this session without "remember" — is flagged in its
 * fleet row and raises a `factory-password` alert that counts with the others; a password change clears both
 * and lands in the site's activity log, which the Site → Activity channel lists (per device too), the report
 * summarises (with a "Password" column, pools and workers as read back, the LED), and the site export carries
 * to another laptop, merged once however often it is imported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import { ok } from '../../shared/result';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { devicesOf } from '../support/sim-targets';
import { openAppCore } from '../support/app-core';

const FACTORY = 'admin';
const OWN = 'own-pw-5150';
const NEW_PW = 'Hall-5-new-pw-77';

async function openApp(dataDir: string, hostname: string): Promise<CoreServices> {
  return openAppCore({
    dataDir,
    hostname,
    identity: { name: 'Minerdeck', version: '0.1.0' },
    system: {
      saveFile: async () => ok({ path: '/chosen/file' }),
    },
  });
}

describe('factory password flag and activity log, in the app', () => {
  let fleet: Fleet;
  let stored: SimDevice;
  let typed: SimDevice;
  let own: SimDevice;
  let services: CoreServices;
  let handlers: Handlers;
  const dirs: string[] = [];
  const others: CoreServices[] = [];
  const ids = new Map<SimDevice, string>();

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result.value as Extract<Awaited<ReturnType<Handlers[C]>>, { ok: true }>['value'];
  }
  const snapshot = () => call('monitor:snapshot', undefined);
  const rowOf = async (device: SimDevice) =>
    (await snapshot()).devices.find((d) => d.deviceId === ids.get(device))!;
  const poll = (predicate: () => Promise<boolean>, timeout = 10_000) =>
    expect.poll(predicate, { timeout, interval: 50 }).toBe(true);

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: FACTORY },
      devices: [{}, {}, { password: OWN }],
    });
    [stored, typed, own] = devicesOf(fleet, 3);
    const dir = mkdtempSync(join(tmpdir(), 'minerdeck-app-factory-'));
    dirs.push(dir);
    services = await openApp(dir, 'laptop-a');
    handlers = createHandlers(services);
    await call('monitor:add', { devices: [stored, typed, own].map((d) => ({ address: d.address })) });
    for (const row of (await snapshot()).devices) {
      ids.set(
        [stored, typed, own].find((d) => d.address === row.address)!,
        row.deviceId,
      );
    }
    const unlock = (device: SimDevice, password: string, remember: boolean) =>
      call('credentials:unlock', { deviceIds: [ids.get(device)!], password, remember, scope: 'device' });
    expect((await unlock(stored, FACTORY, true)).outcomes[0]?.ok).toBe(true);
    expect((await unlock(typed, FACTORY, false)).outcomes[0]?.ok).toBe(true);
    expect((await unlock(own, OWN, true)).outcomes[0]?.ok).toBe(true);
  }, 60_000);

  afterAll(async () => {
    for (const s of [services, ...others]) await s?.dispose();
    await fleet?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('flags the factory password (stored, or typed this session) in the row and as an alert that counts', async () => {
    await poll(async () => (await snapshot()).devices.every((d) => d.view?.state === 'online'));
    expect((await rowOf(stored)).credentials.factoryPassword).toBe(true);
    expect((await rowOf(typed)).credentials).toMatchObject({ password: 'none', factoryPassword: true });
    expect((await rowOf(own)).credentials.factoryPassword).toBeUndefined();
    const { alerts, totals } = await snapshot();
    const factory = alerts.filter((a) => a.kind === 'factory-password');
    expect(factory.map((a) => a.address).sort()).toEqual([stored.address, typed.address].sort());
    expect(factory[0]?.message).toMatch(/factory default "admin"/);
    expect(totals.activeAlerts).toBe(alerts.length);
    expect((await rowOf(stored)).view?.alerts).toContain('factory-password');
    expect((await rowOf(own)).view?.alerts).not.toContain('factory-password');
    // The device panel reads the same badges.
    const detail = await call('monitor:device', { deviceId: ids.get(typed)! });
    expect(detail.device.credentials.factoryPassword).toBe(true);
  });

  it('a password change clears the flag and the alert, and is in the site’s activity log', async () => {
    const deviceIds = [ids.get(stored)!];
    const plan = await call('commission:password-plan', { deviceIds, mode: 'own' });
    expect(plan.map((p) => p.send)).toEqual([true]);
    const changed = await call('commission:password-change', {
      deviceIds,
      confirmed: deviceIds,
      mode: 'own',
      password: { kind: 'typed', password: NEW_PW },
    });
    expect(changed.results.map((r) => r.outcome)).toEqual(['done']);
    await poll(async () => (await rowOf(stored)).credentials.factoryPassword === undefined);
    await poll(async () => !(await rowOf(stored)).view?.alerts.includes('factory-password'));
    expect((await rowOf(typed)).view?.alerts).toContain('factory-password');

    const log = await call('sites:activity', undefined);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'password-change',
      by: 'laptop-a',
      summary: 'password changed on 1 of 1 device',
      devices: [{ deviceId: ids.get(stored), address: stored.address, outcome: 'done' }],
    });
    expect(await call('sites:activity', { deviceId: ids.get(typed)! })).toEqual([]);
    expect(await call('sites:activity', { deviceId: ids.get(stored)! })).toHaveLength(1);
    // Strict input: nothing but a site and a device.
    expect(contract['sites:activity'].input.safeParse({ deviceId: 'x', password: 'y' }).success).toBe(false);
    expect(JSON.stringify(log)).not.toContain(NEW_PW);
  });

  it('reports the Password column, pools and workers as read back, the LED and the activity summary', async () => {
    const { report, content } = await call('report:generate', { format: 'csv' });
    const by = (device: SimDevice) => report.devices.find((d) => d.deviceId === ids.get(device))!;
    expect(by(stored).password).toMatchObject({ status: 'changed-here', changedAt: expect.any(String) });
    expect(by(typed).password).toEqual({ status: 'factory-default' });
    expect(by(own).password).toEqual({ status: 'set-elsewhere' });
    expect(by(typed).problems[0]).toMatch(/factory default "admin"/);
    expect(by(typed).alerts.map((a) => a.kind)).not.toContain('factory-password');
    expect(report.counts.factoryPasswords).toBe(1);
    for (const device of [stored, typed, own]) {
      expect(by(device).led).toBe('off');
      expect(by(device).pools?.[0]).toEqual({
        url: expect.stringMatching(/^stratum/),
        user: expect.any(String),
      });
    }
    expect(report.activity).toEqual([
      expect.objectContaining({ action: 'password-change', summary: 'password changed on 1 of 1 device' }),
    ]);
    expect(content).toMatch(/^activity,.*laptop-a · password changed on 1 of 1 device/m);
    expect(content).toMatch(/,password,password_changed_at,pools,led,last_restart,/);
    expect(content).not.toContain(NEW_PW);
  });

  it('exports the activity with the site; another laptop merges it once, however often imported', async () => {
    const exported = await call('inventory:export', undefined);
    expect(exported.content).toContain('"activity"');
    expect(exported.content).not.toContain(NEW_PW);
    const dir = mkdtempSync(join(tmpdir(), 'minerdeck-app-factory-b-'));
    dirs.push(dir);
    const laptopB = await openApp(dir, 'laptop-b');
    others.push(laptopB);
    const handlersB = createHandlers(laptopB);
    const first = await handlersB['inventory:import']({ text: exported.content });
    const again = await handlersB['inventory:import']({ text: exported.content });
    expect(first.ok && first.value.kind === 'site-json' && first.value.activityAdded).toBe(1);
    expect(again.ok && again.value.kind === 'site-json' && again.value.activityAdded).toBe(0);
    const site = first.ok ? first.value.site.id : '';
    const log = await handlersB['sites:activity']({ site });
    expect(log.ok && log.value.map((e) => [e.by, e.summary])).toEqual([
      ['laptop-a', 'password changed on 1 of 1 device'],
    ]);
  });

  it('API keys created are writes too: one activity entry, an outcome per device, never the key', async () => {
    const result = await call('credentials:provision', { deviceIds: [ids.get(stored)!] });
    expect(result.outcomes).toEqual([expect.objectContaining({ ok: true })]);
    const log = await call('sites:activity', { deviceId: ids.get(stored)! });
    const entry = log.find((e) => e.action === 'api-key');
    expect(entry).toMatchObject({ by: 'laptop-a', summary: 'API key created on 1 of 1 device' });
    expect(entry?.devices).toEqual([
      expect.objectContaining({ outcome: 'done', message: 'API key created, verified and stored' }),
    ]);
    const keys = stored.apiKeys.map((k) => k.key);
    expect(keys).toHaveLength(1);
    expect(JSON.stringify(log)).not.toContain(keys[0]!);
  });
});
