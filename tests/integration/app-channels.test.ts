/**
 * The channels the window uses, end to end in Node: the core services built as Electron main builds them
 * (open-services.ts), driven through createHandlers, against simulated devices over real loopback HTTP.
 * What the UI tests show on screen, this checks at the contract: events, outcomes, what is stored.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import { eventBatchSchema } from '../../shared/ipc/events';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import { err, ok } from '../../shared/result';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';

const PASSWORD = 'chan-pw-5531';

describe('app channels over the core services', () => {
  let fleet: Fleet;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  const events: AppEvent[] = [];
  const clipboard: string[] = [];
  const opened: string[] = [];
  let ids: string[] = [];

  /** Every answer is checked against the channel's output schema, as the renderer would read it. */
  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result;
  }

  const waitFor = async (predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> => {
    await expect.poll(predicate, { timeout: timeoutMs, interval: 50 }).toBe(true);
  };

  beforeAll(async () => {
    fleet = await startFleet({ count: 4, defaults: { password: PASSWORD } });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-channels-'));
    services = await openAppCore({
      dataDir,
      system: {
        copyText: async (text) => {
          clipboard.push(text);
          return ok({ where: 'the clipboard' });
        },
        openExternal: async (url) => {
          if (!services.fleet?.isDeviceUrl(url)) return err('FORBIDDEN', 'not a device page');
          opened.push(url);
          return ok(undefined);
        },
      },
    });
    services.events.subscribe((batch) => {
      expect(eventBatchSchema.safeParse(batch).success).toBe(true);
      events.push(...batch);
    });
    handlers = createHandlers(services);
  });

  afterAll(async () => {
    await services?.dispose();
    await fleet?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('checks targets with the bad item and its position, before any scan', async () => {
    expect(await call('discovery:check', { targets: '10.0.0.0/24' })).toEqual(
      ok({ count: 254, needsConfirmation: false }),
    );
    const bad = await call('discovery:check', { targets: '10.0.0.1, 10.0.0.0/33' });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', detail: { position: 2, token: '10.0.0.0/33' } },
    });
  });

  it('streams a scan as events (found, progress, done) and refuses a second one meanwhile', async () => {
    const first = fleet.devices[0]!;
    const started = await call('discovery:start', {
      targets: fleet.devices.map((d) => d.host).join(', '),
      ports: [first.port],
    });
    expect(started.ok).toBe(true);
    const scanId = started.ok ? started.value.scanId : '';
    expect(await call('discovery:start', { targets: '127.0.0.1' })).toMatchObject({ ok: false });
    await waitFor(() => events.some((e) => e.type === 'discovery:done' && e.payload.scanId === scanId));
    const found = events.filter((e) => e.type === 'discovery:found' && e.payload.scanId === scanId);
    expect(found).toHaveLength(4);
    const added = await call('monitor:add', {
      devices: found.flatMap((e) =>
        e.type === 'discovery:found'
          ? [
              {
                address: `http://${e.payload.host.address}:${e.payload.host.port}`,
                identity: e.payload.host.identity!,
              },
            ]
          : [],
      ),
    });
    expect(added).toEqual(ok({ added: 4, alreadyThere: 0 }));
    const snapshot = await call('monitor:snapshot', undefined);
    ids = snapshot.ok ? snapshot.value.devices.map((d) => d.deviceId) : [];
    expect(ids.every((id) => id.startsWith('mac:'))).toBe(true);
  });

  it('unlocks with a site password and provisions keys: one outcome each, metadata only in events', async () => {
    const unlocked = await call('credentials:unlock', {
      deviceIds: ids,
      password: PASSWORD,
      remember: true,
      scope: 'site',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
    const keys = await call('credentials:provision', { deviceIds: ids });
    expect(keys.ok && keys.value.outcomes.map((o) => o.message)).toEqual(
      ids.map(() => 'API key created, verified and stored.'),
    );
    await waitFor(async () => {
      const s = await call('monitor:snapshot', undefined);
      return s.ok && s.value.devices.every((d) => d.view?.state === 'online' && d.credentials.apiKey);
    });
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
    // The next poll reads with the new key.
    await waitFor(async () => {
      const detail = await call('monitor:device', { deviceId: ids[0]! });
      return (
        detail.ok && detail.value.credential === 'apiKey' && detail.value.reading?.state.name === 'mining'
      );
    });
  });

  it('copies a key to the clipboard through main, never answering it', async () => {
    const copied = await call('credentials:copy-key', { deviceId: ids[0]! });
    const stored = await services.credentials!.vault.getApiKey(ids[0]!);
    expect(clipboard).toEqual([stored!.secret]);
    expect(JSON.stringify(copied)).not.toContain(stored!.secret);
  });

  it('opens only fleet devices’ pages', async () => {
    expect(await call('monitor:open-web-page', { deviceId: ids[0]! })).toMatchObject({ ok: true });
    expect(opened).toHaveLength(1);
    expect(services.fleet!.isDeviceUrl('https://evil.example/')).toBe(false);
    expect(services.fleet!.isDeviceUrl('file:///etc/passwd')).toBe(false);
  });

  it('re-scans: a device that is down says so, the others answer again', async () => {
    await fleet.devices[1]!.goDown(30);
    const rescan = await call('monitor:rescan', { deviceIds: ids });
    expect(rescan.ok && rescan.value.outcomes.filter((o) => !o.ok).map((o) => o.error?.code)).toEqual([
      'UNREACHABLE',
    ]);
  });

  it('revokes and forgets, saying what happened on the device and here', async () => {
    const revoked = await call('credentials:revoke', { deviceId: ids[2]! });
    expect(revoked).toMatchObject({ ok: true, value: { onDevice: 'deleted' } });
    const forgot = await call('credentials:forget', { deviceIds: [ids[3]!], what: 'all' });
    expect(forgot.ok && forgot.value.outcomes[0]!.message).toMatch(
      /still uses the password of site "site-1"/,
    );
    const listing = await services.credentials!.vault.list();
    expect(listing.devices.find((d) => d.deviceId === ids[3])?.apiKey).toBeUndefined();
  });

  it('applies new monitor settings to the running fleet, and saves settings and the site inventory on disk', async () => {
    const updated = await call('settings:update', { monitor: { intervalMs: 700 } });
    expect(updated).toMatchObject({ ok: true, value: { monitor: { intervalMs: 700 } } });
    expect(await call('settings:update', { monitor: { intervalMs: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).settings.monitor.intervalMs).toBe(
      700,
    );
    await waitFor(async () => {
      const s = await call('monitor:snapshot', undefined);
      return (
        s.ok && s.value.running && s.value.devices.filter((d) => d.view?.state === 'online').length === 3
      );
    });
    expect(await call('monitor:stop', undefined)).toEqual(ok({ running: false }));
    await services.fleet!.dispose();
    // The fleet is the current site of the inventory: its devices are there, under the same ids.
    const saved = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
      devices: { id: string }[];
    };
    expect(saved.devices.map((d) => d.id).sort()).toEqual([...ids].sort());
  });
});
