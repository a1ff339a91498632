/**
 * Acceptance through the app's channels (the core services as Electron main builds them, createHandlers,
 * simulated devices over loopback HTTP): a run over fleet devices streams each verdict as an
 * `acceptance:verdict` event and ends with `acceptance:done`; the verdicts are kept in the current site
 * (`acceptance:verdicts`) and the report counts and shows them; one run at a time; a cancelled run keeps
 * nothing and leaves the verdicts kept before it alone. A Commission's groups join one run (`join`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_EVERY_ENV } from '../../electron/core/acceptance/acceptance-run';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import { defaultCriteria } from '../../shared/domain/acceptance';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { keychainOver } from '../support/credential-services';

describe('acceptance through the app’s channels', () => {
  let fleet: Fleet;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  const events: AppEvent[] = [];

  async function call<C extends keyof Handlers>(channel: C, input: Parameters<Handlers[C]>[0]) {
    const result = await (handlers[channel] as (i: unknown) => ReturnType<Handlers[C]>)(input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result.value;
  }
  const ofType = <T extends AppEvent['type']>(type: T) =>
    events.filter((e): e is Extract<AppEvent, { type: T }> => e.type === type);

  beforeAll(async () => {
    vi.stubEnv(SAMPLE_EVERY_ENV, '600');
    fleet = await startFleet({
      defaults: { shareSeconds: 0.1 },
      devices: [
        {},
        { hardwareFaults: [{ kind: 'missing-board' }] },
        { hardwareFaults: [{ kind: 'dead-chips' }] },
      ],
    });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-app-acceptance-'));
    // Acceptance reads anonymously: no keychain needed.
    services = await openAppCore({ dataDir, keychain: keychainOver() });
    services.events.subscribe((batch) => events.push(...batch));
    handlers = createHandlers(services);
    await call('monitor:add', { devices: fleet.devices.map((d) => ({ address: d.address })) });
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await services?.dispose();
    await fleet?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs over the selection, streams verdicts, keeps them in the site, and the report shows them', async () => {
    const devices = (await call('monitor:snapshot', undefined)).devices;
    const deviceIds = fleet.devices.map((d) => devices.find((row) => row.address === d.address)!.deviceId);
    const criteria = { ...defaultCriteria(), minutes: 0.05 };
    const run = await call('acceptance:start', {
      deviceIds: [...deviceIds, 'mac:00:00:00:00:00:99'],
      criteria,
    });
    expect(run).toMatchObject({
      status: 'running',
      deviceIds,
      notInFleet: ['mac:00:00:00:00:00:99'],
      verdicts: [],
    });
    // The last reading is due at the latest when a device settles at the limit (15 min) and then watches.
    expect(Date.parse(run.endsAt) - Date.parse(run.startedAt)).toBe(15 * 60_000 + 3_000);
    const second = await (
      handlers['acceptance:start'] as (i: unknown) => ReturnType<Handlers['acceptance:start']>
    )({
      deviceIds,
      criteria,
    });
    expect(second).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/going on already/) as unknown },
    });

    await expect.poll(() => ofType('acceptance:done').length, { timeout: 10_000, interval: 100 }).toBe(1);
    const verdicts = ofType('acceptance:verdict').map((e) => e.payload.verdict);
    expect(verdicts.map((v) => [v.deviceId, v.verdict])).toEqual(
      expect.arrayContaining([
        [deviceIds[0], 'pass'],
        [deviceIds[1], 'fail'],
        [deviceIds[2], 'fail'],
      ]),
    );
    expect(ofType('acceptance:done')[0]!.payload).toEqual({
      runId: run.runId,
      status: 'done',
      passed: 1,
      failed: 2,
      pending: 0,
      saved: true,
    });
    // The phases went out as they changed: each device that settled opened its window.
    const watching = ofType('acceptance:phase').flatMap((e) => e.payload.phases);
    expect(watching.filter((p) => p.phase === 'watching').map((p) => p.deviceId)).toEqual(
      expect.arrayContaining([deviceIds[0]]),
    );
    expect(await call('acceptance:run', undefined)).toMatchObject({ runId: run.runId, status: 'done' });

    const kept = await call('acceptance:verdicts', undefined);
    expect(kept.siteId).toBe('site-1');
    expect(kept.verdicts.map((v) => [v.deviceId, v.verdict, v.by]).sort()).toEqual(
      [
        [deviceIds[0], 'pass', 'laptop'],
        [deviceIds[1], 'fail', 'laptop'],
        [deviceIds[2], 'fail', 'laptop'],
      ].sort(),
    );

    const { report, content } = await call('report:generate', {
      format: 'html',
      check: false,
      technician: 'Dana Okafor',
    });
    expect(report.counts).toMatchObject({ devices: 3, accepted: 1, failed: 2 });
    expect(report.technician).toBe('Dana Okafor');
    expect(content).toContain('<h1>Accepted 1 of 3 devices</h1>');
    expect(content).toContain('2 of 3 hash boards present (board 3 missing)');
    expect(report.devices.find((d) => d.deviceId === deviceIds[0])?.preset).toBe('2800');
  }, 30_000);

  it('a cancelled run keeps nothing, and the verdicts kept before stay', async () => {
    const before = await call('acceptance:verdicts', undefined);
    const devices = (await call('monitor:snapshot', undefined)).devices;
    const run = await call('acceptance:start', {
      deviceIds: devices.map((d) => d.deviceId),
      criteria: { ...defaultCriteria(), minutes: 5 },
    });
    expect(await call('acceptance:cancel', undefined)).toEqual({ cancelled: true });
    await expect
      .poll(() => ofType('acceptance:done').filter((e) => e.payload.runId === run.runId).length, {
        timeout: 5_000,
      })
      .toBe(1);
    expect(ofType('acceptance:done').at(-1)!.payload).toMatchObject({ status: 'cancelled', saved: false });
    expect(await call('acceptance:verdicts', undefined)).toEqual(before);
    expect(await call('acceptance:cancel', undefined)).toEqual({ cancelled: false });
  }, 20_000);

  it("a Commission's groups join one run, windows overlapping; the window's own run takes no group", async () => {
    const devices = (await call('monitor:snapshot', undefined)).devices;
    const ids = fleet.devices.map((d) => devices.find((row) => row.address === d.address)!.deviceId);
    const criteria = { ...defaultCriteria(), minutes: 0.05 };
    const acceptance = services.acceptance;
    const first = acceptance.join([ids[0]!], criteria);
    const second = acceptance.join([ids[1]!, ids[2]!], criteria);
    if (!first.ok || !second.ok) throw new Error('a group was refused');
    expect(second.value.run.runId).toBe(first.value.run.runId);
    expect(second.value.run.deviceIds).toEqual(ids);
    // Another criteria, or the window's own start, is no group of this run.
    expect(acceptance.join([ids[0]!], { ...criteria, minutes: 1 }).ok).toBe(false);
    expect(acceptance.start(ids, criteria).ok).toBe(false);
    const doneBefore = ofType('acceptance:done').length;
    expect((await first.value.verdicts)?.map((v) => v.deviceId)).toEqual([ids[0]]);
    expect((await second.value.verdicts)?.map((v) => v.verdict)).toEqual(['fail', 'fail']);
    await acceptance.settled();
    await expect.poll(() => ofType('acceptance:done').length, { timeout: 5_000 }).toBe(doneBefore + 1);
    expect(
      ofType('acceptance:done')
        .slice(doneBefore)
        .map((e) => e.payload),
    ).toEqual([expect.objectContaining({ runId: first.value.run.runId, passed: 1, failed: 2, saved: true })]);

    const own = acceptance.start(ids, { ...criteria, minutes: 5 });
    expect(own.ok).toBe(true);
    expect(acceptance.join([ids[0]!], { ...criteria, minutes: 5 }).ok).toBe(false);
    acceptance.cancel();
    await acceptance.settled();
  }, 30_000);
});
