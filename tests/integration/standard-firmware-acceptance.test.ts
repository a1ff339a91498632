/**
 * The site standard's firmware and acceptance steps through the app's channels, over the real firmware
 * service (staged rollout: canary, then batches, each device verified by the version it reports after its
 * reboot) and the real acceptance run (verdicts kept in the site), against simulated devices over
 * loopback: devices on an older version get "update firmware to …", the rollout brings them there, a
 * short acceptance follows, and they are then at the standard (a device already on it gets no upload).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_EVERY_ENV } from '../../electron/core/acceptance/acceptance-run';
import type { Handlers } from '../../shared/ipc/contract';
import { createHandlers } from '../../electron/core/handlers';
import type { CoreServices } from '../../electron/core/services';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { openAppCore } from '../support/app-core';
import { channelCaller } from '../support/app-channels';
import { QUICK_UPDATE, S21, TEST_TIMING, writeSimImage } from '../support/firmware-world';

const SITE_PW = 'Hall-site-pw-2024';

describe('site standard: firmware and acceptance steps', () => {
  let fleet: Fleet;
  let services: CoreServices;
  let handlers: Handlers;
  let dataDir: string;
  const ids = new Map<SimDevice, string>();
  const idOf = (d: SimDevice): string => ids.get(d)!;
  const call = channelCaller(() => handlers);

  beforeAll(async () => {
    // Acceptance readings every 0.6 s (the acceptance tests' knob), shares every 0.1 s.
    vi.stubEnv(SAMPLE_EVERY_ENV, '600');
    fleet = await startFleet({
      devices: [
        { firmwareVersion: '1.2.6' },
        { firmwareVersion: '1.2.6' },
        { firmwareVersion: '1.2.6' },
        { firmwareVersion: '1.2.8' },
      ].map((d) => ({ ...d, ...QUICK_UPDATE, shareSeconds: 0.1, password: 'admin', model: S21.model })),
    });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-standard-fw-'));
    services = await openAppCore({ dataDir, firmwareTiming: TEST_TIMING });
    handlers = createHandlers(services);
    await services.fleet.add(fleet.devices.map((d) => ({ address: d.address })));
    const snapshot = await services.fleet.snapshot();
    for (const d of fleet.devices) {
      ids.set(d, snapshot.devices.find((x) => x.address === `http://${d.host}:${d.port}`)!.deviceId);
    }
  }, 60_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await services?.dispose();
    await fleet?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('updates the devices on an older version (staged), accepts them, then they are at the standard', async () => {
    const image = writeSimImage(dataDir, '1.2.8', S21.id);
    const set = await call('standard:set', {
      password: { kind: 'typed', password: SITE_PW },
      firmware: { version: '1.2.8', imagePath: image },
      acceptance: { minutes: 0.05, minHashratePercent: 1, maxChipTempC: 150, maxRejectedPercent: 100 },
    });
    expect(set.ok, set.ok ? '' : set.error.message).toBe(true);
    const all = fleet.devices.map(idOf);
    const plan = await call('standard:plan', { deviceIds: all, currentPassword: 'admin' });
    expect(plan.ok && plan.value.entries.map((e) => e.steps.map((s) => s.words))).toEqual([
      ...[0, 1, 2].map(() => [
        'replace the factory password',
        'update firmware to 1.2.8',
        'acceptance (0.05 min)',
      ]),
      ['replace the factory password', 'acceptance (0.05 min)'],
    ]);
    if (!plan.ok) return;
    const confirmed = plan.value.entries.map((e) => ({
      deviceId: e.deviceId,
      steps: e.steps.map((s) => s.words),
    }));
    const started = await call('standard:commission', { deviceIds: all, confirmed });
    expect(started.ok).toBe(true);
    await services.standard.settled();
    const run = await call('standard:run', undefined);
    expect(run.ok && run.value?.devices.map((d) => [d.outcome, d.message])).toEqual(
      all.map(() => ['done', 'at the standard']),
    );
    expect(fleet.devices.map((d) => d.firmwareVersion)).toEqual(['1.2.8', '1.2.8', '1.2.8', '1.2.8']);
    // The one already on 1.2.8 got no image.
    expect(fleet.devices[3]!.requests.some((r) => r.method === 'POST' && r.path.includes('firmware'))).toBe(
      false,
    );
    const kept = await services.acceptance.kept();
    expect(kept.ok && kept.value.verdicts.map((v) => v.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
    const drift = await call('standard:drift', { deviceIds: all, refresh: true });
    expect(drift.ok && drift.value.summary).toMatchObject({ total: 4, atStandard: 4, differ: 0 });
  }, 90_000);
});
