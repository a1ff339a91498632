/**
 * The simulator's field clock over real HTTP at 600× (issue 33): a reboot of the field profile keeps the
 * API silent 120–180 field seconds; firmware uploads share the site link (10 uploads charged 64 MiB each
 * on 1 Gbit/s take at least 5.1 field s together, one alone at 200 Mbit/s at least 2.6 s) and the device
 * answers only once its bytes have passed; the install keeps the device answering on the old firmware
 * before it reboots; field faults picked by a seed act as they say. Uploads go through the core's own
 * uploader.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { uploadFirmware } from '../../electron/core/firmware/upload';
import type { UploadAnswer } from '../../electron/core/firmware/upload';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import { FIELD_LINK, fieldProfile, simImageHeader, startFleet } from '../simulator';
import type { Fleet, FleetOptions, SimDevice } from '../simulator';
import { bearer, call, getJson, parse, postJson, sleep, unlockToken } from '../unit/simulator/http-client';

const SCALE = 600;
const MIB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'minerdeck-sim-field-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const imagePath = join(dir, 'fw.bin');
writeFileSync(
  imagePath,
  Buffer.concat([Buffer.from(simImageHeader('1.2.9', 's21pro')), Buffer.alloc(100_000, 0x5a)]),
);

const fleets: Fleet[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
});
async function fleetOf(o: FleetOptions): Promise<Fleet> {
  const f = await startFleet({ timeScale: SCALE, ...o });
  fleets.push(f);
  return f;
}

async function upload(d: SimDevice, token?: string): Promise<UploadAnswer> {
  const address = parseDeviceAddress(d.address);
  if (!address.ok) throw new Error(address.error.message);
  const path = imageFor(d);
  return uploadFirmware({
    address: address.value,
    credentialHeaders: bearer(token ?? (await unlockToken(d.address))),
    image: { path, name: 'fw.bin', bytes: statSync(path).size },
    keepSettings: true,
    tls: { pins: undefined },
  });
}

/**
 * Polls until the device refuses connections, then until it answers again. Each poll is a real request,
 * and on a loaded machine a few ms of real lag are seconds of field time at 600×, so the moments are
 * known as bounds: it went down between `lastAnswer` and `firstRefused`, came back between `lastRefused`
 * and `firstAnswer` (field ms).
 */
async function downAndUp(
  f: Fleet,
  d: SimDevice,
): Promise<{ lastAnswer: number; firstRefused: number; lastRefused: number; firstAnswer: number }> {
  const answers = async () =>
    call(`${d.address}/api/v1/info`, { timeoutMs: 2000 }).then(
      () => true,
      () => false,
    );
  let lastAnswer = f.now();
  let firstRefused: number | undefined;
  for (let i = 0; i < 5000 && firstRefused === undefined; i++) {
    const before = f.now();
    if (await answers()) {
      lastAnswer = before;
      await sleep(2);
    } else firstRefused = f.now();
  }
  if (firstRefused === undefined) throw new Error('the device never went down');
  let lastRefused = firstRefused;
  for (let i = 0; i < 5000; i++) {
    const before = f.now();
    if (await answers()) return { lastAnswer, firstRefused, lastRefused, firstAnswer: f.now() };
    lastRefused = before;
    await sleep(2);
  }
  throw new Error('the device never came back');
}

const S21_IMAGE = imagePath;
const S19_IMAGE = join(dir, 'fw-s19.bin');
writeFileSync(
  S19_IMAGE,
  Buffer.concat([Buffer.from(simImageHeader('1.2.9', 's19-88')), Buffer.alloc(100_000, 0x5a)]),
);
/** Every fourth device of a fleet is an S19 (88): each gets an image for its model. */
const imageFor = (d: SimDevice): string => (d.options.model?.includes('S19') ? S19_IMAGE : S21_IMAGE);

