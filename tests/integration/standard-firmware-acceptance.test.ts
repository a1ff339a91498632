/**
 * The site standard's firmware and acceptance steps through the app's channels, over the real firmware
 * service (staged rollout: canary, then batches, each device verified by the version it reports after its
 * reboot) and the real acceptance run (verdicts kept in the site), against simulated devices over
 * loopback: devices on an older version get "update firmware to …", the rollout brings them there, a
 * short acceptance follows, and they are then at the standard (a device already on it gets no upload).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_EVERY_ENV } from '../../electron/core/acceptance/acceptance-run';
import { QUICK_UPDATE, S21, TEST_TIMING, writeSimImage } from '../support/firmware-world';
import { useChannelWorld } from '../support/channel-world';

const SITE_PW = 'Hall-site-pw-2024';

describe('site standard: firmware and acceptance steps', () => {
  // Acceptance readings every 0.6 s (the acceptance tests' knob), shares every 0.1 s.
  beforeAll(() => {
    vi.stubEnv(SAMPLE_EVERY_ENV, '600');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  const world = useChannelWorld({
    name: 'minerdeck-standard-fw-',
    devices: {
      devices: [
        { firmwareVersion: '1.2.6' },
        { firmwareVersion: '1.2.6' },
        { firmwareVersion: '1.2.6' },
        { firmwareVersion: '1.2.8' },
      ].map((d) => ({ ...d, ...QUICK_UPDATE, shareSeconds: 0.1, password: 'admin', model: S21.model })),
    },
    core: { firmwareTiming: TEST_TIMING },
  });
  const { call, idOf } = world;

  it('updates the devices on an older version (staged), accepts them, then they are at the standard', async () => {
    const image = writeSimImage(world.dataDir, '1.2.8', S21.id);
    const set = await call('standard:set', {
      password: { kind: 'typed', password: SITE_PW },
      firmware: { version: '1.2.8', imagePath: image },
      acceptance: { minutes: 0.05, minHashratePercent: 1, maxChipTempC: 150, maxRejectedPercent: 100 },
    });
    expect(set.ok, set.ok ? '' : set.error.message).toBe(true);
    const all = world.fleet.devices.map(idOf);
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
    await world.services.standard.settled();
    const run = await call('standard:run', undefined);
    expect(run.ok && run.value?.devices.map((d) => [d.outcome, d.message])).toEqual(
      all.map(() => ['done', 'at the standard']),
    );
    expect(world.fleet.devices.map((d) => d.firmwareVersion)).toEqual(['1.2.8', '1.2.8', '1.2.8', '1.2.8']);
    // The one already on 1.2.8 got no image.
    expect(
      world.fleet.devices[3]!.requests.some((r) => r.method === 'POST' && r.path.includes('firmware')),
    ).toBe(false);
    // The groups (the canary first, on at its own verdict; the others after) joined one acceptance run.
    expect(world.services.acceptance.current()?.deviceIds.toSorted()).toEqual(all.toSorted());
    const kept = await world.services.acceptance.kept();
    expect(kept.ok && kept.value.verdicts.map((v) => v.verdict)).toEqual(['pass', 'pass', 'pass', 'pass']);
    const drift = await call('standard:drift', { deviceIds: all, refresh: true });
    expect(drift.ok && drift.value.summary).toMatchObject({ total: 4, atStandard: 4, differ: 0 });
  }, 90_000);
});
