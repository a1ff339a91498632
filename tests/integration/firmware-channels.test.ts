/**
 * The firmware channels (the app path) over the core services built as Electron main builds them, against
 * simulated devices over real loopback HTTP: strict inputs; the image from the shell's open dialog (the
 * window never sees a path); a plan with nothing sent; a rollout of exactly the plan the window saw, its
 * steps streamed as `firmware:*` events, every device verified once and its new version in the fleet; "stop
 * after this batch"; and on https devices the question about certificates changed by the update, answered
 * once for the step, after which the devices are verified with their new certificates.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import { ok } from '../../shared/result';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Fleet, SimDevice, SimDeviceOptions } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { QUICK_UPDATE, S21, TEST_TIMING, writeSimImage } from '../support/firmware-world';
import { requestsTo } from '../support/sim-targets';

const UPDATE = '/api/v1/firmware/update';

describe('firmware channel inputs', () => {
  it.each([
    ['no devices', 'firmware:plan', { deviceIds: [], choices: { keepSettings: true } }],
    ['a canary of 0', 'firmware:plan', { deviceIds: ['d'], choices: { keepSettings: true, canary: 0 } }],
    ['a batch of 1.5', 'firmware:plan', { deviceIds: ['d'], choices: { keepSettings: true, batch: 1.5 } }],
    [
      'a version with a control character',
      'firmware:plan',
      { deviceIds: ['d'], choices: { keepSettings: true, expectVersion: '1.2.7\u0007' } },
    ],
    [
      'a path from the window',
      'firmware:plan',
      { deviceIds: ['d'], choices: { keepSettings: true, file: '/etc/passwd' } },
    ],
    [
      'a deadline of a week',
      'firmware:plan',
      { deviceIds: ['d'], choices: { keepSettings: true, deadlineMinutes: 10_080 } },
    ],
    ['no plan id', 'firmware:start', {}],
    ['a trust answer that is not yes or no', 'firmware:trust-certificates', { trust: 'yes' }],
  ] as const)('refuses %s', (_what, channel, input) => {
    expect(contract[channel].input.safeParse(input).success).toBe(false);
  });
});

describe('firmware channels over the core services', () => {
  let fleet: Fleet | undefined;
  let services: CoreServices | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await services?.dispose();
    await fleet?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
    services = undefined;
    fleet = undefined;
    dataDir = undefined;
  });

  /** `count` devices in the fleet, each with its password stored (as Unlock… with "remember" leaves them). */
  async function world(count: number, options: SimDeviceOptions = {}) {
    fleet = await startFleet({
      count,
      defaults: {
        password: 'admin',
        model: S21.model,
        firmwareVersion: '1.2.6',
        ...QUICK_UPDATE,
        ...options,
      },
    });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-fw-app-'));
    let choice: string | null = null;
    const dialogs: string[] = [];
    services = await openAppCore({
      dataDir,
      firmwareTiming: TEST_TIMING,
      system: {
        chooseFile: async (request) => {
          dialogs.push(request.title);
          return ok(choice === null ? null : { path: choice });
        },
      },
    });
    const events: AppEvent[] = [];
    services.events.subscribe((batch) => events.push(...batch));
    const handlers = createHandlers(services);
    const s = services;
    if (options.https === true) {
      // As a scan saves them: each with the certificate it showed, for the technician to trust.
      const saved = await s.inventory.saveScan(
        undefined,
        fleet.devices.map((d) => ({
          address: d.host,
          port: d.port,
          scheme: 'https' as const,
          kind: 'device' as const,
          identity: null,
          seen: 'new' as const,
          tlsFingerprint256: d.certificateFingerprint256!,
        })),
      );
      expect(saved.ok).toBe(true);
    } else await s.fleet.add(fleet.devices.map((d) => ({ address: d.address })));
    await expect.poll(async () => (await s.fleet.snapshot()).devices.length).toBe(count);
    const snapshot = await s.fleet.snapshot();
    const idOf = (d: SimDevice): string => snapshot.devices.find((x) => x.address === d.address)!.deviceId;
    for (const device of fleet.devices) {
      const fingerprint = device.certificateFingerprint256;
      if (fingerprint !== undefined) {
        const trusted = await s.inventory.trustCertificate(undefined, idOf(device), fingerprint);
        expect(trusted.ok ? 'trusted' : trusted.error.message).toBe('trusted');
      }
    }
    const call = async <C extends keyof Handlers>(channel: C, value: Parameters<Handlers[C]>[0]) => {
      const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(value);
      if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
      return result;
    };
    const unlocked = await call('credentials:unlock', {
      deviceIds: fleet.devices.map(idOf),
      password: 'admin',
      remember: true,
      scope: 'site',
    });
    expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
    return {
      s,
      devices: fleet.devices,
      events,
      call,
      idOf,
      dialogs,
      image: writeSimImage(dataDir, '1.2.7', S21.id),
      choose: (path: string | null) => {
        choice = path;
      },
    };
  }

  const doneOf = (events: AppEvent[]) =>
    events.flatMap((e) => (e.type === 'firmware:done' ? [e.payload.outcome] : []));

  it('chooses the image in main, plans without sending, runs exactly that plan, streams it and shows the new versions', async () => {
    const w = await world(5);
    const ids = w.devices.map(w.idOf);
    const early = await w.call('firmware:plan', { deviceIds: ids, choices: { keepSettings: true } });
    expect(early).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'Choose the firmware image first.' },
    });
    // Cancel in the dialog: nothing chosen.
    expect(await w.call('firmware:choose-image', undefined)).toEqual({ ok: true, value: null });
    w.choose(w.image);
    const chosen = await w.call('firmware:choose-image', undefined);
    expect(chosen.ok && chosen.value).toMatchObject({
      image: { name: 'fw-s21-pro-1.2.7.bin', bytes: 64 * 1024 },
    });
    expect(w.dialogs).toEqual(['Choose the firmware image', 'Choose the firmware image']);
    // The window never sees where the file is.
    expect(JSON.stringify(chosen)).not.toContain(dataDir!);

    const planned = await w.call('firmware:plan', {
      deviceIds: ids,
      choices: { keepSettings: true, canary: 1, batch: 2, expectVersion: '1.2.7' },
    });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.value.plan.steps.map((s) => [s.name, s.deviceIds.length])).toEqual([
      ['canary', 1],
      ['batch 1 of 2', 2],
      ['batch 2 of 2', 2],
    ]);
    expect(planned.value.plan.models).toEqual([
      { model: S21.id, modelName: S21.model, devices: 5, versions: [{ version: '1.2.6', devices: 5 }] },
    ]);
    expect(JSON.stringify(planned.value)).not.toContain(dataDir!);
    expect(w.devices.map((d) => requestsTo(d, UPDATE).length)).toEqual([0, 0, 0, 0, 0]);

    // A plan made again replaces the one before: starting the older one is refused, nothing sent.
    const again = await w.call('firmware:plan', {
      deviceIds: ids,
      choices: { keepSettings: true, canary: 1, batch: 2, expectVersion: '1.2.7' },
    });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(await w.call('firmware:start', { planId: planned.value.planId })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'This plan is no longer the latest one: make the plan again, then start.',
      },
    });

    const started = await w.call('firmware:start', { planId: again.value.planId });
    expect(started.ok && started.value.status).toBe('running');
    const second = await w.call('firmware:start', { planId: again.value.planId });
    expect(second.ok).toBe(false);
    await expect.poll(() => doneOf(w.events).length, { timeout: 30_000 }).toBe(1);
    const outcome = doneOf(w.events)[0]!;
    expect(outcome.counts).toEqual({ verified: 5, failed: 0, skipped: 0, notStarted: 0, unknown: 0 });
    expect(w.devices.map((d) => [requestsTo(d, UPDATE, 'POST').length, d.firmwareVersion])).toEqual(
      w.devices.map(() => [1, '1.2.7']),
    );
    // Each device's steps streamed: uploading, rebooting, verifying, verified.
    const stepsOf = (id: string) =>
      w.events.flatMap((e) =>
        e.type === 'firmware:progress' && e.payload.event.kind === 'device' && e.payload.event.deviceId === id
          ? [e.payload.event.step]
          : [],
      );
    expect(new Set(stepsOf(ids[0]!))).toEqual(
      new Set(['waiting', 'uploading', 'rebooting', 'verifying', 'verified']),
    );
    const run = await w.call('firmware:run', undefined);
    expect(run.ok && run.value?.status).toBe('done');
    expect(run.ok && run.value?.devices.map((d) => d.step)).toEqual(ids.map(() => 'verified'));
    // A long run tells its time (issue 33): the view a reopened dialog reads carries per step the devices
    // done, and the progress events the time left once a step was timed.
    expect(run.ok && run.value?.progress).toMatchObject({
      done: 5,
      total: 5,
      perStep: [
        { step: 'upload', done: 5, running: 0, waiting: 0 },
        { step: 'install', done: 5, running: 0, waiting: 0 },
        { step: 'verify', done: 5, running: 0, waiting: 0 },
      ],
    });
    expect(
      w.events.some(
        (e) =>
          e.type === 'firmware:progress' &&
          /^(about \d+ (h|min).* left|less than a minute left)$/.test(e.payload.progress?.words ?? ''),
      ),
    ).toBe(true);
    // The fleet (its rows, the inventory) knows the new version.
    await expect
      .poll(async () => (await w.s.fleet.snapshot()).devices.map((d) => d.identity.firmware))
      .toEqual(ids.map(() => '1.2.7'));
    const activity = await w.call('sites:activity', {});
    expect(activity.ok && activity.value.filter((e) => e.action === 'firmware').length).toBeGreaterThan(2);

    // Planned again, every device is already on the version: nothing to start.
    const after = await w.call('firmware:plan', {
      deviceIds: ids,
      choices: { keepSettings: true, expectVersion: '1.2.7' },
    });
    expect(after.ok && after.value.plan.devices.map((d) => d.role)).toEqual(ids.map(() => 'skip'));
    for (const device of after.ok ? after.value.plan.devices : []) {
      expect(device.detail).toMatch(/^already updated with this image at \S+ \(1\.2\.6 → 1\.2\.7\)$/);
    }
    if (!after.ok) return;
    expect(await w.call('firmware:start', { planId: after.value.planId })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'nothing to do: every device is skipped (see why in the plan).',
      },
    });
  }, 60_000);

  it('stops after the batch under way when asked; the rest are not started', async () => {
    const w = await world(7, { rebootDownSeconds: 1 });
    const ids = w.devices.map(w.idOf);
    w.choose(w.image);
    await w.call('firmware:choose-image', undefined);
    const planned = await w.call('firmware:plan', {
      deviceIds: ids,
      choices: { keepSettings: true, canary: 1, batch: 3 },
    });
    if (!planned.ok) throw new Error(planned.error.message);
    expect(await w.call('firmware:stop-after-batch', undefined)).toEqual({
      ok: true,
      value: { stopping: false },
    });
    const started = await w.call('firmware:start', { planId: planned.value.planId });
    expect(started.ok).toBe(true);
    // While the canary reboots: stop after it.
    await expect
      .poll(() =>
        w.events.some(
          (e) =>
            e.type === 'firmware:progress' &&
            e.payload.event.kind === 'device' &&
            e.payload.event.step === 'rebooting',
        ),
      )
      .toBe(true);
    expect(await w.call('firmware:stop-after-batch', undefined)).toEqual({
      ok: true,
      value: { stopping: true },
    });
    await expect.poll(() => doneOf(w.events).length, { timeout: 30_000 }).toBe(1);
    const outcome = doneOf(w.events)[0]!;
    expect(outcome.counts).toMatchObject({ verified: 1, notStarted: 6 });
    expect(outcome.stopped).toBe('stopped after canary, as asked');
    expect(w.devices.map((d) => requestsTo(d, UPDATE, 'POST').length)).toEqual([1, 0, 0, 0, 0, 0, 0]);
  }, 60_000);

  it('https: asks once per step to trust the certificates the update changed, then verifies with them', async () => {
    const w = await world(3, { https: true, updateRotatesCertificate: true, rebootDownSeconds: 0.6 });
    const ids = w.devices.map(w.idOf);
    const before = w.devices.map((d) => d.certificateFingerprint256!);
    w.choose(w.image);
    await w.call('firmware:choose-image', undefined);
    const planned = await w.call('firmware:plan', {
      deviceIds: ids,
      choices: { keepSettings: true, canary: 1, batch: 2 },
    });
    if (!planned.ok) throw new Error(planned.error.message);
    await w.call('firmware:start', { planId: planned.value.planId });
    const questions = () => w.events.flatMap((e) => (e.type === 'firmware:question' ? [e.payload] : []));
    for (const [n, expected] of [
      [1, [w.devices[0]!.address]],
      [2, [w.devices[1]!.address, w.devices[2]!.address].sort()],
    ] as const) {
      await expect.poll(() => questions().length, { timeout: 30_000 }).toBe(n);
      const question = questions()[n - 1]!;
      expect(question.changes.map((c) => c.address).sort()).toEqual(expected);
      for (const change of question.changes) {
        const i = w.devices.findIndex((d) => d.address === change.address);
        expect(change).toMatchObject({ before: before[i], after: w.devices[i]!.certificateFingerprint256 });
      }
      // The run the window reloads shows the same question.
      const run = await w.call('firmware:run', undefined);
      expect(run.ok && run.value?.question?.questionId).toBe(question.questionId);
      const answered = await w.call('firmware:trust-certificates', { trust: true });
      expect(answered.ok && answered.value.trusted.sort()).toEqual(expected);
    }
    await expect.poll(() => doneOf(w.events).length, { timeout: 30_000 }).toBe(1);
    const outcome = doneOf(w.events)[0]!;
    expect(outcome.counts.verified).toBe(3);
    expect(outcome.devices.every((d) => d.certificate !== undefined)).toBe(true);
    // Trusted in the inventory: the monitor and every later command use the new certificates.
    const listed = await w.s.inventory.devices();
    expect(listed.ok && listed.value.devices.map((d) => d.tlsPin).sort()).toEqual(
      w.devices.map((d) => d.certificateFingerprint256).sort(),
    );
  }, 60_000);
});
