/**
 * `guardedReads`, over real HTTP: firmware that answers the reads the vendor lists as anonymous only with a
 * valid credential (an empty 401 otherwise), every one of them or only the paths listed; writes, the unlock
 * and the web page are untouched; `setGuardedReads` changes it on a running device.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDeviceOptions } from '../../simulator';
import { bearer, getJson, parse, unlockToken } from './http-client';

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

const READS = ['/info', '/summary', '/status', '/perf-summary', '/model', '/chains', '/chains/factory-info'];

describe('guardedReads', () => {
  it('true: every anonymous read is an empty 401 without a credential, answered with a token or key', async () => {
    const { device, base } = await oneDevice({ guardedReads: true });
    for (const path of READS) {
      const answer = await getJson(`${base}${path}`);
      expect([path, answer.status, answer.body]).toEqual([path, 401, '']);
      // A wrong credential is refused the same way.
      expect((await getJson(`${base}${path}`, bearer('A'.repeat(32)))).status).toBe(401);
    }
    const token = await unlockToken(device.address);
    for (const path of READS) {
      const answer = await getJson(`${base}${path}`, bearer(token));
      expect([path, answer.status]).toEqual([path, 200]);
    }
    expect(parse(await getJson(`${base}/status`, bearer(token)))).toMatchObject({ unlocked: true });
    // The web page (how discovery tells the firmware) is not a read of the API.
    expect((await getJson(`${device.address}/`)).status).toBe(200);
  });

  it('a list guards only those paths; setGuardedReads changes it on a running device', async () => {
    const { device, base } = await oneDevice({ guardedReads: ['/api/v1/chains'] });
    expect((await getJson(`${base}/chains`)).status).toBe(401);
    expect((await getJson(`${base}/model`)).status).toBe(200);
    expect(parse(await getJson(`${base}/status`))).toMatchObject({ unlocked: false });
    device.setGuardedReads(false);
    expect((await getJson(`${base}/chains`)).status).toBe(200);
    device.setGuardedReads(true);
    expect((await getJson(`${base}/model`)).status).toBe(401);
  });

  it('refuses a path outside the API', async () => {
    const { device } = await oneDevice();
    expect(() => device.setGuardedReads(['/chains'])).toThrow(RangeError);
  });

  it('off by default: the anonymous reads answer without a credential', async () => {
    const { base } = await oneDevice();
    for (const path of READS) expect((await getJson(`${base}${path}`)).status).toBe(200);
  });
});
