/**
 * The inventory wired into the app, through real parts: the core services built as Electron main builds
 * them (open-services.ts), createHandlers, simulated devices over loopback HTTP. A scan added from the
 * window lands in the current site; the report made in the app carries the monitor's states and the
 * keychain's yes/no for API keys after a commissioning; switching sites switches the monitored fleet;
 * an old fleet.json joins the inventory at start; exports and reports go through the save dialog.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import { ok } from '../../shared/result';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';

const PASSWORD = 'inv-pw-2207';
const MACS = ['02:AB:00:00:07:01', '02:AB:00:00:07:02', '02:AB:00:00:07:03'];

describe('the inventory in the app', () => {
  let fleet: Fleet;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  const events: AppEvent[] = [];
  const saved: { name: string; content: string | Uint8Array }[] = [];
  let ids: string[] = [];

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result;
  }
  const waitFor = async (predicate: () => boolean | Promise<boolean>, timeout = 10_000): Promise<void> => {
    await expect.poll(predicate, { timeout, interval: 50 }).toBe(true);
  };
  const fleetIds = async (): Promise<string[]> => {
    const snapshot = await call('monitor:snapshot', undefined);
    return snapshot.ok ? snapshot.value.devices.map((d) => d.deviceId).sort() : [];
  };

  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: PASSWORD },
      devices: MACS.map((mac) => ({ mac })),
    });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-app-inventory-'));
    // A fleet list from before the inventory, with one device the scan will find again.
    const legacy = fleet.devices[2]!;
    writeFileSync(
      join(dataDir, 'fleet.json'),
      JSON.stringify({
        version: 1,
        devices: [
          {
            deviceId: `mac:${MACS[2]}`,
            address: `http://${legacy.host}:${legacy.port}`,
            identity: { mac: MACS[2], hostname: null, model: null, firmware: null, serial: null },
          },
        ],
      }),
    );
    services = await openAppCore({
      dataDir,
      hostname: 'site-laptop',
      identity: { name: 'Minerdeck', version: '0.1.0' },
      system: {
        saveFile: async (request) => {
          saved.push({ name: request.defaultName, content: request.content });
          return ok({ path: `/chosen/${request.defaultName}` });
        },
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

  it('starts with a first site holding the old fleet list, monitored', async () => {
    const sites = await call('sites:list', undefined);
    expect(sites).toMatchObject({
      ok: true,
      value: { sites: [{ name: 'Site 1', deviceCount: 1, current: true }] },
    });
    expect(sites.ok && sites.value.problems.map((p) => p.kind)).toEqual(['migrated']);
    expect(await fleetIds()).toEqual([`mac:${MACS[2]}`]);
  });

  it('saves what the window adds from a scan into the current site, with main’s own findings', async () => {
    const started = await call('discovery:start', {
      targets: fleet.devices.map((d) => d.host).join(', '),
      ports: [fleet.devices[0]!.port],
    });
    const scanId = started.ok ? started.value.scanId : '';
    await waitFor(() => events.some((e) => e.type === 'discovery:done' && e.payload.scanId === scanId));
    const found = events.flatMap((e) =>
      e.type === 'discovery:found' && e.payload.scanId === scanId ? [e.payload.host] : [],
    );
    // The device from the old list is recognised as known, not new.
    expect(found.filter((h) => h.seen === 'known').map((h) => h.address)).toEqual([fleet.devices[2]!.host]);
    const added = await call('monitor:add', {
      devices: found.map((h) => ({ address: `http://${h.address}:${h.port}` })),
    });
    expect(added).toEqual(ok({ added: 2, alreadyThere: 1 }));
    const devices = await call('inventory:devices', undefined);
    expect(devices.ok && devices.value.site.name).toBe('Site 1');
    // The page sent addresses only; the MACs and models are what main's scan read.
    expect(devices.ok && devices.value.devices.map((d) => d.identity.mac).sort()).toEqual([...MACS].sort());
    ids = await fleetIds();
    expect(ids).toHaveLength(3);
  });

  it('reports, after commissioning, the monitor’s states and which devices got an API key', async () => {
    const [first, second, third] = ids as [string, string, string];
    const unlocked = await call('credentials:unlock', {
      deviceIds: [first, second],
      password: PASSWORD,
      remember: true,
      scope: 'site',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
    // The site password is remembered for the site being commissioned, with the devices that took it.
    const listing = await services.credentials?.vault.list();
    expect(listing?.sites).toEqual([
      expect.objectContaining({ siteId: 'site-1', members: expect.arrayContaining([first, second]) }),
    ]);
    await call('credentials:provision', { deviceIds: [first] });
    await waitFor(async () => {
      const s = await call('monitor:snapshot', undefined);
      return (
        s.ok &&
        [first, second].every(
          (id) => s.value.devices.find((d) => d.deviceId === id)?.view?.state === 'online',
        )
      );
    });

    const generated = await call('report:generate', { format: 'json' });
    expect(generated.ok).toBe(true);
    const report = generated.ok ? generated.value.report : undefined;
    const row = (id: string) => report?.devices.find((d) => d.deviceId === id);
    expect(row(first)).toMatchObject({ state: 'online', apiKey: true, commissioning: 'verified' });
    expect(row(second)).toMatchObject({ state: 'online', apiKey: false });
    expect(row(third)).toMatchObject({ state: 'locked', apiKey: false });
    expect(row(first)?.hashRate).toBeGreaterThan(0);
    expect(report).toMatchObject({ site: { name: 'Site 1' }, laptop: 'site-laptop', counts: { apiKeys: 1 } });

    const csv = await call('report:save', { format: 'csv' });
    expect(csv).toEqual(
      ok({
        saved: true,
        path: expect.stringMatching(/^\/chosen\/minerdeck-report-site-1-.*\.csv$/),
        fileName: expect.any(String),
      }),
    );
    const html = await call('report:save', { format: 'html' });
    expect(html.ok).toBe(true);
    const page = String(saved.at(-1)?.content);
    expect(page).toContain('Hand-over report · Site 1');
    expect(page).not.toContain(PASSWORD);
    expect(await call('report:save', { format: 'pdf' })).toMatchObject({
      ok: false,
      error: { message: /PDF needs the desktop app/ },
    });
  });

  it('switching the site switches the monitored fleet, and back', async () => {
    const created = await call('sites:create', { name: 'Hall 2', use: true });
    expect(created.ok).toBe(true);
    expect(await fleetIds()).toEqual([]);
    // The window hears of it as well (events are batched, so it comes a moment later).
    await waitFor(() => events.some((e) => e.type === 'fleet:changed' && e.payload.removed.length === 3));
    const back = await call('sites:use', { site: 'Site 1' });
    expect(back.ok).toBe(true);
    expect(await fleetIds()).toEqual(ids);
    await waitFor(async () => {
      const s = await call('monitor:snapshot', undefined);
      return s.ok && s.value.devices.filter((d) => d.view?.state === 'online').length === 2;
    });
  });

  it('exports the site through the save dialog, and a merge of it reports no change', async () => {
    const exported = await call('inventory:save-export', undefined);
    expect(exported).toMatchObject({ ok: true, value: { saved: true } });
    const text = String(saved.at(-1)?.content);
    expect(JSON.parse(text)).toMatchObject({ format: 'minerdeck-site', site: { name: 'Site 1' } });
    expect(text).not.toContain(PASSWORD);
    const merged = await call('inventory:import', { text });
    expect(merged).toMatchObject({ ok: true, value: { kind: 'site-json', added: 0, conflicts: [] } });
    expect(JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')).devices).toHaveLength(3);
  });
});
