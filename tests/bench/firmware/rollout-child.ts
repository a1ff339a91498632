/**
 * The process under test of the firmware benchmark: a whole rollout by the core firmware service (as the
 * CLI runs it: preflight, canary, batches, verification), its upload phase timed from the devices'
 * progress events — from a device's first "uploading" to its "rebooting" (or failure), the union of those
 * intervals — and its peak RSS. Reads `{addresses, password, image}` as JSON on stdin; prints
 * `{bytes, wallMs, uploadMs, maxRssMb, failed}`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { addressDeviceId } from '../../../electron/core/credentials/device-identity';
import { createMemoryStore } from '../../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../../electron/core/credentials/session-manager';
import { createVault } from '../../../electron/core/credentials/vault';
import { createDeviceClient } from '../../../electron/core/device/client';
import { createPinOverlay } from '../../../electron/core/firmware/certificates';
import { createFirmwareService } from '../../../electron/core/firmware/firmware-service';
import { createInventoryServices } from '../../../electron/core/inventory/inventory-services';
import type { UploadRunRequest, UploadRunResult } from './upload-run';
import { cpuMsSince } from './upload-run';

const request = JSON.parse(await text(process.stdin)) as UploadRunRequest;
const dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-bench-firmware-'));
const client = createDeviceClient();
try {
  const vault = createVault(createMemoryStore());
  const sessions = createSessionManager({ client, vault });
  const inventory = createInventoryServices({
    dataDir,
    laptop: 'bench',
    app: { name: 'Minerdeck', version: '0' },
  });
  const site = await inventory.createSite({ name: 'bench', use: true });
  if (!site.ok) throw new Error(site.error.message);
  const targets = request.addresses.map((text) => {
    const address = parseDeviceAddress(text);
    if (!address.ok) throw new Error(address.error.message);
    return { deviceId: addressDeviceId(address.value), address: address.value };
  });
  for (const target of targets) await vault.setDevicePassword(target.deviceId, request.password);
  const firmware = createFirmwareService({
    client,
    credentials: { vault, sessions },
    inventory,
    pins: createPinOverlay(undefined),
    // The simulated devices reboot in a fraction of a second: look for them as often.
    timing: { verify: { firstPollMs: 50, pollMs: 250 } },
  });
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const prepared = await firmware.prepare({ targets, imagePath: request.image, siteId: site.value.id });
  if (!prepared.ok) throw new Error(prepared.error.message);
  const intervals = new Map<string, { from: number; to?: number }>();
  const run = firmware.start(prepared.value, {
    onEvent: (event) => {
      if (event.kind !== 'device') return;
      const at = performance.now();
      if (event.step === 'uploading' && !intervals.has(event.deviceId))
        intervals.set(event.deviceId, { from: at });
      const open = intervals.get(event.deviceId);
      if (
        open !== undefined &&
        open.to === undefined &&
        (event.step === 'rebooting' || event.step === 'failed')
      )
        open.to = at;
    },
  });
  if (!run.ok) throw new Error(run.error.message);
  const outcome = await run.value.outcome;
  const wallMs = performance.now() - started;
  // The union of the upload intervals: time with at least one upload in flight.
  const sorted = [...intervals.values()]
    .map((i) => [i.from, i.to ?? i.from] as const)
    .sort((a, b) => a[0] - b[0]);
  const busyMs = sorted.reduce((sum, [from, to]) => sum + (to - from), 0);
  let uploadMs = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of sorted) {
    if (to <= end) continue;
    uploadMs += to - Math.max(from, end);
    end = to;
  }
  const result: UploadRunResult = {
    bytes: outcome.devices.filter((d) => d.uploaded).length * prepared.value.plan.image.bytes,
    wallMs,
    uploadMs,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuMs: cpuMsSince(cpuAtStart),
    failed: outcome.counts.failed + outcome.counts.notStarted + outcome.counts.unknown,
    inFlight: busyMs / Math.max(1, uploadMs),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  client.close();
  rmSync(dataDir, { recursive: true, force: true });
}
