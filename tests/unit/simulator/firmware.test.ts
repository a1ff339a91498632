/**
 * The simulator's firmware update (`POST /api/v1/firmware/update`, README "Firmware"): multipart read as it
 * streams, its own image convention (first line `minerdeck-sim-firmware <version> <model>`), another
 * model's image refused like a device refuses it, the reboot onto the new version with every token gone,
 * and the fault kinds. Uploads go through the core's own uploader over real loopback HTTP.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { UploadAnswer } from '../../../electron/core/firmware/upload';
import { uploadFirmware } from '../../../electron/core/firmware/upload';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { simImageHeader, startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions } from '../../simulator';
import { bearer, call, getJson, parse, sleep, unlockToken } from './http-client';

const dir = mkdtempSync(join(tmpdir(), 'minerdeck-sim-firmware-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

function image(name: string, header: string, bytes = 200_000): string {
  const path = join(dir, name);
  const head = Buffer.from(header);
  writeFileSync(path, Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), 0x5a)]));
  return path;
}

// The fleet's first devices are S21 Pro (model id `s21pro`).
const QUICK: SimDeviceOptions = {
  firmwareVersion: '1.2.6',
  rebootAfterSeconds: 0,
  rebootDownSeconds: 0.3,
  bootSeconds: 0.2,
};

async function one(opts: SimDeviceOptions = {}): Promise<SimDevice> {
  fleet = await startFleet({ devices: [{ ...QUICK, ...opts }] });
  return fleet.devices[0]!;
}

async function upload(
  device: SimDevice,
  path: string,
  options: { keepSettings?: boolean; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<UploadAnswer> {
  const address = parseDeviceAddress(device.address);
  if (!address.ok) throw new Error(address.error.message);
  const token = options.headers ?? bearer(await unlockToken(device.address));
  const { size } = await import('node:fs').then((fs) => fs.statSync(path));
  return uploadFirmware({
    address: address.value,
    credentialHeaders: token,
    image: { path, name: 'fw.bin', bytes: size },
    keepSettings: options.keepSettings ?? true,
    tls: { pins: undefined },
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
}

const infoOf = async (device: SimDevice) =>
  parse(await getJson(`${device.address}/api/v1/info`)) as Record<string, unknown>;
const jsonOf = (answer: UploadAnswer) =>
  answer.kind === 'answered' ? (JSON.parse(answer.body.toString()) as unknown) : answer.kind;

describe('simulated firmware update', () => {
  it('takes an image for its model: 200 {"after"}, reboots, comes back on its version with every token gone', async () => {
    const device = await one();
    const token = await unlockToken(device.address);
    const answer = await upload(device, image('ok.bin', simImageHeader('1.2.8', 's21pro')), {
      headers: bearer(token),
      keepSettings: false,
    });
    expect(answer).toMatchObject({ kind: 'answered', status: 200 });
    expect(jsonOf(answer)).toEqual({ after: 0 });
    expect(device.firmware).toMatchObject({
      uploads: 1,
      updates: 1,
      lastKeepSettings: false,
      lastImage: { version: '1.2.8', model: 's21pro', bytes: 200_000, filename: 'fw.bin' },
    });
    await sleep(150);
    expect(device.isUp).toBe(false);
    await device.waitUntilUp();
    expect(await infoOf(device)).toMatchObject({ fw_version: '1.2.8', model: 's21pro' });
    expect(device.firmwareVersion).toBe('1.2.8');
    const status = await getJson(`${device.address}/api/v1/status`, bearer(token));
    expect(status.status).toBe(401);
    // The record keeps a line about the upload, never the image.
    const recorded = device.requests.find((r) => r.path === '/api/v1/firmware/update');
    expect(recorded?.body).toBe(
      'multipart: keep_settings=false; file: "fw.bin" 200000 bytes, first line "minerdeck-sim-firmware 1.2.8 s21pro"',
    );
  });

  it('refuses another model’s image, and a file that is not an image, with 500 {"err"}: nothing changes', async () => {
    const device = await one();
    const other = await upload(device, image('s19.bin', simImageHeader('1.2.8', 's19-88')));
    expect(other).toMatchObject({ kind: 'answered', status: 500 });
    expect(jsonOf(other)).toEqual({ err: 'Firmware is for s19-88, this miner is s21pro' });
    const junk = await upload(device, image('junk.bin', 'PK\u0003\u0004 not an image\n'));
    expect(jsonOf(junk)).toEqual({ err: 'Invalid firmware image' });
    expect(device.firmware).toMatchObject({ uploads: 2, updates: 0 });
    expect(device.firmwareVersion).toBe('1.2.6');
    expect(device.isUp).toBe(true);
  });

  it('needs a credential (401), a multipart body (400) with a file (400) and keep_settings "true"/"false" (400)', async () => {
    const device = await one();
    const path = image('auth.bin', simImageHeader('1.2.8', 's21pro'));
    expect(await upload(device, path, { headers: {} })).toMatchObject({ kind: 'answered', status: 401 });
    const auth = bearer(await unlockToken(device.address));
    const url = `${device.address}/api/v1/firmware/update`;
    const plain = await call(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect([plain.status, parse(plain)]).toEqual([
      400,
      { err: 'Multipart error: expected a multipart/form-data body with a boundary' },
    ]);
    const form = (parts: string) =>
      call(url, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XX' },
        body: `--XX\r\n${parts}--XX--\r\n`,
      });
    const noFile = await form('Content-Disposition: form-data; name="keep_settings"\r\n\r\ntrue\r\n');
    expect([noFile.status, parse(noFile)]).toEqual([400, { err: 'missing field `file`' }]);
    const badKeep = await form(
      'Content-Disposition: form-data; name="keep_settings"\r\n\r\nyes\r\n--XX\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nminerdeck-sim-firmware 1 s21pro\r\n',
    );
    expect([badKeep.status, parse(badKeep)]).toEqual([
      400,
      { err: 'keep_settings must be "true" or "false"' },
    ]);
    expect(device.firmware.updates).toBe(0);
  });

  it('faults: upload refused, back on the old version, never back', async () => {
    fleet = await startFleet({
      devices: [
        { ...QUICK, firmwareFault: { kind: 'upload-refused', err: 'Out of memory ' } },
        { ...QUICK, firmwareFault: { kind: 'old-version' } },
        { ...QUICK, firmwareFault: { kind: 'never-back' } },
      ],
    });
    const [refusing, old, gone] = fleet.devices as [SimDevice, SimDevice, SimDevice];
    const path = image('faults.bin', simImageHeader('1.2.8', 's21pro'));
    const refused = await upload(refusing, path);
    expect([refused.kind === 'answered' && refused.status, jsonOf(refused)]).toEqual([
      500,
      { err: 'Out of memory ' },
    ]);
    expect(jsonOf(await upload(old, path))).toEqual({ after: 0 });
    expect(jsonOf(await upload(gone, path))).toEqual({ after: 0 });
    await sleep(200);
    expect([old.isUp, gone.isUp]).toEqual([false, false]);
    await old.waitUntilUp();
    expect(await infoOf(old)).toMatchObject({ fw_version: '1.2.6' });
    expect(old.firmware.updates).toBe(1);
    await sleep(700);
    expect(gone.isUp).toBe(false);
    // A fault can be set and cleared while the fleet runs.
    refusing.setFirmwareFault(undefined);
    expect(await upload(refusing, path)).toMatchObject({ kind: 'answered', status: 200 });
  });

  it('a slow upload is read no faster than its bytes per second', async () => {
    const device = await one({ firmwareFault: { kind: 'slow-upload', bytesPerSecond: 400_000 } });
    const path = image('slow.bin', simImageHeader('1.2.8', 's21pro'), 400_000);
    const token = bearer(await unlockToken(device.address));
    const started = Date.now();
    const answer = await upload(device, path, { headers: token });
    const elapsed = Date.now() - started;
    expect(answer, JSON.stringify(answer)).toMatchObject({ kind: 'answered', status: 200 });
    expect(elapsed).toBeGreaterThanOrEqual(900);
  });

  it('an upload cut part-way is recorded as cut and installs nothing', async () => {
    // Bigger than what the loopback's socket buffers hold, so the cut comes before the last byte left.
    const device = await one({ firmwareFault: { kind: 'slow-upload', bytesPerSecond: 2_000_000 } });
    const path = image('cut.bin', simImageHeader('1.2.8', 's21pro'), 24_000_000);
    const controller = new AbortController();
    const token = bearer(await unlockToken(device.address));
    setTimeout(() => controller.abort(), 300);
    const answer = await upload(device, path, { headers: token, signal: controller.signal });
    expect(answer).toMatchObject({ kind: 'cut', error: { code: 'CANCELLED' } });
    // A paused (slow) device notices the client left only when it reads again.
    const recordedUpload = () => device.requests.find((r) => r.path === '/api/v1/firmware/update');
    for (let i = 0; i < 50 && recordedUpload() === undefined; i += 1) await sleep(100);
    const recorded = recordedUpload();
    expect(recorded?.body).toMatch(
      /^multipart: keep_settings=true; file: "fw\.bin" \d+ bytes, first line .* \(cut after \d+ bytes\)/,
    );
    expect(device.firmware).toMatchObject({ uploads: 0, updates: 0 });
  });
});
