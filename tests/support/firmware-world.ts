/**
 * The one place firmware tests build what a rollout needs against simulated devices: images in the
 * simulator's convention (first line `minerdeck-sim-firmware <version> <model>`), devices that reboot in
 * a fraction of a second, and the core's firmware service over a real device client, the credential
 * services (each device's password stored, as the keychain would hold it) and a real inventory in a
 * folder of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionTarget } from '../../electron/core/credentials/session-target';
import type { CredentialVault } from '../../electron/core/credentials/vault';
import type { SessionManager } from '../../electron/core/credentials/session-manager';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { PinOverlay } from '../../electron/core/firmware/certificates';
import { createPinOverlay } from '../../electron/core/firmware/certificates';
import type { FirmwareService, FirmwareServiceOptions } from '../../electron/core/firmware/firmware-service';
import { createFirmwareService } from '../../electron/core/firmware/firmware-service';
import type { InventoryServices } from '../../electron/core/inventory/inventory-services';
import { createInventoryServices } from '../../electron/core/inventory/inventory-services';
import type { SimDevice, SimDeviceOptions } from '../simulator';
import { simImageHeader } from '../simulator';
import { servicesFor } from './credential-services';
import { targetOf } from './sim-targets';

/** A device that takes an update in well under a second: goes down at once, back 0.3 s later, mining 0.2 s after. */
export const QUICK_UPDATE: SimDeviceOptions = {
  rebootAfterSeconds: 0,
  rebootDownSeconds: 0.3,
  bootSeconds: 0.2,
};

/** The model id of `model: 'Antminer S21 Pro'` in the simulator's /info. */
export const S21 = { model: 'Antminer S21 Pro', id: 's21-pro' } as const;

/** Writes a simulated image of `bytes` bytes (its first line names it) and answers its path. */
export function writeSimImage(
  dir: string,
  version: string,
  model: string,
  bytes = 64 * 1024,
  name?: string,
): string {
  const path = join(dir, name ?? `fw-${model}-${version}.bin`);
  const header = Buffer.from(simImageHeader(version, model));
  writeFileSync(path, Buffer.concat([header, Buffer.alloc(Math.max(0, bytes - header.length), 0xa5)]));
  return path;
}

export interface FirmwareWorld {
  dir: string;
  client: DeviceClient;
  vault: CredentialVault;
  sessions: SessionManager;
  inventory: InventoryServices;
  siteId: string;
  pins: PinOverlay;
  firmware: FirmwareService;
  targets: SessionTarget[];
  close(): Promise<void>;
}

/** Short waits so a rollout of a few devices takes a second or two. */
export const TEST_TIMING: NonNullable<FirmwareServiceOptions['timing']> = {
  verify: { firstPollMs: 50, pollMs: 200, readTimeoutMs: 1000, failureGraceMs: 500 },
  upload: { connectTimeoutMs: 1000, stallTimeoutMs: 5000, answerTimeoutMs: 5000 },
  gatherMs: 50,
};

export async function firmwareWorld(
  devices: readonly SimDevice[],
  options: Partial<Pick<FirmwareServiceOptions, 'disruptions' | 'timing' | 'clockFor'>> & {
    password?: string;
  } = {},
): Promise<FirmwareWorld> {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-firmware-'));
  const inventory = createInventoryServices({
    dataDir: join(dir, 'data'),
    laptop: 'test-laptop',
    app: { name: 'Minerdeck', version: '0' },
  });
  const site = await inventory.createSite({ name: 'Hall 7', use: true });
  if (!site.ok) throw new Error(site.error.message);
  // Certificates trusted by `trustDevice` (the inventory and these pins, as `minerdeck trust` leaves them).
  const pins = createPinOverlay(undefined);
  const client = createDeviceClient({ tlsPins: pins, totalTimeoutMs: 2000 });
  const { vault, sessions } = servicesFor(client);
  const targets = devices.map((device) => targetOf(device));
  await Promise.all(
    targets.map((target, i) =>
      vault.setDevicePassword(target.deviceId, options.password ?? devices[i]?.options.password ?? 'admin'),
    ),
  );
  const firmware = createFirmwareService({
    client,
    credentials: { vault, sessions },
    inventory,
    pins,
    timing: options.timing ?? TEST_TIMING,
    ...(options.disruptions !== undefined ? { disruptions: options.disruptions } : {}),
    ...(options.clockFor !== undefined ? { clockFor: options.clockFor } : {}),
  });
  return {
    dir,
    client,
    vault,
    sessions,
    inventory,
    siteId: site.value.id,
    pins,
    firmware,
    targets,
    async close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An https device known to the site and its certificate trusted, as `scan --save` then `minerdeck trust`
 * leave it: in the inventory (where trusting a new certificate looks) and in the world's pins.
 */
export async function trustDevice(world: FirmwareWorld, device: SimDevice): Promise<void> {
  const fingerprint = device.certificateFingerprint256;
  if (fingerprint === undefined) throw new Error(`${device.address} does not serve https`);
  const address = new URL(device.address);
  const saved = await world.inventory.saveScan(world.siteId, [
    {
      address: address.hostname,
      port: Number(address.port),
      scheme: 'https',
      kind: 'device',
      identity: null,
      seen: 'new',
      tlsFingerprint256: fingerprint,
    },
  ]);
  if (!saved.ok) throw new Error(saved.error.message);
  const listed = await world.inventory.devices(world.siteId);
  if (!listed.ok) throw new Error(listed.error.message);
  const known = listed.value.devices.find((d) => d.address === device.address);
  if (known === undefined) throw new Error(`${device.address} was not saved`);
  const trusted = await world.inventory.trustCertificate(world.siteId, known.id, fingerprint);
  if (!trusted.ok) throw new Error(trusted.error.message);
  world.pins.pin(device.address, fingerprint);
}
