/**
 * Bulk unlock and provisioning over a mixed simulated fleet: one outcome per device with the reason a
 * technician can act on, progress events (schema-valid, metadata only), site passwords, cancel.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BulkTarget } from '../../electron/core/credentials/credential-services';
import { createDeviceClient } from '../../electron/core/device/client';
import type { DeviceClient } from '../../electron/core/device/client';
import { createEventHub } from '../../electron/core/events/event-hub';
import type { AppEvent } from '../../shared/ipc/events';
import { eventBatchSchema } from '../../shared/ipc/events';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import { addressOf, requestsTo, unlocksOf } from '../support/sim-targets';

const SITE_PW = 'Batch-pw-7';
let fleet: Fleet | undefined;
let client: DeviceClient | undefined;
afterEach(async () => {
  client?.close();
  await fleet?.close();
  fleet = undefined;
});

async function mixedFleet() {
  fleet = await startFleet({
    defaults: { password: SITE_PW },
    devices: [{}, {}, { profile: 'spec' }, { password: 'someone-else' }, {}, {}, {}, {}],
  });
  const [a, b, c, wrong, locked, down, hanging, html] = fleet.devices;
  locked!.addFault({
    fault: {
      kind: 'status',
      code: 429,
      body: '{"unlock_timeout":42}',
      headers: { 'content-type': 'application/json' },
    },
    paths: ['/api/v1/unlock'],
  });
  await down!.goDown(120);
  hanging!.addFault({ fault: { kind: 'hang' } });
  html!.addFault({ fault: { kind: 'html' }, paths: ['/api/v1/unlock'] });
  client = createDeviceClient({ totalTimeoutMs: 600 });
  return { ok: [a!, b!, c!], wrong: wrong!, locked: locked!, down: down!, hanging: hanging!, html: html! };
}

const targets = (): BulkTarget[] => fleet!.devices.map((d) => ({ address: addressOf(d) }));

describe('bulk unlock', () => {
  it('one outcome per device with its reason, progress events, and each password tried once', async () => {
    const devices = await mixedFleet();
    const events: AppEvent[] = [];
    const hub = createEventHub({ intervalMs: 10 });
    hub.subscribe((batch) => events.push(...batch));
    const services = servicesFor(client!, { events: hub });
    const outcomes = await services.unlockMany(targets(), SITE_PW, { concurrency: 4 });
    hub.flush();

    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual([
      'ok',
      'ok',
      'ok',
      'WRONG_PASSWORD',
      'LOCKED_OUT',
      'UNREACHABLE',
      'TIMEOUT',
      'BAD_RESPONSE',
    ]);
    const locked = outcomes[4];
    expect(locked?.ok === false && locked.error).toMatchObject({
      detail: { retryAfterSeconds: 42 },
      message: expect.stringMatching(/42 s/),
    });
    for (const device of fleet!.devices.filter((d) => d !== devices.down))
      expect(unlocksOf(device)).toHaveLength(1);

    expect(eventBatchSchema.safeParse(events).success).toBe(true);
    const perDevice = events.filter((e) => e.type === 'credentials:device');
    expect(perDevice).toHaveLength(8);
    expect(perDevice.find((e) => e.payload.address === devices.locked.address)?.payload).toMatchObject({
      ok: false,
      error: { code: 'LOCKED_OUT', retryAfterSeconds: 42 },
    });
    const progress = events.filter((e) => e.type === 'credentials:progress').map((e) => e.payload);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress.at(-1)).toEqual({ operation: 'unlock', done: 8, total: 8, ok: 3, failed: 5 });
    expect(JSON.stringify(events)).not.toContain(SITE_PW);
  });

  it('--remember with a site: the password is stored once, for the devices that accepted it', async () => {
    const devices = await mixedFleet();
    const services = servicesFor(client!);
    const outcomes = await services.unlockMany(targets(), SITE_PW, { remember: true, siteId: 'north-hall' });
    const okIds = outcomes.flatMap((o) => (o.ok ? [o.value.deviceId] : []));
    expect(okIds).toHaveLength(3);
    expect(okIds.filter((id) => id.startsWith('mac:'))).toHaveLength(2); // field devices tell their MAC
    expect(okIds.filter((id) => id.startsWith('addr:'))).toHaveLength(1); // the spec device does not
    const listing = await services.vault.list();
    expect(listing.sites).toEqual([expect.objectContaining({ siteId: 'north-hall' })]);
    expect(listing.sites[0]?.members.sort()).toEqual([...okIds].sort());
    expect(outcomes.filter((o) => o.ok).every((o) => o.ok && o.value.remembered === 'session-only')).toBe(
      true,
    );

    // From now on, no password is typed: keys are provisioned with the stored site password.
    const provisioned = await services.provisionMany(devices.ok.map((d) => ({ address: addressOf(d) })));
    expect(provisioned.every((o) => o.ok)).toBe(true);
    for (const device of devices.ok) expect(device.apiKeys).toHaveLength(1);
  });

  it('cancel: devices not started are reported CANCELLED and never contacted', async () => {
    fleet = await startFleet({ count: 24, defaults: { password: SITE_PW } });
    for (const d of fleet.devices)
      d.addFault({ fault: { kind: 'latency', ms: 200 }, paths: ['/api/v1/unlock'] });
    client = createDeviceClient();
    const services = servicesFor(client);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const outcomes = await services.unlockMany(targets(), SITE_PW, {
      concurrency: 4,
      signal: controller.signal,
    });
    expect(outcomes).toHaveLength(24);
    const cancelled = outcomes.filter((o) => !o.ok && o.error.code === 'CANCELLED');
    expect(cancelled.length).toBeGreaterThanOrEqual(16);
    expect(outcomes.filter((o) => o.ok).length + cancelled.length).toBe(24);
    const untouched = fleet.devices.filter((d) => requestsTo(d, '/api/v1/unlock').length === 0);
    expect(untouched.length).toBeGreaterThanOrEqual(16);
  });
});

describe('device identity', () => {
  it('MAC from /info for field firmware, the address otherwise, and the stored address while offline', async () => {
    fleet = await startFleet({ devices: [{ mac: 'aa-bb-cc-00-11-22' }, { profile: 'spec' }, {}] });
    const [field, spec, offline] = fleet.devices;
    client = createDeviceClient({ totalTimeoutMs: 1_000 });
    const services = servicesFor(client);
    expect(await services.identity.resolve(addressOf(field!))).toBe('mac:AA:BB:CC:00:11:22');
    expect(await services.identity.resolve(addressOf(spec!))).toBe(`addr:${spec!.host}:${spec!.port}`);

    const offlineId = await services.identity.resolve(addressOf(offline!));
    expect(offlineId).toMatch(/^mac:/);
    await services.vault.setApiKey(offlineId, 'k'.repeat(32), {
      description: 'd',
      address: offline!.address,
    });
    await offline!.goDown(60);
    expect(await services.identity.resolve(addressOf(offline!))).toBe(offlineId);
  });
});
