import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDeviceOptions } from '../../simulator';
import { bearer, call, getJson, parse, postJson, sleep, unlockToken } from './http-client';

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

describe('unlock', () => {
  it('gives a 32-character alphanumeric token for the right password, and the token unlocks /status', async () => {
    const { base } = await oneDevice();
    const a = await postJson(`${base}/unlock`, { pw: 'admin' });
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('application/json');
    const { token } = parse(a) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(parse(await getJson(`${base}/status`))).toMatchObject({ unlocked: false });
    expect(parse(await getJson(`${base}/status`, bearer(token)))).toMatchObject({ unlocked: true });
    // Real devices also take the bare token.
    expect(parse(await getJson(`${base}/status`, { authorization: token }))).toMatchObject({
      unlocked: true,
    });
  });

  it('answers a wrong password with 403 {"unlock_timeout": null}', async () => {
    const { base } = await oneDevice({ password: 's3cret' });
    const a = await postJson(`${base}/unlock`, { pw: 'admin' });
    expect(a.status).toBe(403);
    expect(parse(a)).toEqual({ unlock_timeout: null });
  });

  it('answers 400 {"err"} to a body that is not an object with a string pw', async () => {
    const { base } = await oneDevice();
    for (const body of ['not json', '[]', '{"pw": 5}', '{}', 'null']) {
      const a = await postJson(`${base}/unlock`, body);
      expect(a.status, body).toBe(400);
      expect(parse(a), body).toHaveProperty('err');
    }
  });

  it('locks out after the threshold: 429 with seconds left and Retry-After, even for the right password', async () => {
    const { base } = await oneDevice({ lockoutThreshold: 3, lockoutSeconds: 17 });
    for (let i = 0; i < 3; i++) expect((await postJson(`${base}/unlock`, { pw: 'wrong' })).status).toBe(403);
    const locked = await postJson(`${base}/unlock`, { pw: 'admin' });
    expect(locked.status).toBe(429);
    expect(parse(locked)).toEqual({ unlock_timeout: 17 });
    expect(locked.headers['retry-after']).toBe('17');
  });

  it('lifts the lockout after lockoutSeconds and counts wrong tries from zero again', async () => {
    const { base } = await oneDevice({ lockoutThreshold: 2, lockoutSeconds: 1 });
    await postJson(`${base}/unlock`, { pw: 'x' });
    await postJson(`${base}/unlock`, { pw: 'x' });
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(429);
    await sleep(1100);
    expect((await postJson(`${base}/unlock`, { pw: 'x' })).status).toBe(403);
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(200);
  });

  it('a right password resets the count of wrong ones', async () => {
    const { base } = await oneDevice({ lockoutThreshold: 2 });
    await postJson(`${base}/unlock`, { pw: 'x' });
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(200);
    expect((await postJson(`${base}/unlock`, { pw: 'x' })).status).toBe(403);
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(200);
  });

  it('old firmware answers 403 and 429 with no body at all', async () => {
    const { base } = await oneDevice({ legacyFirmware: true, lockoutThreshold: 1, lockoutSeconds: 9 });
    const wrong = await postJson(`${base}/unlock`, { pw: 'x' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toBe('');
    const locked = await postJson(`${base}/unlock`, { pw: 'admin' });
    expect(locked.status).toBe(429);
    expect(locked.body).toBe('');
    expect(locked.headers['retry-after']).toBe('9');
  });
});

describe('sessions', () => {
  it('tokens expire after tokenLifetimeMs: /status then answers 401 with an empty body', async () => {
    const { base } = await oneDevice({ tokenLifetimeMs: 300 });
    const token = await unlockToken(base.replace('/api/v1', ''));
    expect((await getJson(`${base}/status`, bearer(token))).status).toBe(200);
    await sleep(400);
    const expired = await getJson(`${base}/status`, bearer(token));
    expect(expired.status).toBe(401);
    expect(expired.body).toBe('');
  });

  it('expireTokens() and setPassword() end every session; the new password works, the old does not', async () => {
    const { device, base } = await oneDevice();
    const t1 = await unlockToken(device.address);
    device.expireTokens();
    expect((await getJson(`${base}/status`, bearer(t1))).status).toBe(401);

    const t2 = await unlockToken(device.address);
    device.setPassword('n3w');
    expect((await getJson(`${base}/status`, bearer(t2))).status).toBe(401);
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(403);
    expect((await postJson(`${base}/unlock`, { pw: 'n3w' })).status).toBe(200);
  });

  it('an unknown token or key is 401, not "unlocked: false"', async () => {
    const { base } = await oneDevice();
    expect((await getJson(`${base}/status`, bearer('A'.repeat(32)))).status).toBe(401);
    expect((await getJson(`${base}/status`, { 'x-api-key': 'B'.repeat(32) })).status).toBe(401);
  });

  it('POST /lock ends the session of the token sent, not the others', async () => {
    const { device, base } = await oneDevice();
    const mine = await unlockToken(device.address);
    const other = await unlockToken(device.address);
    const a = await call(`${base}/lock`, { method: 'POST', headers: bearer(mine) });
    expect(a.status).toBe(200);
    expect((await getJson(`${base}/status`, bearer(mine))).status).toBe(401);
    expect(parse(await getJson(`${base}/status`, bearer(other)))).toMatchObject({ unlocked: true });
  });

  it('protected endpoints answer 401 with an empty body without credentials', async () => {
    const { base } = await oneDevice();
    for (const [method, path] of [
      ['GET', '/apikeys'],
      ['POST', '/apikeys'],
      ['POST', '/apikeys/delete'],
      ['POST', '/lock'],
      ['GET', '/settings'],
      ['POST', '/settings'],
      ['POST', '/mining/restart'],
      ['POST', '/system/reboot'],
    ] as const) {
      const body = method === 'POST' ? '{}' : undefined;
      const a = await call(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(a.status, `${method} ${path}`).toBe(401);
      expect(a.body).toBe('');
    }
  });
});
