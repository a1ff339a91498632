/**
 * Settings → "Site metrics" through the app's channels, over the core services built as Electron main
 * builds them (open-services.ts) and simulated devices on loopback: off by default; turned on with
 * `settings:update`, `metrics:status` names the URL; a real HTTP scrape shows each device's hash rate,
 * model and firmware (the recorder the app's monitor feeds) under the current site's name; the status
 * then has the last scrape time; a taken port is reported; turned off, nothing listens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { channelCaller } from '../support/app-channels';

const PASSWORD = 'Metrics-app-1';
const SITE = 'Container 7';

async function listenSomewhere(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** The sample line of `name` for the device, or undefined. */
const line = (text: string, name: string, device: SimDevice): string | undefined =>
  text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(`address="${device.address}"`));
const valueOf = (sample: string | undefined): number => Number(sample?.split(' ').at(-1));

describe('site metrics through the app channels', () => {
  let fleet: Fleet;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  const call = channelCaller(() => handlers);
  const status = async () => {
    const result = await call('metrics:status', undefined);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };

  beforeAll(async () => {
    fleet = await startFleet({ count: 3, defaults: { password: PASSWORD } });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-app-metrics-'));
    services = await openAppCore({
      dataDir,
    });
    handlers = createHandlers(services);
    expect((await call('sites:create', { name: SITE, use: true })).ok).toBe(true);
    await services.fleet!.add(fleet.devices.map((d) => ({ address: d.address })));
    const ids = (await services.fleet!.snapshot()).devices.map((d) => d.deviceId);
    const unlocked = await call('credentials:unlock', {
      deviceIds: ids,
      password: PASSWORD,
      remember: true,
      scope: 'site',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a host name or an unknown field as the address', () => {
    const input = contract['settings:update'].input;
    expect(input.safeParse({ metrics: { address: 'prometheus.local:9464' } }).success).toBe(false);
    expect(input.safeParse({ metrics: { enabled: 'yes' } }).success).toBe(false);
    expect(input.safeParse({ metrics: { enabled: true, address: '[::1]:9464' } }).success).toBe(true);
  });

  it('serves the app monitor once turned on, and shows the last scrape', async () => {
    expect(await status()).toEqual({ enabled: false, address: '127.0.0.1:9464' });
    // A port of our own choosing that is free: taken by us, released, then named in the setting.
    const probe = await listenSomewhere();
    const port = (probe.address() as AddressInfo).port;
    await closeServer(probe);
    const saved = await call('settings:update', { metrics: { enabled: true, address: `127.0.0.1:${port}` } });
    expect(saved.ok && saved.value.metrics).toEqual({ enabled: true, address: `127.0.0.1:${port}` });
    const on = await status();
    expect(on).toEqual({
      enabled: true,
      address: `127.0.0.1:${port}`,
      url: `http://127.0.0.1:${port}/metrics`,
    });

    // Scrape until every device has a hash rate and its model (the monitor's polls reached the recorder).
    const device = fleet.devices[0]!;
    let text = '';
    await expect
      .poll(
        async () => {
          text = await (await fetch(on.url!)).text();
          return fleet.devices.every(
            (d) =>
              valueOf(line(text, 'minerdeck_device_hash_rate_hashes_per_second', d)) > 0 &&
              /model="[^"]+"/.test(line(text, 'minerdeck_device_info', d) ?? ''),
          );
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    expect(line(text, 'minerdeck_device_hash_rate_hashes_per_second', device)).toMatch(
      new RegExp(
        `^minerdeck_device_hash_rate_hashes_per_second\\{site="${SITE}",device_id="[^"]+",address="${device.address}"\\} \\d`,
      ),
    );
    expect(line(text, 'minerdeck_device_state', device)).toContain('state="online"');
    expect(text).toContain(`minerdeck_fleet_devices{site="${SITE}",state="online"} 3`);
    expect(text).not.toContain(PASSWORD);

    const scraped = await status();
    expect(scraped.lastScrapeAt).toBeGreaterThan(Date.now() - 60_000);
    expect(scraped.lastScrapeAt).toBeLessThanOrEqual(Date.now());
  }, 30_000);

  it('reports a taken port in plain words, keeps the setting, and closes when turned off', async () => {
    const other = await listenSomewhere();
    const address = `127.0.0.1:${(other.address() as AddressInfo).port}`;
    const before = (await status()).url!;
    const saved = await call('settings:update', { metrics: { address } });
    expect(saved.ok).toBe(true);
    const blocked = await status();
    expect(blocked).toEqual({
      enabled: true,
      address,
      error: `${address} is already in use (another program listens there): choose another port.`,
      // The same words as a key and values, for the window's language (Settings' site metrics card).
      errorText: { id: 'settings.siteMetrics.error.inUse', values: { where: address } },
    });
    // The old address was let go: one server at most, at the address the setting names.
    await expect(fetch(before)).rejects.toThrow();
    await closeServer(other);

    const off = await call('settings:update', { metrics: { enabled: false } });
    expect(off.ok && off.value.metrics.enabled).toBe(false);
    expect(await status()).toEqual({ enabled: false, address });
  });
});
