/**
 * The `commission:*` channels over the core services built as Electron main builds them
 * (open-services.ts), against simulated devices over real loopback HTTP: the strict input schemas, the
 * preview with the monitor's offline view, a change that sends only to devices the preview listed,
 * outcomes streamed as metadata-only events, the activity log, the generated password (made, copied and
 * used by main), and no change at all without a keychain that keeps the new password.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import { eventBatchSchema } from '../../shared/ipc/events';
import { ok } from '../../shared/result';
import { createHandlers } from '../../electron/core/handlers';
import type { Keychain } from '../../electron/core/credentials/open-keychain';
import type { CoreServices } from '../../electron/core/services';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { lockedKeychain, workingKeychain } from '../support/test-keychain';
import { openAppCore } from '../support/app-core';

const FACTORY = 'admin';
const NEW = 'Chan-New-pw-4410';

interface World {
  fleet: Fleet;
  services: CoreServices;
  handlers: Handlers;
  events: AppEvent[];
  clipboard: string[];
  /** Fleet device id by simulated device. */
  idOf: (d: SimDevice) => string;
  close: () => Promise<void>;
}

async function openWorld(keychain: Keychain, count: number): Promise<World> {
  const fleet = await startFleet({ count, defaults: { password: FACTORY } });
  const dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-commission-'));
  const clipboard: string[] = [];
  const events: AppEvent[] = [];
  const services = await openAppCore({
    dataDir,
    keychain,
    system: {
      copyText: async (text) => {
        clipboard.push(text);
        return ok({ where: 'the clipboard' });
      },
    },
  });
  services.events.subscribe((batch) => {
    expect(eventBatchSchema.safeParse(batch).success).toBe(true);
    events.push(...batch);
  });
  await services.fleet!.add(fleet.devices.map((d) => ({ address: d.address })));
  const snapshot = await services.fleet!.snapshot();
  const ids = new Map(snapshot.devices.map((d) => [d.address, d.deviceId]));
  return {
    fleet,
    services,
    handlers: createHandlers(services),
    events,
    clipboard,
    idOf: (d) => ids.get(`http://${d.host}:${d.port}`)!,
    close: async () => {
      await services.dispose();
      await fleet.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const waitFor = (predicate: () => boolean | Promise<boolean>, timeout = 15_000) =>
  expect.poll(predicate, { timeout, interval: 50 }).toBe(true);

describe('commission:password-change input', () => {
  const input = contract['commission:password-change'].input;
  const base = { deviceIds: ['d1'], confirmed: ['d1'], mode: 'site' as const };

  it.each([
    ['the factory password', { kind: 'typed', password: 'admin' }],
    ['too short', { kind: 'typed', password: 'short-1' }],
    ['spaces around it', { kind: 'typed', password: ' Long-enough-pw ' }],
    ['a password with "generated"', { kind: 'generated', password: 'Long-enough-pw' }],
  ])('refuses %s, naming the rule but never the value', (_what, password) => {
    const parsed = input.safeParse({ ...base, password });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).not.toContain('password":"');
    // "admin" is named on purpose: it is the vendor's default, not anyone's secret.
    if (password.kind === 'typed' && password.password !== FACTORY)
      expect(JSON.stringify(parsed.error?.issues)).not.toContain(password.password);
  });

  it('refuses keys it does not know, and accepts a good request', () => {
    expect(input.safeParse({ ...base, password: { kind: 'typed', password: NEW }, extra: 1 }).success).toBe(
      false,
    );
    expect(input.safeParse({ ...base, password: { kind: 'typed', password: NEW } }).success).toBe(true);
  });
});

describe('commission channels over the core services', () => {
  let w: World;
  const call = async <C extends keyof Handlers>(channel: C, value: Parameters<Handlers[C]>[0]) => {
    const result = await (w.handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(value);
    if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result;
  };

  beforeAll(async () => {
    w = await openWorld(workingKeychain(), 4);
    const ids = w.fleet.devices.map(w.idOf);
    const unlocked = await call('credentials:unlock', {
      deviceIds: ids,
      password: FACTORY,
      remember: true,
      scope: 'site',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
  }, 60_000);

  afterAll(() => w?.close());

  it('previews from the monitor: an offline device is skipped with the monitor`s reason', async () => {
    const [, , down] = w.fleet.devices;
    await down!.goDown(600);
    await waitFor(async () => {
      const s = await w.services.fleet!.snapshot();
      return s.devices.find((d) => d.deviceId === w.idOf(down!))?.view?.state === 'offline';
    });
    const plan = await call('commission:password-plan', {
      deviceIds: w.fleet.devices.map(w.idOf),
      mode: 'site',
    });
    expect(plan.ok && plan.value.map((e) => [e.send, e.detail.split(':')[0]])).toEqual([
      [true, 'current password'],
      [true, 'current password'],
      [false, 'offline'],
      [true, 'current password'],
    ]);
    expect(w.fleet.devices.map((d) => d.writeCounts.settingsPosts)).toEqual([0, 0, 0, 0]);
  });

  it('changes only what the preview listed, streams metadata-only outcomes, and logs the request', async () => {
    const [d0, d1, down, notListed] = w.fleet.devices as [SimDevice, SimDevice, SimDevice, SimDevice];
    const result = await call('commission:password-change', {
      deviceIds: [d0, d1, down, notListed].map(w.idOf),
      confirmed: [d0, d1, down].map(w.idOf),
      mode: 'site',
      password: { kind: 'typed', password: NEW },
    });
    expect(result.ok && result.value.results.map((r) => [r.outcome, r.message.split(':')[0]])).toEqual([
      ['done', 'Password changed and checked by unlocking with it'],
      ['done', 'Password changed and checked by unlocking with it'],
      ['skipped', 'Skipped'],
      ['skipped', 'Skipped'],
    ]);
    expect(result.ok && result.value.results[3]!.message).toBe(
      'Skipped: the preview did not list it to change',
    );
    expect(result.ok && result.value.summary).toBe('password changed on 2 of 2 devices; 2 skipped');
    expect([d0, d1, down, notListed].map((d) => [d.password, d.writeCounts.settingsPosts])).toEqual([
      [NEW, 1],
      [NEW, 1],
      [FACTORY, 0],
      [FACTORY, 0],
    ]);

    await waitFor(() => w.events.some((e) => e.type === 'commission:progress' && e.payload.done === 4));
    const outcomes = w.events.filter((e) => e.type === 'commission:device');
    expect(outcomes).toHaveLength(4);
    expect(JSON.stringify(w.events)).not.toContain(NEW);
    const last = w.events.filter((e) => e.type === 'commission:progress').at(-1);
    expect(last?.payload).toEqual({
      operation: 'password-change',
      done: 4,
      total: 4,
      changed: 2,
      failed: 0,
      skipped: 2,
    });

    const activity = await w.services.inventory!.activity();
    expect(activity.ok && activity.value.map((a) => a.devices.map((d) => d.outcome))).toEqual([
      ['done', 'done', 'skipped', 'skipped'],
    ]);
    expect(JSON.stringify(activity)).not.toContain(NEW);
  });

  it('a generated password: made by main, copied by main, used by name, never in events', async () => {
    const target = w.fleet.devices[3]!;
    const request = { deviceIds: [w.idOf(target)], confirmed: [w.idOf(target)], mode: 'own' as const };
    expect(await call('commission:password-copy', undefined)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(
      await call('commission:password-change', { ...request, password: { kind: 'generated' } }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(target.writeCounts.settingsPosts).toBe(0);

    const made = await call('commission:password-generate', undefined);
    const generated = made.ok ? made.value.password : '';
    expect(generated).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
    expect(await call('commission:password-copy', undefined)).toEqual(
      ok({ message: 'Password copied to the clipboard.' }),
    );
    expect(w.clipboard).toEqual([generated]);

    const changed = await call('commission:password-change', { ...request, password: { kind: 'generated' } });
    expect(changed.ok && changed.value.results.map((r) => r.outcome)).toEqual(['done']);
    expect(target.password).toBe(generated);
    expect(JSON.stringify(changed)).not.toContain(generated);
    await waitFor(() => w.events.filter((e) => e.type === 'commission:device').length === 5);
    expect(JSON.stringify(w.events)).not.toContain(generated);
  });

  it('a device named twice in one request gets one change', async () => {
    const d0 = w.fleet.devices[0]!;
    const before = d0.writeCounts.settingsPosts;
    const result = await call('commission:password-change', {
      deviceIds: [w.idOf(d0), w.idOf(d0)],
      confirmed: [w.idOf(d0)],
      mode: 'own',
      password: { kind: 'typed', password: 'Twice-New-pw-0042' },
    });
    expect(result.ok && result.value.results.map((r) => r.outcome)).toEqual(['done']);
    expect(d0.writeCounts.settingsPosts).toBe(before + 1);
    expect(d0.password).toBe('Twice-New-pw-0042');
  });
});

describe('commission channels without a keychain', () => {
  let w: World;

  beforeAll(async () => {
    w = await openWorld(lockedKeychain(), 1);
  }, 60_000);

  afterAll(() => w?.close());

  it('changes nothing: a new password this laptop forgets at quit would strand the device', async () => {
    const device = w.fleet.devices[0]!;
    const ids = [w.idOf(device)];
    const unlocked = await w.handlers['credentials:unlock']({
      deviceIds: ids,
      password: FACTORY,
      remember: true,
      scope: 'device',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
    const result = await w.handlers['commission:password-change']({
      deviceIds: ids,
      confirmed: ids,
      mode: 'own',
      password: { kind: 'typed', password: NEW },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } });
    expect(device.writeCounts.settingsPosts).toBe(0);
    expect(device.password).toBe(FACTORY);
  });
});
