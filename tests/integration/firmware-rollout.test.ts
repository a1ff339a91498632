/**
 * The firmware rollout of the core service (electron/core/firmware) against simulated devices over real
 * loopback HTTP and a real inventory: the canary first, then batches within their limits; each device
 * verified by the version it reports after its reboot (and mining again); stop on trouble with every device
 * named; "stop after this batch" and cancel; resume without uploading twice; a certificate changed by the
 * update trusted in one step, only for updated devices.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/domain/commission';
import type { CertificateChange, FirmwareEvent, FirmwareOutcome } from '../../shared/domain/firmware';
import type {
  FirmwareRunRequest,
  FirmwareSettingsInput,
  PreparedRollout,
} from '../../electron/core/firmware/firmware-service';
import type { Fleet, SimDevice, SimDeviceOptions } from '../simulator';
import { startFleet } from '../simulator';
import type { FirmwareWorld } from '../support/firmware-world';
import { firmwareWorld, QUICK_UPDATE, S21, trustDevice, writeSimImage } from '../support/firmware-world';
import { requestsTo } from '../support/sim-targets';

const UPDATE = '/api/v1/firmware/update';
let fleet: Fleet | undefined;
let world: FirmwareWorld | undefined;
afterEach(async () => {
  await world?.close();
  await fleet?.close();
  world = undefined;
  fleet = undefined;
});

async function start(count: number, options: SimDeviceOptions = {}, perDevice: SimDeviceOptions[] = []) {
  fleet = await startFleet({
    count,
    defaults: { model: S21.model, firmwareVersion: '1.2.6', ...QUICK_UPDATE, ...options },
    devices: perDevice,
  });
  world = await firmwareWorld(fleet.devices);
  const image = writeSimImage(world.dir, '1.2.7', S21.id);
  return { fleet, world, image, devices: fleet.devices };
}

async function prepare(
  w: FirmwareWorld,
  image: string,
  settings: FirmwareSettingsInput = {},
  targets = w.targets,
): Promise<PreparedRollout> {
  const prepared = await w.firmware.prepare({ targets, imagePath: image, siteId: w.siteId, settings });
  if (!prepared.ok) throw new Error(prepared.error.message);
  return prepared.value;
}

async function roll(w: FirmwareWorld, prepared: PreparedRollout, request: FirmwareRunRequest = {}) {
  const events: FirmwareEvent[] = [];
  const run = w.firmware.start(prepared, {
    ...request,
    onEvent: (e) => {
      events.push(e);
      request.onEvent?.(e);
    },
  });
  if (!run.ok) throw new Error(run.error.message);
  return { run: run.value, events, outcome: await run.value.outcome };
}

const byAddress = (outcome: FirmwareOutcome, device: SimDevice) =>
  outcome.devices.find((d) => d.address === device.address);
const uploadsTo = (device: SimDevice) => requestsTo(device, UPDATE, 'POST').length;

async function activity(w: FirmwareWorld): Promise<ActivityEntry[]> {
  const entries = await w.inventory.activity(w.siteId);
  if (!entries.ok) throw new Error(entries.error.message);
  return entries.value;
}

/** The most devices in one of `steps` at once, from the events (a device enters at `from`, leaves at a final step). */
function mostAtOnce(events: readonly FirmwareEvent[], from: string, until: readonly string[]): number {
  const inside = new Set<string>();
  let most = 0;
  for (const e of events) {
    if (e.kind !== 'device') continue;
    if (e.step === from) inside.add(e.deviceId);
    else if (until.includes(e.step)) inside.delete(e.deviceId);
    most = Math.max(most, inside.size);
  }
  return most;
}

