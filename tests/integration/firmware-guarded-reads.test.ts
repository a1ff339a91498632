/**
 * Firmware on devices that guard the reads the vendor lists as anonymous (`/info`, `/summary`: the
 * simulator's `guardedReads`), over real loopback HTTP: the preflight reads them with the stored password
 * (their models and versions planned, not "offline"), the rollout verifies them by the version `/info`
 * reports after the reboot; a device with nothing stored is skipped for that reason, not as offline.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
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

describe('firmware on devices that guard their reads', () => {
  it('preflight reads them with the stored password; the rollout verifies them; nothing stored: skipped in words', async () => {
    fleet = await startFleet({
      count: 3,
      defaults: { model: S21.model, firmwareVersion: '1.2.6', ...QUICK_UPDATE, guardedReads: true },
    });
    const w = await firmwareWorld(fleet.devices);
    world = w;
    const image = writeSimImage(w.dir, '1.2.7', S21.id);
    const lost = w.targets[2]!;
    await w.vault.deleteDevicePassword(lost.deviceId);

    const prepared = await w.firmware.prepare({
      targets: w.targets,
      imagePath: image,
      siteId: w.siteId,
      settings: {},
    });
    if (!prepared.ok) throw new Error(prepared.error.message);
    expect(prepared.value.plan.models).toEqual([
      { model: S21.id, modelName: S21.model, devices: 2, versions: [{ version: '1.2.6', devices: 2 }] },
    ]);
    const planned = prepared.value.plan.devices;
    expect(planned.filter((d) => d.role === 'skip').map((d) => d.deviceId)).toEqual([lost.deviceId]);
    const words = planned.find((d) => d.deviceId === lost.deviceId)?.detail;
    expect(words).toMatch(/password/);
    expect(words).not.toMatch(/offline|model is unknown/);

    const run = w.firmware.start(prepared.value, {});
    if (!run.ok) throw new Error(run.error.message);
    const outcome = await run.value.outcome;
    expect(outcome.counts).toMatchObject({ verified: 2, failed: 0 });
    expect(fleet.devices.map((d) => d.firmwareVersion)).toEqual(['1.2.7', '1.2.7', '1.2.6']);
    expect(fleet.devices[2]!.requests.filter((r) => r.method === 'POST')).toEqual([]);
  }, 60_000);
});
