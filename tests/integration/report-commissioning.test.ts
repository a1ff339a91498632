/**
 * The hand-over report after a simulated commissioning, through the core the app and the CLI share:
 * scan a simulated site and save it, unlock the batch with one site password (one device has its own and
 * refuses it), provision API keys, then let devices misbehave (too hot, slow, failed, gone) and produce
 * the report. Then the data folder and all three report files are searched for every password, key and
 * session token used.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BulkTarget } from '../../electron/core/credentials/credential-services';
import { createDeviceClient } from '../../electron/core/device/client';
import type { DeviceClient } from '../../electron/core/device/client';
import { startScan } from '../../electron/core/discovery/scanner';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import { createReportService } from '../../electron/core/report/report-service';
import { checkDevices } from '../../electron/core/report/live-check';
import { renderReport } from '../../electron/core/report/render-report';
import { credentialFactsOf } from '../../electron/core/report/credential-facts';
import type { DiscoveredHost } from '../../shared/domain/discovery';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import { handOverReportSchema } from '../../shared/domain/report';
import { parseTargets } from '../../shared/domain/targets/parse-targets';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { tempDataDir } from '../support/inventory-fixtures';
import { leaksInFiles, leaksInText, secretsOnTheWire } from '../support/secret-scan';
import { devicesOf } from '../support/sim-targets';

const SITE_PW = 'Hall7-Site-Canary-pw';
const OWN_PW = 'Own-Device-Canary-pw';
const TH = 1e12;

let fleet: Fleet;
let client: DeviceClient;

beforeAll(async () => {
  fleet = await startFleet({
    defaults: { password: SITE_PW },
    devices: [
      { mac: '02:AA:00:00:00:01', hostname: 'good-1' },
      { mac: '02:AA:00:00:00:02', hostname: 'hot-2' },
      { mac: '02:AA:00:00:00:03', hostname: 'slow-3' },
      { mac: '02:AA:00:00:00:04', hostname: 'failed-4' },
      { mac: '02:AA:00:00:00:05', hostname: 'gone-5' },
      { mac: '02:AA:00:00:00:06', hostname: 'own-pw-6', password: OWN_PW },
      { profile: 'spec' },
    ],
  });
  client = createDeviceClient({ totalTimeoutMs: 2_000 });
});

afterAll(async () => {
  client.close();
  await fleet.close();
});

async function scan(devices: readonly SimDevice[]): Promise<DiscoveredHost[]> {
  const targets = parseTargets(devices.map((d) => d.host));
  if (!targets.ok) throw new Error(targets.error.message);
  const found: DiscoveredHost[] = [];
  const handle = startScan(targets.value, {
    ports: [fleet.devices[0]?.port ?? 80],
    onResult: (h) => found.push(h),
  });
  if (!handle.ok) throw new Error(handle.error.message);
  await handle.value.done;
  return found;
}

it(
  'reports what was found, how each device ended, its key (yes/no) and its alerts; no secret anywhere',
  { timeout: 30_000 },
  async () => {
    const [good, hot, slow, failed, gone, own, spec] = devicesOf(fleet, 7);
    const dataDir = tempDataDir('commissioning');
    const credentials = servicesFor(client);
    const app = { name: 'Minerdeck', version: '0.1.0' };
    const inventory = createInventoryServices({ dataDir, laptop: 'field-laptop', app });
    const hallReports = createReportService({
      store: inventory.store,
      laptop: 'field-laptop',
      app,
      credentialFacts: async () => credentialFactsOf(await credentials.vault.list()),
      liveCheck: (targets, signal) =>
        checkDevices(targets, {
          client,
          sessions: credentials.sessions,
          timeoutMs: 1_500,
          ...(signal ? { signal } : {}),
        }),
    });

    // 1. Site and scan.
    const site = await inventory.createSite({ name: 'Hall 7' });
    expect(site.ok).toBe(true);
    const saved = await inventory.saveScan(undefined, await scan(fleet.devices));
    expect(saved).toMatchObject({ ok: true, value: { added: 7 } });
    const listed = await inventory.devices();
    if (!listed.ok) throw new Error(listed.error.message);
    const targets: BulkTarget[] = listed.value.devices.map((d) => {
      const address = parseDeviceAddress(d.address);
      if (!address.ok) throw new Error(d.address);
      return { deviceId: d.id, address: address.value };
    });

    // 2. Unlock the batch with the site password (remembered for the site), 3. provision keys.
    const unlocked = await credentials.unlockMany(targets, SITE_PW, { remember: true, siteId: 'hall-7' });
    expect(unlocked.filter((o) => o.ok)).toHaveLength(6);
    const provisioned = await credentials.provisionMany(
      targets.filter((t) => t.deviceId !== 'mac:02:AA:00:00:00:06'),
    );
    expect(provisioned.filter((o) => o.ok)).toHaveLength(6);

    // 4. The site misbehaves before hand-over.
    hot.setMetrics({ chipTempMax: 97 });
    slow.setMetrics({ hashRateFactor: 0.5 });
    failed.setMinerState('failure', { description: 'hashboard 2 not detected', code: 3 });
    await gone.goDown(600);

    // 5. The report.
    const report = await hallReports.report();
    if (!report.ok) throw new Error(report.error.message);
    const value = report.value;
    expect(handOverReportSchema.safeParse(value).success).toBe(true);
    expect(value).toMatchObject({
      site: { id: 'hall-7', name: 'Hall 7' },
      laptop: 'field-laptop',
      counts: { devices: 7, byState: { online: 5, offline: 1, locked: 1 }, apiKeys: 6 },
    });
    const byHost = new Map(value.devices.map((d) => [parseDeviceAddress(d.address).ok ? d.address : '', d]));
    const of = (device: SimDevice) => byHost.get(device.address);

    expect(of(good)).toMatchObject({
      mac: '02:AA:00:00:00:01',
      hostname: 'good-1',
      model: 'Antminer S21 Pro',
      firmware: 'Vnish 1.2.7',
      state: 'online',
      minerState: 'mining',
      apiKey: true,
      commissioning: 'verified',
      alerts: [],
      problems: [],
    });
    expect(of(good)?.hashRate).toBeGreaterThan(100 * TH);
    expect(of(good)?.hashRateShare).toBeGreaterThan(0.8);
    expect(of(good)?.chipTempMax).toBeGreaterThan(30);
    expect(of(hot)?.alerts.map((a) => a.kind)).toEqual(['temperature']);
    expect(of(hot)?.chipTempMax).toBe(97);
    expect(of(slow)?.alerts.map((a) => a.kind)).toEqual(['hash-rate']);
    expect(of(slow)?.hashRateShare).toBeLessThan(0.6);
    expect(of(failed)).toMatchObject({ state: 'online', minerState: 'failure', commissioning: 'problem' });
    expect(of(failed)?.alerts.map((a) => a.message)).toEqual([
      expect.stringContaining('hashboard 2 not detected'),
    ]);
    expect(of(gone)).toMatchObject({
      state: 'offline',
      apiKey: true,
      commissioning: 'problem',
      hashRate: null,
    });
    expect(of(gone)?.alerts.map((a) => a.kind)).toEqual(['offline']);
    expect(of(own)).toMatchObject({ state: 'locked', apiKey: false, commissioning: 'found' });
    expect(of(own)?.alerts.map((a) => a.kind)).toEqual(['needs-password']);
    expect(of(spec)).toMatchObject({
      deviceId: expect.stringMatching(/^addr:/) as unknown,
      mac: null,
      state: 'online',
      apiKey: true,
    });

    // The inventory remembers how far each device got.
    const after = await inventory.devices();
    const statuses = after.ok
      ? Object.fromEntries(
          after.value.devices.map((d) => [d.identity.hostname ?? d.id, d.commissioning.status]),
        )
      : {};
    expect(statuses).toMatchObject({ 'good-1': 'verified', 'gone-5': 'problem', 'own-pw-6': 'found' });

    // 6. All three formats written next to the inventory, then searched with it for every secret used.
    const reports = join(dataDir, 'reports');
    mkdirSync(reports);
    const rendered = (['csv', 'json', 'html'] as const).map((format) => renderReport(value, format));
    for (const file of rendered) writeFileSync(join(reports, file.fileName), file.content);
    expect(rendered.find((r) => r.format === 'html')?.content).toContain('hashboard 2 not detected');
    expect(rendered.find((r) => r.format === 'csv')?.content).toContain('hot-2');

    const { keys, tokens } = secretsOnTheWire(fleet.requests, fleet.devices);
    expect(fleet.devices.flatMap((d) => d.apiKeys)).toHaveLength(6);
    expect(tokens.length).toBeGreaterThan(0);
    const secrets = [SITE_PW, OWN_PW, ...keys, ...tokens];
    const search = leaksInFiles(dataDir, secrets);
    expect(search.files).toBe(4);
    expect(search.leaks).toEqual([]);
    expect(leaksInText(Object.fromEntries(rendered.map((r) => [r.fileName, r.content])), secrets)).toEqual(
      [],
    );
    await credentials.dispose();
  },
);
