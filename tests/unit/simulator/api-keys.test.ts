import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDeviceOptions } from '../../simulator';
import { bearer, getJson, parse, postJson, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

const KEY = 'k'.repeat(16) + 'K'.repeat(16);

async function unlocked(opts: SimDeviceOptions = {}) {
  fleet = await startFleet({ devices: [opts] });
  const device = fleet.devices[0]!;
  const auth = bearer(await unlockToken(device.address));
  return { device, base: `${device.address}/api/v1`, auth };
}

describe('POST /apikeys', () => {
  it('status-object mode: inserted, then nochanges, then updated; the key then works alone in x-api-key', async () => {
    const { device, base, auth } = await unlocked();
    const add = (description: string) => postJson(`${base}/apikeys`, { key: KEY, description }, auth);
    expect(parse(await add('Minerdeck on laptop'))).toEqual({ status: 'inserted' });
    expect(parse(await add('Minerdeck on laptop'))).toEqual({ status: 'nochanges' });
    expect(parse(await add('Minerdeck 2'))).toEqual({ status: 'updated' });
    expect(device.apiKeys).toEqual([{ key: KEY, description: 'Minerdeck 2' }]);

    const status = await getJson(`${base}/status`, { 'x-api-key': KEY });
    expect(status.status).toBe(200);
    expect(parse(status)).toMatchObject({ unlocked: true });
  });

  it('bare-string mode answers the JSON string "inserted" and refuses a key it already has', async () => {
    const { base, auth } = await unlocked({ apiKeyMode: 'bare-string' });
    const first = await postJson(`${base}/apikeys`, { key: KEY, description: 'd' }, auth);
    expect(first.status).toBe(200);
    expect(first.body).toBe('"inserted"');
    const again = await postJson(`${base}/apikeys`, { key: KEY, description: 'd' }, auth);
    expect(again.status).toBe(400);
    expect(parse(again)).toHaveProperty('err');
  });

  it('legacy firmware defaults to the bare string', async () => {
    const { base, auth } = await unlocked({ legacyFirmware: true });
    expect((await postJson(`${base}/apikeys`, { key: KEY, description: 'd' }, auth)).body).toBe('"inserted"');
  });

  it('device-generated mode ignores the proposed key and returns its own', async () => {
    const { device, base, auth } = await unlocked({ apiKeyMode: 'device-generated' });
    const a = await postJson(`${base}/apikeys`, { key: KEY, description: 'Minerdeck' }, auth);
    const body = parse(a) as { key: string; status: string };
    expect(body.status).toBe('inserted');
    expect(body.key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body.key).not.toBe(KEY);
    expect(device.apiKeys).toEqual([{ key: body.key, description: 'Minerdeck' }]);
    expect((await getJson(`${base}/status`, { 'x-api-key': KEY })).status).toBe(401);
    expect((await getJson(`${base}/status`, { 'x-api-key': body.key })).status).toBe(200);
  });

  it('refuse mode answers 500 {"err"} and stores nothing', async () => {
    const { device, base, auth } = await unlocked({ apiKeyMode: 'refuse' });
    const a = await postJson(`${base}/apikeys`, { key: KEY, description: 'd' }, auth);
    expect(a.status).toBe(500);
    expect(typeof (parse(a) as { err: unknown }).err).toBe('string');
    expect(device.apiKeys).toEqual([]);
  });

  it('answers 400 {"err"} to a key that is not exactly 32 characters or a description over 50', async () => {
    const { device, base, auth } = await unlocked();
    for (const body of [
      { key: 'short', description: 'd' },
      { key: KEY + 'x', description: 'd' },
      { description: 'no key' },
      { key: KEY, description: 'd'.repeat(51) },
      { key: KEY, description: 7 },
      'not json',
    ]) {
      const a = await postJson(`${base}/apikeys`, body, auth);
      expect(a.status, JSON.stringify(body)).toBe(400);
      expect(parse(a)).toHaveProperty('err');
    }
    expect((await postJson(`${base}/apikeys`, { key: KEY, description: 'd'.repeat(50) }, auth)).status).toBe(
      200,
    );
    expect(device.apiKeys).toHaveLength(1);
  });
});

describe('listing and deleting keys (field firmware)', () => {
  it('lists keys in clear and deletes with POST /apikeys/delete; a deleted key gets 401', async () => {
    const { base, auth } = await unlocked();
    await postJson(`${base}/apikeys`, { key: KEY, description: 'one' }, auth);
    expect(parse(await getJson(`${base}/apikeys`, { 'x-api-key': KEY }))).toEqual([
      { key: KEY, description: 'one' },
    ]);

    const del = await postJson(`${base}/apikeys/delete`, { key: KEY }, auth);
    expect(del.status).toBe(200);
    expect(parse(await getJson(`${base}/apikeys`, auth))).toEqual([]);
    expect((await getJson(`${base}/status`, { 'x-api-key': KEY })).status).toBe(401);
  });
});
