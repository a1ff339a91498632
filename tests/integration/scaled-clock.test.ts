/**
 * Minerdeck's own waits on a scaled clock (issue 33), against the real simulator over loopback HTTP: at
 * scale 600 a 30-minute acceptance window with a reading a minute takes a few real seconds and still
 * takes ~30 readings whose times are field time, 30 min apart; a firmware verify deadline of 15 field
 * minutes ends in about 1.5 real seconds for a device that never comes back; and a request's timeout
 * never goes under the clock's real floor (a silent device is given the real floor (SCALED_TIMEOUT_FLOOR_MS), not 8 ms).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultCriteria } from '../../shared/domain/acceptance';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import { runAcceptance } from '../../electron/core/acceptance/acceptance-run';
import { newVisitState, visitDevice } from '../../electron/core/acceptance/device-visit';
import { scaledClock, SCALED_TIMEOUT_FLOOR_MS } from '../../electron/core/clock/clock';
import { createDeviceClient } from '../../electron/core/device/client';
import type { MonitorTarget } from '../../electron/core/monitor/monitor';
import { DEFAULT_VERIFY_TIMING } from '../../electron/core/firmware/verify';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { servicesFor } from '../support/credential-services';
import type { FirmwareWorld } from '../support/firmware-world';
import { firmwareWorld, QUICK_UPDATE, S21, writeSimImage } from '../support/firmware-world';

let fleet: Fleet | undefined;
let world: FirmwareWorld | undefined;
afterEach(async () => {
  await world?.close();
  await fleet?.close();
  world = undefined;
  fleet = undefined;
});

function targetsOf(f: Fleet): MonitorTarget[] {
  return f.devices.map((device) => {
    const address = parseDeviceAddress(device.address);
    if (!address.ok) throw new Error(device.address);
    return { deviceId: `addr:${device.host}:${device.port}`, address: address.value };
  });
}

describe('a run on a scaled clock', () => {
  it('a 30-minute acceptance window at scale 600: a few real seconds, ~30 readings, field times 30 min apart', async () => {
    fleet = await startFleet({ count: 3, defaults: { shareSeconds: 0.05 } });
    const client = createDeviceClient();
    try {
      const clock = scaledClock(600);
      const realStart = Date.now();
      const run = await runAcceptance(targetsOf(fleet), {
        client,
        sessions: servicesFor(client).sessions,
        criteria: { ...defaultCriteria(), minutes: 30 },
        clock,
      });
      const realMs = Date.now() - realStart;
      expect(run.cancelled).toBe(false);
      // 30 field minutes are 3 real seconds; settling at the first reading and the last visit add little.
      expect(realMs).toBeGreaterThanOrEqual(2_900);
      expect(realMs).toBeLessThan(15_000);
      expect(run.verdicts).toHaveLength(3);
      for (const verdict of run.verdicts) {
        expect(verdict.verdict, JSON.stringify(verdict.reasons)).toBe('pass');
        // Start, one a minute, end: 31 readings; a loaded machine may lose one or two to the floor.
        expect(verdict.evidence.readings.taken).toBeGreaterThanOrEqual(28);
        expect(verdict.evidence.readings.taken).toBeLessThanOrEqual(31);
        const windowMs = Date.parse(verdict.endedAt) - Date.parse(verdict.settledAt ?? verdict.startedAt);
        expect(windowMs).toBeGreaterThanOrEqual(30 * 60_000);
        expect(windowMs).toBeLessThan(31 * 60_000 + 15_000 * 600);
      }
      const fieldMs = run.endedAt.getTime() - run.startedAt.getTime();
      expect(fieldMs).toBeGreaterThanOrEqual(30 * 60_000);
    } finally {
      client.close();
    }
  }, 60_000);

  it('a verify deadline of 15 field minutes ends in about 1.5 real seconds for a device that never comes back', async () => {
    fleet = await startFleet({
      count: 1,
      defaults: { model: S21.model, firmwareVersion: '1.2.6', ...QUICK_UPDATE },
      devices: [{ firmwareFault: { kind: 'never-back' } }],
    });
    const clock = scaledClock(600);
    world = await firmwareWorld(fleet.devices, {
      clockFor: () => clock,
      timing: { verify: DEFAULT_VERIFY_TIMING, gatherMs: 50 },
    });
    const image = writeSimImage(world.dir, '1.2.7', S21.id);
    const prepared = await world.firmware.prepare({
      targets: world.targets,
      imagePath: image,
      siteId: world.siteId,
      settings: { deadlineMinutes: 15 },
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    let tookAt: number | undefined;
    const started = world.firmware.start(prepared.value, {
      onEvent: (event) => {
        if (event.kind === 'device' && event.step === 'rebooting') tookAt ??= Date.now();
      },
    });
    if (!started.ok) throw new Error(started.error.message);
    const outcome = await started.value.outcome;
    const realMs = Date.now() - (tookAt ?? 0);
    expect(outcome.devices).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        words: expect.stringMatching(/within 15 min/) as unknown,
      }),
    ]);
    // 15 field minutes at 600: 1.5 real seconds (the last read's real floor may add one more).
    expect(realMs).toBeGreaterThanOrEqual(1_300);
    expect(realMs).toBeLessThan(1_500 + SCALED_TIMEOUT_FLOOR_MS + 3_000);
  }, 60_000);

  it('a request’s timeout never goes under the real floor: a silent device is given the real floor (SCALED_TIMEOUT_FLOOR_MS)', async () => {
    fleet = await startFleet({ count: 1 });
    const device = fleet.devices[0]!;
    device.addFault({ fault: { kind: 'hang' }, paths: ['/api/v1/summary'] });
    const client = createDeviceClient();
    try {
      const [target] = targetsOf(fleet);
      const realStart = Date.now();
      // 5 field seconds at scale 600 would be 8 real ms: the floor gives the device its real seconds.
      const sample = await visitDevice(
        { client, sessions: servicesFor(client).sessions },
        target!,
        newVisitState(),
        Date.now(),
        { timeoutMs: 5_000, clock: scaledClock(600), chainsDue: () => false },
      );
      const realMs = Date.now() - realStart;
      expect(sample.errors).toEqual([expect.stringMatching(/^\/summary: /)]);
      expect(realMs).toBeGreaterThanOrEqual(SCALED_TIMEOUT_FLOOR_MS - 50);
      expect(realMs).toBeLessThan(SCALED_TIMEOUT_FLOOR_MS + 3_000);
    } finally {
      client.close();
    }
  }, 60_000);
});
