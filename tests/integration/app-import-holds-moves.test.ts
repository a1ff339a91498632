/**
 * The app's channels (createHandlers over the core opened as Electron main opens it) with simulated
 * devices over loopback: an imported site file that puts a known device — one whose site password is in
 * the keychain and which the monitor polls — at another address sends nothing there. The import lists the
 * conflict as pending and the monitor keeps polling our address; the same file as a new site holds the
 * device back; a device known only by the keychain's credentials is held back as well. Only
 * `inventory:accept-import` moves the device, and then its stored password goes to the accepted address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { devicesOf, unlocksOf } from '../support/sim-targets';

const PASSWORD = 'Hold-Moves-pw-0422';
const MACS = ['02:F5:00:00:00:01', '02:F5:00:00:00:02', '02:F5:00:00:00:03', '02:F5:00:00:00:04'];

interface ExportFile {
  site: { id: string; name: string };
  devices: { id: string; address: string; addressHistory: object[] }[];
}

describe('an imported file cannot move a device in the app', () => {
  let fleet: Fleet;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  let device: SimDevice;
  let elsewhere: SimDevice;
  let forgotten: SimDevice;
  let elsewhere2: SimDevice;
  /** The id the app gave the device it was told to add (by its address: no scan read its MAC). */
  let id = '';

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result;
  }
  const waitFor = async (predicate: () => boolean | Promise<boolean>, timeout = 10_000): Promise<void> => {
    await expect.poll(predicate, { timeout, interval: 50 }).toBe(true);
  };
  const idOf = async (address: string): Promise<string> => {
    const listed = await call('inventory:devices', undefined);
    const found = listed.ok ? listed.value.devices.find((d) => d.address === address) : undefined;
    if (found === undefined) throw new Error(`${address} is not in the site`);
    return found.id;
  };
  const stateOf = async (deviceId: string) => {
    const snapshot = await call('monitor:snapshot', undefined);
    return snapshot.ok ? snapshot.value.devices.find((d) => d.deviceId === deviceId) : undefined;
  };
  /** The current site's export, changed as a colleague's (or someone hostile's) file would be. */
  const fileWith = async (edit: (file: ExportFile) => void): Promise<string> => {
    const exported = await call('inventory:export', undefined);
    if (!exported.ok) throw new Error(exported.error.message);
    const file = JSON.parse(exported.value.content) as ExportFile;
    edit(file);
    return JSON.stringify(file);
  };
  const put = (file: ExportFile, deviceId: string, address: string) => {
    const record = file.devices.find((d) => d.id === deviceId);
    if (record === undefined) throw new Error(`no ${deviceId} in the export`);
    record.address = address;
    const at = new Date().toISOString();
    record.addressHistory.push({ address, firstSeen: at, lastSeen: at });
  };

  beforeAll(async () => {
    fleet = await startFleet({ defaults: { password: PASSWORD }, devices: MACS.map((mac) => ({ mac })) });
    [device, elsewhere, forgotten, elsewhere2] = devicesOf(fleet, 4);
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-app-import-holds-'));
    services = await openAppCore({ dataDir });
    handlers = createHandlers(services);
  });

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps polling our address: nothing reaches the file’s until the technician accepts it', async () => {
    expect(await call('monitor:add', { devices: [{ address: device.address }] })).toMatchObject({
      ok: true,
      value: { added: 1 },
    });
    id = await idOf(device.address);
    const unlocked = await call('credentials:unlock', {
      deviceIds: [id],
      password: PASSWORD,
      remember: true,
      scope: 'site',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
    await waitFor(async () => (await stateOf(id))?.view?.state === 'online');

    const moved = await fileWith((file) => put(file, id, elsewhere.address));
    const imported = await call('inventory:import', { text: moved });
    expect(imported).toMatchObject({
      ok: true,
      value: {
        conflicts: [
          {
            deviceId: id,
            field: 'address',
            local: device.address,
            incoming: elsewhere.address,
            kept: 'local',
            pending: true,
          },
        ],
      },
    });
    // The same file as a site of its own: the device is known here, so it is held back, not added there.
    const asNewSite = await fileWith((file) => {
      put(file, id, elsewhere.address);
      file.site = { ...file.site, id: 'hall-9', name: 'Hall 9' };
    });
    expect(await call('inventory:import', { text: asNewSite })).toMatchObject({
      ok: true,
      value: {
        siteCreated: true,
        added: 0,
        conflicts: [{ deviceId: id, local: device.address, pending: true }],
      },
    });
    expect(await call('inventory:devices', { site: 'Hall 9' })).toMatchObject({
      ok: true,
      value: { devices: [] },
    });

    // Polls go on at our address (several rounds), and not one request at the file's.
    const before = device.requests.length;
    await waitFor(() => device.requests.slice(before).filter((r) => r.path === '/api/v1/status').length >= 4);
    expect((await stateOf(id))?.view?.state).toBe('online');
    expect(elsewhere.requests).toEqual([]);

    expect(await call('inventory:accept-import', { deviceId: id, field: 'address' })).toEqual({
      ok: true,
      value: {
        accepted: [{ deviceId: id, field: 'address', value: elsewhere.address, previous: device.address }],
      },
    });
    // The monitor follows the site: the stored site password now goes to the accepted address.
    await waitFor(() => unlocksOf(elsewhere).length > 0);
    expect(unlocksOf(elsewhere)[0]?.body).toContain(PASSWORD);
    expect(await call('inventory:accept-import', { deviceId: id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('holds back a device known only by the keychain’s credentials for another address', async () => {
    await call('monitor:add', { devices: [{ address: forgotten.address }] });
    const forgottenId = await idOf(forgotten.address);
    const unlocked = await call('credentials:unlock', {
      deviceIds: [forgottenId],
      password: PASSWORD,
      remember: true,
      scope: 'device',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
    const file = await fileWith((f) => {
      put(f, forgottenId, elsewhere2.address);
      f.site = { ...f.site, id: 'hall-8', name: 'Hall 8' };
    });
    // Out of the inventory; its password stays in the keychain.
    expect(await call('inventory:remove-device', { deviceId: forgottenId })).toMatchObject({ ok: true });
    const imported = await call('inventory:import', { text: file });
    expect(imported.ok && imported.value.conflicts).toContainEqual(
      expect.objectContaining({ deviceId: forgottenId, local: forgotten.address, pending: true }),
    );
    const hall8 = await call('inventory:devices', { site: 'Hall 8' });
    expect(hall8.ok && hall8.value.devices.map((d) => d.id)).not.toContain(forgottenId);
    expect(await call('sites:use', { site: 'Hall 8' })).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(elsewhere2.requests).toEqual([]);
  });
});
