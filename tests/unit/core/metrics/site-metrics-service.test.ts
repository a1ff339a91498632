/**
 * The app's site-metrics service over a real settings store and real HTTP on loopback: off by default,
 * served as soon as the setting is turned on, moved when the address changes, closed when turned off, a
 * taken port reported in the status while the setting stays saved (and retried when saved again), the
 * last scrape time, and polls recorded only while metrics are on.
 */
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  MetricsMonitor,
  SiteMetricsService,
} from '../../../../electron/core/metrics/site-metrics-service';
import { createSiteMetricsService } from '../../../../electron/core/metrics/site-metrics-service';
import type { SettingsStore } from '../../../../electron/core/settings/settings-store';
import { openSettingsStore } from '../../../../electron/core/settings/settings-store';
import type { SettingsPatch } from '../../../../shared/domain/settings';
import { expositionInput, fleetView } from '../../../support/metrics-fixtures';
import { freePort } from '../../../support/free-port';

const SCRAPED_AT = Date.UTC(2026, 0, 2, 3, 4, 5);

/** Listens on a free loopback port; the caller closes it (or keeps it to make the port taken). */
async function listenSomewhere(): Promise<Server> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const portOf = (server: Server): number => (server.address() as AddressInfo).port;
const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

const input = expositionInput(fleetView(3), 'Container 7');
const monitor: MetricsMonitor = { snapshot: () => input.snapshot, stats: () => input.stats };
const firstDevice = input.snapshot.devices[0]!;

const opened: SiteMetricsService[] = [];
const taken: Server[] = [];
afterEach(async () => {
  for (const service of opened.splice(0)) await service.dispose();
  for (const server of taken.splice(0)) await closeServer(server);
});

async function open(
  initial: SettingsPatch = {},
  running: () => MetricsMonitor | undefined = () => monitor,
): Promise<{ service: SiteMetricsService; settings: SettingsStore }> {
  const settings = await openSettingsStore({ initial });
  const service = createSiteMetricsService({
    settings,
    monitor: running,
    site: () => 'Container 7',
    now: () => SCRAPED_AT,
  });
  opened.push(service);
  return { service, settings };
}

const scrape = async (url: string): Promise<string> => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return res.text();
};
const refused = (url: string) =>
  fetch(url).then(
    () => 'answered',
    () => 'refused',
  );

describe('site metrics in the app', () => {
  it('are off by default, at the loopback default address', async () => {
    const { service, settings } = await open();
    expect(settings.current().metrics).toEqual({ enabled: false, address: '127.0.0.1:9464' });
    expect(await service.status()).toEqual({ enabled: false, address: '127.0.0.1:9464' });
  });

  it('serve the monitor as soon as they are turned on, and record the last scrape', async () => {
    const { service, settings } = await open();
    const port = await freePort();
    const saved = await settings.update({ metrics: { enabled: true, address: `127.0.0.1:${port}` } });
    expect(saved.ok).toBe(true);
    const url = `http://127.0.0.1:${port}/metrics`;
    expect(await service.status()).toEqual({ enabled: true, address: `127.0.0.1:${port}`, url });

    const text = await scrape(url);
    expect(text).toContain(
      `minerdeck_device_hash_rate_hashes_per_second{site="Container 7",device_id="${firstDevice.deviceId}",address="${firstDevice.address}"} 190000000000000`,
    );
    expect(text).toContain('minerdeck_monitor_polls_total 1234');
    expect((await service.status()).lastScrapeAt).toBe(SCRAPED_AT);
  });

  it('move to a new address, and close when turned off', async () => {
    const { service, settings } = await open();
    const [first, second] = [await freePort(), await freePort()];
    await settings.update({ metrics: { enabled: true, address: `127.0.0.1:${first}` } });
    // The server starts after the setting is saved; the status waits for it.
    await scrape((await service.status()).url!);

    await settings.update({ metrics: { address: `127.0.0.1:${second}` } });
    const moved = await service.status();
    expect(moved.url).toBe(`http://127.0.0.1:${second}/metrics`);
    // A new server: not scraped yet.
    expect(moved.lastScrapeAt).toBeUndefined();
    expect(await refused(`http://127.0.0.1:${first}/metrics`)).toBe('refused');
    await scrape(`http://127.0.0.1:${second}/metrics`);

    await settings.update({ metrics: { enabled: false } });
    expect(await service.status()).toEqual({ enabled: false, address: `127.0.0.1:${second}` });
    expect(await refused(`http://127.0.0.1:${second}/metrics`)).toBe('refused');
  });

  it('report a taken port while the setting stays saved, and retry when it is saved again', async () => {
    const { service, settings } = await open();
    const other = await listenSomewhere();
    taken.push(other);
    const address = `127.0.0.1:${portOf(other)}`;
    const saved = await settings.update({ metrics: { enabled: true, address } });
    expect(saved.ok).toBe(true);
    expect(settings.current().metrics).toEqual({ enabled: true, address });
    const status = await service.status();
    expect(status).toEqual({
      enabled: true,
      address,
      error: `${address} is already in use (another program listens there): choose another port.`,
      // The same for the window's language (issue 35).
      errorText: { id: 'settings.siteMetrics.error.inUse', values: { where: address } },
    });

    await closeServer(taken.pop()!);
    await settings.update({ metrics: { enabled: true, address } });
    expect(await service.status()).toEqual({ enabled: true, address, url: `http://${address}/metrics` });
  });

  it('start at once when an earlier session left them on', async () => {
    const port = await freePort();
    const { service } = await open({ metrics: { enabled: true, address: String(port) } });
    const status = await service.status();
    expect(status.url).toBe(`http://127.0.0.1:${port}/metrics`);
    expect(await scrape(status.url!)).toContain(
      'minerdeck_fleet_devices{site="Container 7",state="online"} 2',
    );
  });

  it('record polls only while on, and serve no devices while monitoring is paused', async () => {
    const { service, settings } = await open({}, () => undefined);
    service.record({ deviceId: 'd', ms: 20 });
    const port = await freePort();
    await settings.update({ metrics: { enabled: true, address: `127.0.0.1:${port}` } });
    const url = (await service.status()).url!;
    expect(await scrape(url)).toContain('minerdeck_monitor_poll_duration_seconds_count 0');
    service.record({ deviceId: 'd', ms: 20 });
    const text = await scrape(url);
    expect(text).toContain('minerdeck_monitor_poll_duration_seconds_count 1');
    expect(text).not.toContain('minerdeck_device_up{');
    expect(text).toContain('minerdeck_fleet_devices{site="Container 7",state="online"} 0');
  });

  it('refuse an address that is not an IP and a port, and close on dispose', async () => {
    const { service, settings } = await open();
    for (const address of ['localhost:9464', '10.0.0.300:9464', '127.0.0.1:0', '[::g]:1', '']) {
      const saved = await settings.update({ metrics: { enabled: true, address } });
      expect(saved.ok).toBe(false);
    }
    expect(settings.current().metrics.enabled).toBe(false);
    const port = await freePort();
    await settings.update({ metrics: { enabled: true, address: `127.0.0.1:${port}` } });
    await service.dispose();
    expect(await refused(`http://127.0.0.1:${port}/metrics`)).toBe('refused');
  });
});