describe('simulator field clock at 600×', () => {
  it("a reboot keeps the API silent 120–180 field s (the device's own draw)", async () => {
    const f = await fleetOf({ count: 2, defaults: fieldProfile() });
    const d = f.devices[1]!;
    const drawn = d.options.rebootDownSeconds!;
    expect(drawn).toBeGreaterThanOrEqual(120);
    expect(drawn).toBeLessThanOrEqual(180);
    const asked = f.now();
    const answer = await postJson(
      `${d.address}/api/v1/system/reboot`,
      {},
      bearer(await unlockToken(d.address)),
    );
    expect(parse(answer)).toEqual({ after: 3 });
    const m = await downAndUp(f, d);
    // `after` 3 s (at least 20 ms real: 12 field s at this scale, so the answer gets out first).
    expect(m.firstRefused - asked).toBeGreaterThanOrEqual(3_000);
    // Silent at most from the last answer to the first, at least from the first refusal to the last: never
    // back before its draw; late only by real timer lag (on a loaded 2-core machine, up to ~100 ms real,
    // a minute of field time at 600×).
    expect((m.firstAnswer - m.lastAnswer) / 1000).toBeGreaterThanOrEqual(drawn);
    expect((m.lastRefused - m.firstRefused) / 1000).toBeLessThanOrEqual(drawn + 60);
  }, 20_000);

  it('10 uploads charged 64 MiB on a 1 Gbit/s link take ≥ 5.1 field s together; one alone ≥ 2.6 s', async () => {
    const f = await fleetOf({
      count: 11,
      link: { ...FIELD_LINK, chargeBytes: 64 * MIB },
      defaults: { rebootAfterSeconds: 3, rebootDownSeconds: 10, bootSeconds: 1 },
    });
    const ten = f.devices.slice(0, 10);
    const tokens = await Promise.all(ten.map((d) => unlockToken(d.address)));
    const start = f.now();
    const ends: number[] = [];
    const answers = await Promise.all(
      ten.map((d, i) => upload(d, tokens[i]).then((a) => (ends.push(f.now()), a))),
    );
    for (const a of answers) expect(a).toMatchObject({ kind: 'answered', status: 200 });
    // 10 × 64 MiB × 8 bits / 1 Gbit/s = 5.37 s on the wire: no answer can come sooner. (The clients' own
    // real time counts too, ×600, so the answers' spread says nothing more.)
    expect((Math.max(...ends) - start) / 1000).toBeGreaterThanOrEqual(5.1);
    const stats = f.linkStats()!;
    expect(stats).toMatchObject({ uploads: 10, cut: 0, inFlight: 0, bytesCharged: 10 * 64 * MIB });
    // They overlapped; how many at once depends on the clients' real start times (a real ms is 0.6 field
    // s here), as does how long the link was busy beyond its floor: never under 5.37 s.
    expect(stats.peakConcurrent).toBeGreaterThanOrEqual(2);
    expect(stats.busyFieldMs).toBeGreaterThanOrEqual(5_368);

    const alone = await fleetOf({ count: 1, link: { ...FIELD_LINK, chargeBytes: 64 * MIB } });
    const asked = alone.now();
    expect(await upload(alone.devices[0]!)).toMatchObject({ kind: 'answered', status: 200 });
    // 64 MiB × 8 / 200 Mbit/s = 2.68 s: the device's own cap, though the site link is free.
    expect((alone.now() - asked) / 1000).toBeGreaterThanOrEqual(2.6);
    const one = alone.linkStats()!;
    expect(one.busyFieldMs).toBeGreaterThanOrEqual(2_684);
    expect(one.lastEndAt! - one.firstStartAt!).toBe(one.busyFieldMs);
  }, 20_000);

  it('the install: answered once the upload is in, `after` counts it; the old firmware answers until then', async () => {
    const f = await fleetOf({
      devices: [{ installSeconds: 90, rebootDownSeconds: 30, bootSeconds: 5, firmwareVersion: '1.2.7' }],
    });
    const d = f.devices[0]!;
    const answer = await upload(d);
    const taken = f.now();
    expect(answer).toMatchObject({ kind: 'answered', status: 200 });
    expect(JSON.parse((answer as { body: Buffer }).body.toString())).toEqual({ after: 93 });
    await sleep(80); // 48 field s: writing the image, still mining on the old firmware
    const info = parse(await getJson(`${d.address}/api/v1/info`)) as { fw_version: string };
    expect(info.fw_version).toBe('1.2.7');
    expect((parse(await getJson(`${d.address}/api/v1/status`)) as { miner_state: string }).miner_state).toBe(
      'mining',
    );
    const m = await downAndUp(f, d);
    // Down no sooner than the 93 s it said (90 s writing the image, then `after` 3 s).
    expect((m.firstRefused - taken) / 1000).toBeGreaterThanOrEqual(93);
    expect((parse(await getJson(`${d.address}/api/v1/info`)) as { fw_version: string }).fw_version).toBe(
      '1.2.9',
    );
  }, 20_000);

  it('installHoldsAnswer: the answer comes once the image is written, `after` the reboot delay', async () => {
    const f = await fleetOf({
      devices: [{ installSeconds: 60, installHoldsAnswer: true, rebootDownSeconds: 5 }],
    });
    const start = f.now();
    const answer = await upload(f.devices[0]!);
    expect(JSON.parse((answer as { body: Buffer }).body.toString())).toEqual({ after: 3 });
    expect((f.now() - start) / 1000).toBeGreaterThanOrEqual(60);
  }, 20_000);

  it('field faults: the old version comes back, a never-back device stays down, a board is lost at the reboot', async () => {
    const rates = { 'old-version': 0.25, 'never-back': 0.25, 'board-lost': 0.25, 'fan-stopped': 0.25 };
    const f = await fleetOf({
      count: 4,
      fieldFaults: { seed: 42, rates },
      defaults: { firmwareVersion: '1.2.7', rebootDownSeconds: 20, bootSeconds: 2 },
    });
    const picks = f.fieldFaults();
    expect(picks.map((p) => p.kind).sort()).toEqual([
      'board-lost',
      'fan-stopped',
      'never-back',
      'old-version',
    ]);
    const byKind = new Map(picks.map((p) => [p.kind, f.devices[p.index]!]));
    await Promise.all(f.devices.map((d) => upload(d)));
    await sleep(150); // 90 field s: 3 s to go down, 20 s down, booted
    const version = async (d: SimDevice) =>
      (parse(await getJson(`${d.address}/api/v1/info`)) as { fw_version: string }).fw_version;
    expect(await version(byKind.get('old-version')!)).toBe('1.2.7');
    expect(byKind.get('never-back')!.isUp).toBe(false);
    await expect(
      call(`${byKind.get('never-back')!.address}/api/v1/info`, { timeoutMs: 500 }),
    ).rejects.toThrow();
    const lost = byKind.get('board-lost')!;
    expect(await version(lost)).toBe('1.2.9');
    const chains = parse(await getJson(`${lost.address}/api/v1/chains`)) as unknown[];
    expect(chains).toHaveLength(2);
  }, 20_000);
});
