/**
 * The simulator options for odd session tokens and revoked keys, over real HTTP: tokens shaped by `makeToken`
 * (a token with spaces works as `Bearer <token>`), and how `/status` answers a bad credential
 * (`statusOnBadCredential`: 401, or 200 `unlocked: false` as the vendor document declares).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDeviceOptions } from '../../simulator';
import { bearer, getJson, parse, postJson, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

async function oneDevice(opts: SimDeviceOptions = {}) {
  fleet = await startFleet({ devices: [opts] });
  const device = fleet.devices[0]!;
  return { device, base: `${device.address}/api/v1` };
}

describe('makeToken', () => {
  it('hands out the tokens it makes; one with spaces unlocks /status as Bearer <token>', async () => {
    let n = 0;
    const { device, base } = await oneDevice({ makeToken: () => `tok en ${++n}` });
    expect(await unlockToken(device.address)).toBe('tok en 1');
    const token = await unlockToken(device.address);
    expect(token).toBe('tok en 2');
    expect(parse(await getJson(`${base}/status`, bearer(token)))).toMatchObject({ unlocked: true });
    // Only the whole token counts: a prefix of it is a wrong credential.
    expect((await getJson(`${base}/status`, bearer('tok en'))).status).toBe(401);
  });

  it('can hand out a token with a line break (what a client cannot send back)', async () => {
    const { device } = await oneDevice({ makeToken: () => 'abc\r\ndef' });
    const answer = await postJson(`${device.address}/api/v1/unlock`, { pw: 'admin' });
    expect(answer.status).toBe(200);
    expect(parse(answer)).toEqual({ token: 'abc\r\ndef' });
  });
});

describe('statusOnBadCredential', () => {
  const wrong = [bearer('A'.repeat(32)), { 'x-api-key': 'B'.repeat(32) }];

  it("'401' (the default): a wrong token or key gets an empty 401", async () => {
    const { device, base } = await oneDevice();
    expect(device.options.statusOnBadCredential).toBe('401');
    for (const headers of wrong) {
      const answer = await getJson(`${base}/status`, headers);
      expect([answer.status, answer.body]).toEqual([401, '']);
    }
  });

  it("'unlocked-false': a wrong token or key gets 200 unlocked: false; a valid one unlocked: true", async () => {
    const { device, base } = await oneDevice({ statusOnBadCredential: 'unlocked-false' });
    for (const headers of [...wrong, {}]) {
      const answer = await getJson(`${base}/status`, headers);
      expect(answer.status).toBe(200);
      expect(parse(answer)).toMatchObject({ miner_state: 'mining', unlocked: false });
    }
    const token = await unlockToken(device.address);
    expect(parse(await getJson(`${base}/status`, bearer(token)))).toMatchObject({ unlocked: true });
    // Only /status answers that way: other protected endpoints still refuse with 401.
    expect((await getJson(`${base}/apikeys`, wrong[0])).status).toBe(401);
  });
});