describe('firmware rollout', () => {
  it('canary first, then batches; every device verified by the version it reports and mining again; logged before each upload and after each verdict', async () => {
    const { world: w, image, devices } = await start(7);
    const prepared = await prepare(w, image, { canary: 1, batch: 3, growth: 1, maxOffline: 2 });
    expect(prepared.plan.steps.map((s) => [s.name, s.deviceIds.length])).toEqual([
      ['canary', 1],
      // No batch is larger than --max-offline.
      ['batch 1 of 3', 2],
      ['batch 2 of 3', 2],
      ['batch 3 of 3', 2],
    ]);
    expect(prepared.plan.models).toEqual([
      { model: S21.id, modelName: S21.model, devices: 7, versions: [{ version: '1.2.6', devices: 7 }] },
    ]);
    const { outcome, events, run } = await roll(w, prepared);
    expect(outcome.counts).toEqual({ verified: 7, failed: 0, skipped: 0, notStarted: 0, unknown: 0 });
    // Where every device is, for a window opened late: its last step.
    expect(run.progress().map((p) => [p.address, p.step])).toEqual(
      devices.map((d) => [d.address, 'verified']),
    );
    expect(outcome.version).toBe('1.2.7');
    for (const device of devices) {
      expect(byAddress(outcome, device)).toMatchObject({
        outcome: 'verified',
        from: '1.2.6',
        to: '1.2.7',
        uploaded: true,
        words: 'verified: 1.2.6 → 1.2.7, mining again',
      });
      expect(device.firmwareVersion).toBe('1.2.7');
      expect(uploadsTo(device)).toBe(1);
    }
    // The canary's verdict came before any batch device was uploaded to.
    const canaryId = prepared.plan.steps[0]!.deviceIds[0]!;
    const canaryVerified = events.findIndex(
      (e) => e.kind === 'device' && e.deviceId === canaryId && e.step === 'verified',
    );
    const firstBatchUpload = events.findIndex(
      (e) => e.kind === 'device' && e.deviceId !== canaryId && e.step === 'uploading',
    );
    expect(canaryVerified).toBeGreaterThan(-1);
    expect(canaryVerified).toBeLessThan(firstBatchUpload);
    // --max-offline 2: never more than two devices between their upload and their verdict.
    expect(mostAtOnce(events, 'uploading', ['verified', 'failed'])).toBe(2);
    // Progress in words: uploading with a percentage, rebooting with the seconds, then the verdict.
    const canarySteps = events.flatMap((e) =>
      e.kind === 'device' && e.deviceId === canaryId ? [e.words] : [],
    );
    expect(canarySteps[0]).toBe('waiting (canary)');
    expect(canarySteps).toContain('uploading (100 %)');
    expect(canarySteps.some((w) => /^rebooting \(back in about \d+ s\)$/.test(w))).toBe(true);
    expect(canarySteps.at(-1)).toBe('verified: 1.2.6 → 1.2.7, mining again');

    // The log: per device, the upload entry before its "taken" entry before its verdict.
    const entries = await activity(w);
    expect(
      entries.every(
        (e) => e.action === 'firmware' && e.firmware?.image.sha256 === prepared.plan.image.sha256,
      ),
    ).toBe(true);
    for (const target of w.targets) {
      const phases = entries.flatMap((e) =>
        e.devices.some((d) => d.deviceId === target.deviceId) ? [e.firmware?.phase] : [],
      );
      expect(phases).toEqual(['upload', 'accepted', 'verdict']);
    }
    const verdicts = entries.filter((e) => e.firmware?.phase === 'verdict').flatMap((e) => e.devices);
    expect(verdicts.every((d) => d.outcome === 'done' && d.from === '1.2.6' && d.to === '1.2.7')).toBe(true);
    expect(entries.filter((e) => e.firmware?.phase === 'upload').map((e) => e.what)).toEqual([
      expect.stringMatching(/: uploading to 1 device \(canary\)$/),
      expect.stringMatching(/: uploading to 2 devices \(batch 1 of 3\)$/),
      expect.stringMatching(/: uploading to 2 devices \(batch 2 of 3\)$/),
      expect.stringMatching(/: uploading to 2 devices \(batch 3 of 3\)$/),
    ]);
  });

  it('at most 5 uploads in flight, whatever the batch and --max-offline', async () => {
    const { world: w, image } = await start(11, {
      firmwareFault: { kind: 'slow-upload', bytesPerSecond: 400_000 },
    });
    const big = writeSimImage(w.dir, '1.2.7', S21.id, 200_000, 'big.bin');
    expect(image).not.toBe(big);
    const { outcome, events } = await roll(w, await prepare(w, big, { canary: 1, batch: 10 }));
    expect(outcome.counts.verified).toBe(11);
    expect(mostAtOnce(events, 'uploading', ['rebooting', 'failed'])).toBe(5);
  });

  it('a failed canary stops the rollout before any batch: nothing else is uploaded', async () => {
    const { world: w, image, devices } = await start(4, {}, [{ firmwareFault: { kind: 'never-back' } }]);
    const { outcome } = await roll(
      w,
      await prepare(w, image, { canary: 1, batch: 2, growth: 1, deadlineMinutes: 0.02 }),
    );
    expect(byAddress(outcome, devices[0]!)).toMatchObject({
      outcome: 'failed',
      words: 'did not come back within 1 s',
      from: '1.2.6',
      uploaded: true,
    });
    expect(outcome.stopped).toBe(
      `the canary ${devices[0]!.address} failed (did not come back within 1 s): no batch was started`,
    );
    for (const device of devices.slice(1)) {
      expect(byAddress(outcome, device)).toMatchObject({
        outcome: 'not-started',
        words: `not started: ${outcome.stopped}`,
      });
      expect(uploadsTo(device)).toBe(0);
    }
  });

  it('an upload the device refuses is a failure in its words; the canary refusing stops everything', async () => {
    const {
      world: w,
      image,
      devices,
    } = await start(3, {}, [{ firmwareFault: { kind: 'upload-refused', err: 'Not enough memory ' } }]);
    const { outcome } = await roll(w, await prepare(w, image));
    expect(byAddress(outcome, devices[0]!)).toMatchObject({
      outcome: 'failed',
      words: 'upload refused: Not enough memory',
      uploaded: false,
    });
    expect(outcome.counts).toMatchObject({ failed: 1, notStarted: 2 });
    expect(devices[0]!.firmwareVersion).toBe('1.2.6');
  });

  it('a device back on the old version stops the rollout after its batch; the outcome names every device', async () => {
    const {
      world: w,
      image,
      devices,
    } = await start(7, {}, [{}, {}, { firmwareFault: { kind: 'old-version' } }]);
    const { outcome } = await roll(w, await prepare(w, image, { canary: 1, batch: 2, growth: 1 }));
    // canary: 0; batch 1: 1, 2 (2 comes back on 1.2.6); batch 2 (3, 4) uploads as soon as batch 1's
    // uploads ended: what took the image is verified, an upload under way at the failure is cut (nothing
    // installed); batch 3 never starts (batch 1 was not clean).
    expect(byAddress(outcome, devices[1]!)).toMatchObject({ outcome: 'verified' });
    expect(byAddress(outcome, devices[2]!)).toMatchObject({
      outcome: 'failed',
      from: '1.2.6',
      to: '1.2.6',
      words: 'still on 1.2.6 after the update',
    });
    expect(outcome.stopped).toBe(
      `${devices[2]!.address} failed in batch 1 of 3 (still on 1.2.6 after the update): the rollout stopped after that batch`,
    );
    expect(outcome.devices.map((d) => d.outcome)).toEqual([
      'verified',
      'verified',
      'failed',
      expect.stringMatching(/^(verified|not-started)$/),
      expect.stringMatching(/^(verified|not-started)$/),
      'not-started',
      'not-started',
    ]);
    for (const [i, device] of devices.entries()) {
      const verdict = outcome.devices[i]!;
      expect(device.firmwareVersion).toBe(verdict.outcome === 'not-started' ? '1.2.6' : verdict.to);
    }
    expect(devices.slice(5).map(uploadsTo)).toEqual([0, 0]);
  });

  it('back on the new version but not mining: a failure, with the device’s own words', async () => {
    const { world: w, image, devices } = await start(1, { bootSeconds: 3 });
    const device = devices[0]!;
    const running = roll(w, await prepare(w, image));
    // Back up (still booting for 3 s): its miner fails.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await device.waitUntilUp();
    device.setMinerState('failure', { description: 'fan lost', code: 3 });
    const { outcome } = await running;
    expect(outcome.devices[0]).toMatchObject({
      outcome: 'failed',
      to: '1.2.7',
      words: 'back on 1.2.7 but not mining (failure: fan lost)',
    });
  });

  it('"stop after this batch": the batch under way finishes, no other starts', async () => {
    const { world: w, image } = await start(7);
    const prepared = await prepare(w, image, { canary: 1, batch: 2, growth: 1 });
    let stopAfterThisBatch = (): void => undefined;
    const run = w.firmware.start(prepared, {
      onEvent: (e) => {
        if (e.kind === 'step' && e.state === 'started' && e.name === 'batch 1 of 3') stopAfterThisBatch();
      },
    });
    if (!run.ok) throw new Error(run.error.message);
    stopAfterThisBatch = () => run.value.stopAfterThisBatch();
    const outcome = await run.value.outcome;
    expect(outcome.stopped).toBe('stopped after batch 1 of 3, as asked');
    expect(outcome.devices.map((d) => d.outcome)).toEqual([
      'verified',
      'verified',
      'verified',
      'not-started',
      'not-started',
      'not-started',
      'not-started',
    ]);
    expect(outcome.devices[3]!.words).toBe('not started: stopped after batch 1 of 3, as asked');
  });

  it('cancel: uploads under way are cut (nothing installed), devices that took the image are left to the next run, which verifies them without uploading again', async () => {
    // Devices 0–1: quick. Devices 2–3: a slow upload of a bigger image. Device 1 reboots for long.
    const { world: w, devices } = await start(4, {}, [
      {},
      { rebootDownSeconds: 3 },
      { firmwareFault: { kind: 'slow-upload', bytesPerSecond: 2_000_000 } },
      { firmwareFault: { kind: 'slow-upload', bytesPerSecond: 2_000_000 } },
    ]);
    const image = writeSimImage(w.dir, '1.2.7', S21.id, 24_000_000, 'big.bin');
    const prepared = await prepare(w, image, { canary: 1, batch: 3, growth: 1 });
    let cancel = (): void => undefined;
    const events: FirmwareEvent[] = [];
    const run = w.firmware.start(prepared, {
      onEvent: (e) => {
        events.push(e);
        // Batch 1 is under way: device 1 took the image, devices 2 and 3 are half-way through theirs.
        if (
          e.kind === 'device' &&
          e.step === 'uploading' &&
          (e.percent ?? 0) >= 10 &&
          events.some(
            (x) => x.kind === 'device' && x.address === devices[1]!.address && x.step === 'rebooting',
          )
        )
          cancel();
      },
    });
    if (!run.ok) throw new Error(run.error.message);
    cancel = () => run.value.cancel();
    const outcome = await run.value.outcome;
    expect(outcome.cancelled).toBe(true);
    expect(byAddress(outcome, devices[0]!)).toMatchObject({ outcome: 'verified' });
    expect(byAddress(outcome, devices[1]!)).toMatchObject({
      outcome: 'unknown',
      words: 'cancelled while it updates: the next run verifies it (it is not uploaded again)',
    });
    for (const device of devices.slice(2)) {
      expect(byAddress(outcome, device)).toMatchObject({
        outcome: 'not-started',
        words: expect.stringMatching(
          /^cancelled during the upload \(\d+ % sent; the device did not get the whole image, nothing changed\)$/,
        ),
      });
      expect(device.firmware.updates).toBe(0);
    }

    // The next run: device 1 is verified (not uploaded again), devices 2 and 3 get the image now.
    for (const device of devices.slice(2)) device.setFirmwareFault(undefined);
    const again = await prepare(w, image, { canary: 1, batch: 3, growth: 1 });
    expect(again.plan.devices.map((d) => d.role)).toEqual(['skip', 'verify', 'batch', 'batch']);
    expect(again.plan.devices[0]!.detail).toMatch(
      /^already updated with this image at \S+ \(1\.2\.6 → 1\.2\.7\)$/,
    );
    expect(again.plan.devices[1]!.detail).toMatch(/^an earlier run's upload was taken at \S+/);
    // This image was verified already (device 0): no canary of its own.
    expect(again.plan.steps.map((st) => st.name)).toEqual(['finishing the earlier run', 'batch 1 of 1']);
    const { outcome: finished } = await roll(w, again);
    expect(finished.devices.map((d) => [d.outcome, d.uploaded])).toEqual([
      ['skipped', false],
      ['verified', false],
      ['verified', true],
      ['verified', true],
    ]);
    for (const device of devices) {
      expect(device.firmware.updates).toBe(1);
      expect(device.firmwareVersion).toBe('1.2.7');
    }
  });

  it('a new run reads every device first: done ones skipped, a failed one skipped unless retried, the rest continued', async () => {
    const { world: w, image, devices } = await start(7, {}, [{}, { firmwareFault: { kind: 'old-version' } }]);
    const first = await roll(w, await prepare(w, image, { canary: 1, batch: 2, growth: 1 }));
    // Batch 2 (3, 4) overlaps batch 1's verification: verified, or cut by the failure; batch 3 never starts.
    const overlapped = first.outcome.devices.slice(3, 5).map((d) => d.outcome);
    expect(first.outcome.devices.map((d) => d.outcome)).toEqual([
      'verified',
      'failed',
      'verified',
      ...overlapped,
      'not-started',
      'not-started',
    ]);
    expect(overlapped.every((o) => o === 'verified' || o === 'not-started')).toBe(true);
    devices[1]!.setFirmwareFault(undefined);
    const second = await prepare(w, image, { canary: 1, batch: 2, growth: 1 });
    const left = overlapped.map((o) => (o === 'verified' ? 'skip' : 'batch'));
    expect(second.plan.devices.map((d) => d.role)).toEqual([
      'skip',
      'skip',
      'skip',
      ...left,
      'batch',
      'batch',
    ]);
    expect(second.plan.devices[1]!.detail).toMatch(
      /^this image failed on it in an earlier run \(\S+: still on 1\.2\.6 after the update\); not tried again \(--retry-failed tries once more\)$/,
    );
    expect(second.plan.version).toBe('1.2.7');
    const { outcome } = await roll(w, second);
    const continued = 2 + left.filter((r) => r === 'batch').length;
    expect(outcome.counts).toEqual({
      verified: continued,
      failed: 0,
      skipped: 7 - continued,
      notStarted: 0,
      unknown: 0,
    });
    expect(devices.map(uploadsTo)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // Asked for, the failed one gets one more try.
    const retry = await prepare(w, image, { retryFailed: true });
    expect(retry.plan.devices.map((d) => d.role)).toEqual([
      'skip',
      'batch',
      'skip',
      'skip',
      'skip',
      'skip',
      'skip',
    ]);
  });

  it('a device already on the version the canary came back on is left alone', async () => {
    const { world: w, image, devices } = await start(3, {}, [{}, {}, { firmwareVersion: '1.2.7' }]);
    const prepared = await prepare(w, image, { canary: 1, batch: 5, growth: 1 });
    // Without --expect-version the plan cannot know: it plans the upload…
    expect(prepared.plan.devices.map((d) => d.role)).toEqual(['canary', 'batch', 'batch']);
    const { outcome } = await roll(w, prepared);
    // …and the canary's version settles it.
    expect(byAddress(outcome, devices[2]!)).toMatchObject({
      outcome: 'skipped',
      words: 'skipped: already on 1.2.7, the version this image brought on the canary',
      uploaded: false,
    });
    expect(uploadsTo(devices[2]!)).toBe(0);
  });

  it('targets of several models are refused unless one is chosen; --expect-version skips devices already on it', async () => {
    fleet = await startFleet({
      defaults: { firmwareVersion: '1.2.6', ...QUICK_UPDATE },
      devices: [
        { model: S21.model },
        { model: 'Antminer S19 (88)' },
        { model: S21.model, firmwareVersion: '1.2.7' },
        { model: S21.model },
      ],
    });
    world = await firmwareWorld(fleet.devices);
    const image = writeSimImage(world.dir, '1.2.7', S21.id);
    const refused = await prepare(world, image);
    expect(refused.plan.refusal).toBe(
      'these devices report 2 models: s21-pro (3 devices), s19-88 (1 device). A firmware image is built for one model, and Minerdeck cannot read which: choose it with --model NAME (the others are skipped). Nothing was sent.',
    );
    expect(refused.plan.uploads).toBe(0);
    expect(world.firmware.start(refused)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    const chosen = await prepare(world, image, { model: 'Antminer S21 Pro', expectVersion: '1.2.7' });
    expect(chosen.plan.refusal).toBeUndefined();
    expect(chosen.plan.devices.map((d) => [d.role, d.detail])).toEqual([
      ['canary', 'canary: upload, reboot, verify (now 1.2.6)'],
      ['skip', 'model s19-88, not Antminer S21 Pro: the image is for one model'],
      ['skip', 'already on 1.2.7'],
      ['batch', 'batch 1 of 1: upload, reboot, verify (now 1.2.6)'],
    ]);
    const unknownModel = await prepare(world, image, { model: 'S9' });
    expect(unknownModel.plan.refusal).toBe(
      'no device reports model S9; they report: s21-pro (3 devices), s19-88 (1 device).',
    );
  });
});

describe('https devices: a certificate changed by the update', () => {
  async function https(count: number) {
    fleet = await startFleet({
      count,
      defaults: {
        model: S21.model,
        firmwareVersion: '1.2.6',
        ...QUICK_UPDATE,
        rebootDownSeconds: 0.6,
        https: true,
        updateRotatesCertificate: true,
      },
    });
    world = await firmwareWorld(fleet.devices);
    for (const device of fleet.devices) await trustDevice(world, device);
    return { w: world, devices: fleet.devices, image: writeSimImage(world.dir, '1.2.7', S21.id) };
  }

  it('is reported with both fingerprints and trusted in one step per batch; then the devices are verified', async () => {
    const { w, devices, image } = await https(3);
    const before = devices.map((d) => d.certificateFingerprint256!);
    const asked: CertificateChange[][] = [];
    const { outcome } = await roll(w, await prepare(w, image, { canary: 1, batch: 2, growth: 1 }), {
      decideCertificates: async (changes) => {
        asked.push(changes);
        return true;
      },
    });
    // Once per step, every updated device of the step at once (in the order they came back).
    expect(asked.map((changes) => changes.map((c) => c.address).sort())).toEqual([
      [devices[0]!.address],
      [devices[1]!.address, devices[2]!.address].sort(),
    ]);
    for (const [i, device] of devices.entries()) {
      const after = device.certificateFingerprint256!;
      expect(after).not.toBe(before[i]);
      expect(byAddress(outcome, device)).toMatchObject({
        outcome: 'verified',
        to: '1.2.7',
        certificate: { before: before[i], after },
      });
    }
    const listed = await w.inventory.devices(w.siteId);
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.devices.map((d) => d.tlsPin)).toEqual(
      devices.map((d) => d.certificateFingerprint256),
    );
  });

  it('not trusted: the device fails in those words, the rollout stops; never trusted for a device that was not updated', async () => {
    const { w, devices, image } = await https(2);
    const before = devices[0]!.certificateFingerprint256!;
    const { outcome } = await roll(w, await prepare(w, image, { canary: 1, batch: 2, growth: 1 }), {
      decideCertificates: async () => false,
    });
    const after = devices[0]!.certificateFingerprint256!;
    expect(byAddress(outcome, devices[0]!)).toMatchObject({
      outcome: 'failed',
      certificate: { before, after },
      words: `certificate changed after the update (trusted ${before}, now ${after}); the new one was not trusted, so the update could not be verified: trust it (one step for the updated devices) and run again`,
    });
    expect(byAddress(outcome, devices[1]!)).toMatchObject({ outcome: 'not-started' });

    // A device whose certificate changed without an update from this laptop: skipped, and never trusted here.
    const other = devices[1]!;
    const old = other.certificateFingerprint256!;
    await other.rotateCertificate();
    const plan = await prepare(w, image, { retryFailed: true });
    expect(plan.plan.devices[1]).toMatchObject({
      role: 'skip',
      detail: expect.stringMatching(
        /^its certificate changed \(trusted .*, now .*\), and not by an update of this image from this laptop/,
      ),
    });
    const trusted = await w.firmware.trustUpdatedCertificates(w.siteId, [
      { deviceId: w.targets[0]!.deviceId, address: devices[0]!.address, before, after },
      {
        deviceId: w.targets[1]!.deviceId,
        address: other.address,
        before: old,
        after: other.certificateFingerprint256!,
      },
    ]);
    expect(trusted).toMatchObject({
      ok: true,
      value: {
        trusted: [devices[0]!.address],
        refused: [
          {
            address: other.address,
            why: expect.stringMatching(/^no firmware update from this laptop is recorded for it/),
          },
        ],
      },
    });
  });
});

describe('pacing for a hall: batches that grow, uploads that stay busy', () => {
  /** A rollout whose events carry the time they came (Date.now(), as the simulator's request log). */
  async function timed(w: FirmwareWorld, prepared: PreparedRollout) {
    const times: { at: number; event: FirmwareEvent }[] = [];
    const rolled = await roll(w, prepared, { onEvent: (event) => times.push({ at: Date.now(), event }) });
    const stepOf = new Map(prepared.plan.devices.map((d) => [d.deviceId, d.step]));
    const when = (step: string, batch: number) =>
      times
        .filter(
          ({ event: e }) =>
            e.kind === 'device' && e.step === step && stepOf.get(e.deviceId) === batch && e.percent !== 100,
        )
        .map(({ at }) => at);
    return { ...rolled, times, when };
  }

  it('30 devices, --batch 2 --growth 2: canary 1, then 2, 4, 8, 15; a batch uploads while the one before verifies; batch k+2 waits for batch k', async () => {
    // Batches 2 and 3 (devices 3–14 in the order given) boot more slowly than the rest, so the overlaps
    // asserted below are the pacer's doing and not a race: batch k+1 starts uploading while batch k is still
    // coming back (with every device equally quick, on a loaded machine a batch's last verdict and the next
    // batch's first upload landed within a few ms of each other, either way round).
    const slowBatches = Array.from({ length: 30 }, (_, i) => (i >= 3 && i <= 14 ? { bootSeconds: 1.5 } : {}));
    const { world: w, image, devices } = await start(30, {}, slowBatches);
    const prepared = await prepare(w, image, { canary: 1, batch: 2, growth: 2 });
    expect(prepared.plan.batchSizes).toEqual([1, 2, 4, 8, 15]);
    expect(prepared.plan.steps.slice(2, 4).flatMap((step) => step.deviceIds)).toEqual(
      devices.slice(3, 15).map((d) => prepared.plan.devices.find((p) => p.address === d.address)!.deviceId),
    );
    expect(prepared.plan.steps.map((s) => s.name)).toEqual([
      'canary',
      'batch 1 of 4',
      'batch 2 of 4',
      'batch 3 of 4',
      'batch 4 of 4',
    ]);
    const { outcome, when, events } = await timed(w, prepared);
    expect(outcome.counts.verified).toBe(30);
    expect(devices.map(uploadsTo)).toEqual(devices.map(() => 1));
    const firstUpload = (step: number) => Math.min(...when('uploading', step));
    const lastVerdict = (step: number) => Math.max(...when('verified', step));
    // The canary is verified before batch 1 uploads.
    expect(firstUpload(1)).toBeGreaterThanOrEqual(lastVerdict(0));
    // Batch 4's uploads began while batch 3 was still being verified; batch 3's while batch 2 was.
    expect(firstUpload(4)).toBeLessThan(lastVerdict(3));
    expect(firstUpload(3)).toBeLessThan(lastVerdict(2));
    // Never three batches unverified: batch k+2 starts once batch k is clean.
    for (let k = 1; k <= 2; k += 1) expect(firstUpload(k + 2)).toBeGreaterThanOrEqual(lastVerdict(k));
    // The simulator saw the same: a batch-4 upload arrived before batch 3's last device came back verified.
    const batch4 = prepared.plan.steps[4]!.deviceIds;
    const batch4Uploads = devices
      .filter((d) => batch4.includes(prepared.plan.devices.find((p) => p.address === d.address)!.deviceId))
      .map((d) => requestsTo(d, UPDATE, 'POST')[0]!.time);
    expect(Math.min(...batch4Uploads)).toBeLessThan(lastVerdict(3));
    // Steps told in order, each started and finished once.
    const steps = events.flatMap((e) => (e.kind === 'step' ? [`${e.state} ${e.index}`] : []));
    expect(steps.filter((s) => s.startsWith('started'))).toEqual([0, 1, 2, 3, 4].map((i) => `started ${i}`));
    expect(steps.filter((s) => s.startsWith('finished'))).toEqual(
      [0, 1, 2, 3, 4].map((i) => `finished ${i}`),
    );
    // At most 5 uploads in flight at any time.
    expect(
      mostAtOnce(events, 'uploading', ['rebooting', 'verifying', 'verified', 'failed']),
    ).toBeLessThanOrEqual(5);
  });

  it('a device failing in batch 2 stops the rollout after that batch: nothing uploaded after its verdict, batch 4 never starts', async () => {
    // canary 0; batch 1: 1–2; batch 2: 3–6 (4 comes back on 1.2.6); batch 3: 7–14; batch 4: 15–29.
    const {
      world: w,
      image,
      devices,
    } = await start(30, {}, [{}, {}, {}, {}, { firmwareFault: { kind: 'old-version' } }]);
    const prepared = await prepare(w, image, { canary: 1, batch: 2, growth: 2, tolerate: 0 });
    const { outcome, times } = await timed(w, prepared);
    const failing = devices[4]!;
    expect(outcome.stopped).toBe(
      `${failing.address} failed in batch 2 of 4 (still on 1.2.6 after the update): the rollout stopped after that batch`,
    );
    const failedAt = times.find(
      ({ event: e }) => e.kind === 'device' && e.address === failing.address && e.step === 'failed',
    )!.at;
    // No upload reached any device after the failure's verdict.
    const lateUploads = devices.flatMap((d) =>
      requestsTo(d, UPDATE, 'POST').filter((r) => r.time > failedAt),
    );
    expect(lateUploads).toEqual([]);
    expect(devices.slice(0, 7).map((d) => byAddress(outcome, d)!.outcome)).toEqual([
      'verified',
      'verified',
      'verified',
      'verified',
      'failed',
      'verified',
      'verified',
    ]);
    // Batch 3: what took the image was verified; the rest not started, on the old version.
    for (const device of devices.slice(7, 15)) {
      const verdict = byAddress(outcome, device)!;
      expect(['verified', 'not-started']).toContain(verdict.outcome);
      expect(device.firmwareVersion).toBe(verdict.outcome === 'verified' ? '1.2.7' : '1.2.6');
      if (verdict.outcome === 'not-started')
        expect(verdict.words).toContain(`not started: ${outcome.stopped}`);
    }
    // Batch 4: never started, nothing uploaded.
    for (const device of devices.slice(15)) {
      expect(byAddress(outcome, device)).toMatchObject({
        outcome: 'not-started',
        words: `not started: ${outcome.stopped}`,
      });
      expect(uploadsTo(device)).toBe(0);
    }
  });
});
