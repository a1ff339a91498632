/**
 * The site standard's channels (the app path) over the core services built as Electron main builds them,
 * against simulated devices over real loopback HTTP: new devices with the factory password and no
 * credential in the app are planned with the password they take now, brought to the standard by one
 * Commission run whose progress streams as `standard:*` events, and are then at the standard (a second
 * run writes nothing). One run at a time; a standard set is checked whole before its password is kept.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ok } from '../../shared/result';
import type { SimDevice } from '../simulator';
import { requestsTo } from '../support/sim-targets';
import { useChannelWorld } from '../support/channel-world';

const SITE_PW = 'Hall-site-pw-2024';
const POOL = 'stratum+tcp://pool.example:3333';

const writes = (d: SimDevice) =>
  requestsTo(d, '/api/v1/settings', 'POST').length + requestsTo(d, '/api/v1/actions/restart', 'POST').length;

describe('site standard channels over the core services', () => {
  const imageDir = mkdtempSync(join(tmpdir(), 'minerdeck-standard-image-'));
  const image = join(imageDir, 'fw-1.2.8.bin');
  writeFileSync(image, 'an image');
  afterAll(() => rmSync(imageDir, { recursive: true, force: true }));
  const world = useChannelWorld({
    core: { system: { chooseFile: async () => ok({ path: image }) } },
    name: 'minerdeck-standard-',
    devices: {
      devices: [
        ...Array.from({ length: 5 }, () => ({ password: 'admin', model: 'Antminer S21 Pro' })),
        // A device whose password is not the factory one: it refuses the one given.
        { password: 'someone-elses', model: 'Antminer S21 Pro' },
      ],
      defaults: { miningRestartSeconds: 0.2, autoTuneSeconds: 0.2 },
    },
  });
  const { call, idOf, events } = world;

  it('says a site has no standard, and refuses a standard with a bad part before keeping its password', async () => {
    const none = await call('standard:get', {});
    expect(none.ok && none.value.standard).toBeNull();
    const plan = await call('standard:plan', { deviceIds: [idOf(world.fleet.devices[0]!)] });
    expect(plan.ok ? 'planned' : plan.error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/has no standard yet: set it first\.$/),
    });
    const bad = await call('standard:set', {
      password: { kind: 'typed', password: SITE_PW },
      pools: [{ url: 'not a pool url', worker: 'acct.{label}' }],
    });
    expect(bad.ok ? 'stored' : bad.error.code).toBe('INVALID_INPUT');
    // Nothing kept: no standard, and no site password in the keychain either.
    const still = await call('standard:get', {});
    expect(still.ok && still.value.standard).toBeNull();
    expect(
      await world.services.credentials.vault.sitePassword(world.services.fleet.siteId()!),
    ).toBeUndefined();
    const chosen = await call('standard:set', { firmware: { version: '1.2.7', image: 'chosen' } });
    expect(chosen.ok ? 'stored' : chosen.error.message).toBe(
      'Choose the firmware image first (Choose the image… button).',
    );
  });

  it('plans, commissions in one run streamed as events, then a second run writes nothing', async () => {
    const set = await call('standard:set', {
      password: { kind: 'typed', password: SITE_PW },
      pools: [{ url: POOL, worker: 'acct.{ip4}', password: 'x' }],
      power: { kind: 'preset', name: '2640' },
    });
    expect(set.ok && set.value.standard).toMatchObject({
      password: { required: true, stored: true },
      pools: [{ url: POOL, worker: 'acct.{ip4}', hasPassword: true }],
      power: { kind: 'preset', name: '2640' },
    });

    const all = world.fleet.devices.map(idOf);
    const [stranger] = world.fleet.devices.slice(5);
    // No credential in the app yet, no password given: said so, nothing sent.
    const blind = await call('standard:plan', { deviceIds: all });
    expect(blind.ok && blind.value.entries.map((e) => [e.skip, e.detail])).toEqual(
      all.map(() => ['no-credential', 'its password is not known: give its current password']),
    );
    const plan = await call('standard:plan', { deviceIds: all, currentPassword: 'admin' });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const entries = plan.value.entries;
    expect(entries[5]).toMatchObject({
      deviceId: idOf(stranger!),
      skip: 'no-credential',
      detail: 'it refused the password given',
    });
    for (const entry of entries.slice(0, 5)) {
      expect(entry.steps.map((s) => s.words)).toEqual([
        'replace the factory password',
        expect.stringMatching(/^set pools( and power preset 2640)?$/),
        'restart',
      ]);
    }
    expect(plan.value.groups[0]?.count).toBeGreaterThan(0);
    expect(world.fleet.devices.map((d) => requestsTo(d, '/api/v1/settings', 'POST').length)).toEqual(
      all.map(() => 0),
    );

    events.length = 0;
    const confirmed = entries.map((e) => ({ deviceId: e.deviceId, steps: e.steps.map((s) => s.words) }));
    const started = await call('standard:commission', { deviceIds: all, confirmed });
    expect(started.ok && started.value.status).toBe('running');
    const again = await call('standard:commission', { deviceIds: all, confirmed });
    expect(again.ok ? 'started twice' : again.error).toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('A Commission run is going on'),
    });
    await world.services.standard.settled();
    const run = await call('standard:run', undefined);
    expect(run.ok && run.value).toMatchObject({
      status: 'done',
      counts: { total: 6, done: 5, skipped: 1, failed: 0, unknown: 0, open: 0 },
      summary: expect.stringContaining('commissioned 5 of 6 devices'),
    });
    expect(run.ok && run.value?.devices.map((d) => d.outcome)).toEqual([
      'done',
      'done',
      'done',
      'done',
      'done',
      'skipped',
    ]);
    await expect
      .poll(() => events.some((e) => e.type === 'standard:progress' && e.payload.status === 'done'))
      .toBe(true);
    // A long run tells its time (issue 33): the view a reopened dialog reads carries per step the devices
    // done (the skipped device takes no step), and the progress events the time left once a step was timed.
    const step = (name: string) => ({ step: name, done: 5, running: 0, waiting: 0 });
    expect(run.ok && run.value?.progress).toMatchObject({
      done: 5,
      total: 5,
      perStep: expect.arrayContaining([step('password'), step('settings'), step('restart')]),
    });
    expect(
      events.some(
        (e) =>
          e.type === 'standard:progress' &&
          e.payload.status === 'running' &&
          /^(about \d+ (h|min).* left|less than a minute left)$/.test(e.payload.progress?.words ?? ''),
      ),
    ).toBe(true);
    expect(events.filter((e) => e.type === 'standard:device').length).toBeGreaterThanOrEqual(5);
    const drifted = events.filter((e) => e.type === 'standard:drift');
    expect(drifted.at(-1)?.payload.summary).toMatchObject({ total: 6, atStandard: 5 });
    // The one settings write of pools and preset is in the activity log as both parts.
    const activity = await call('sites:activity', {});
    const actions = activity.ok ? activity.value.map((e) => e.action) : [];
    expect(actions).toEqual(expect.arrayContaining(['pools', 'power-profile']));
    expect(activity.ok && activity.value.find((e) => e.action === 'power-profile')?.what).toContain(
      'preset 2640',
    );
    // The site password is the devices' password now; the factory one is forgotten.
    for (const d of world.fleet.devices.slice(0, 5)) expect(d.password).toBe(SITE_PW);

    const drift = await call('standard:drift', { deviceIds: all.slice(0, 5) });
    expect(drift.ok && drift.value.devices.map((d) => [d.status, d.words])).toEqual(
      all.slice(0, 5).map(() => ['at-standard', []]),
    );

    // Once the restarted devices list their presets again, a fresh read finds them at the standard.
    const before = world.fleet.devices.map(writes);
    let fresh = await call('standard:plan', { deviceIds: all.slice(0, 5) });
    for (let i = 0; i < 40 && fresh.ok && fresh.value.entries.some((e) => e.detail !== 'no change'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      fresh = await call('standard:plan', { deviceIds: all.slice(0, 5) });
    }
    expect(fresh.ok && fresh.value.entries.map((e) => e.detail)).toEqual(
      all.slice(0, 5).map(() => 'no change'),
    );
    const second = await call('standard:commission', {
      deviceIds: all.slice(0, 5),
      confirmed: all.slice(0, 5).map((deviceId) => ({ deviceId, steps: [] })),
    });
    expect(second.ok).toBe(true);
    await world.services.standard.settled();
    const ended = await call('standard:run', undefined);
    expect(ended.ok && ended.value?.devices.map((d) => d.outcome)).toEqual(
      all.slice(0, 5).map(() => 'unchanged'),
    );
    expect(world.fleet.devices.map(writes)).toEqual(before);
  }, 60_000);

  it('stops a run on cancel: no device starts another step', async () => {
    const cancelled = await call('standard:cancel', undefined);
    expect(cancelled.ok && cancelled.value.cancelled).toBe(false);
    // A new pool: every device needs one settings write; the run is stopped before it starts it.
    await call('standard:set', {
      pools: [{ url: 'stratum+tcp://other.example:3333', worker: 'acct.{ip4}' }],
    });
    const all = world.fleet.devices.slice(0, 5).map(idOf);
    const plan = await call('standard:plan', { deviceIds: all });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    const confirmed = plan.value.entries.map((e) => ({
      deviceId: e.deviceId,
      steps: e.steps.map((s) => s.words),
    }));
    const before = world.fleet.devices.map(writes);
    const started = await call('standard:commission', { deviceIds: all, confirmed });
    expect(started.ok).toBe(true);
    const stop = await call('standard:cancel', undefined);
    expect(stop.ok && stop.value.cancelled).toBe(true);
    await world.services.standard.settled();
    const run = await call('standard:run', undefined);
    expect(run.ok && run.value?.status).toBe('cancelled');
    expect(run.ok && run.value?.summary).toContain('stopped: run Commission again to finish');
    expect(world.fleet.devices.map(writes)).toEqual(before);
  }, 60_000);

  it("a new image chosen in the window keeps the site's pacing", async () => {
    const kept = await call('standard:set', {
      firmware: { version: '1.2.7', imagePath: image, pacing: { batch: 20, tolerate: 0 } },
    });
    expect(kept.ok && kept.value.standard?.firmware).toMatchObject({ pacing: { batch: 20, tolerate: 0 } });
    const chosen = await call('firmware:choose-image', undefined);
    expect(chosen.ok, JSON.stringify(chosen)).toBe(true);
    const set = await call('standard:set', { firmware: { version: '1.2.8', image: 'chosen' } });
    expect(set.ok && set.value.standard?.firmware).toEqual({
      version: '1.2.8',
      imagePath: image,
      pacing: { batch: 20, tolerate: 0 },
    });
    expect((await call('standard:set', { firmware: null })).ok).toBe(true);
  });
});
