import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimPool } from '../../simulator';
import { bearer, call, getJson, parse, postJson, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

async function one(): Promise<{ d: SimDevice; api: string; auth: Record<string, string> }> {
  fleet = await startFleet({ count: 1 });
  const d = fleet.devices[0]!;
  return { d, api: `${d.address}/api/v1`, auth: bearer(await unlockToken(d.address)) };
}

const POOLS: SimPool[] = [
  { url: 'pool.example:3333', user: 'w.1', pass: 'x' },
  { url: '', user: '', pass: '' },
  { url: '', user: '', pass: '' },
];

const postWith = (url: string, value: unknown, headers: Record<string, string>, timeoutMs: number) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(value),
    timeoutMs,
  });

describe('faults of the write endpoints', () => {
  it('hang-after-apply: the password change is applied and no answer ever comes', async () => {
    const { d, api, auth } = await one();
    d.addFault({
      fault: { kind: 'hang-after-apply' },
      paths: ['/api/v1/settings'],
      methods: ['POST'],
      times: 1,
    });
    const sent = postWith(`${api}/settings`, { password: { current: 'admin', pw: 'n3w' } }, auth, 400);
    await expect(sent).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(d.password).toBe('n3w');
    expect(d.writeCounts).toMatchObject({ settingsPosts: 1, passwordChanges: 1 });
    expect((await postJson(`${api}/unlock`, { pw: 'n3w' })).status).toBe(200);
  });

  it('drop-after-apply: the pools are stored and the connection closes without an answer', async () => {
    const { d, api, auth } = await one();
    d.addFault({ fault: { kind: 'drop-after-apply' }, paths: ['/api/v1/settings'], times: 1 });
    const sent = postWith(`${api}/settings`, { miner: { pools: POOLS } }, auth, 2000);
    await expect(sent).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(d.pools).toEqual(POOLS);
    expect(parse(await getJson(`${api}/status`))).toMatchObject({ restart_required: true });
  });

  it('http-500 before applying: 500 {"err"}, nothing stored; a rule for POST leaves GET alone', async () => {
    const { d, api, auth } = await one();
    const before = d.pools;
    d.addFault({ fault: { kind: 'http-500' }, paths: ['/api/v1/settings'], methods: ['POST'], times: 1 });
    expect((await getJson(`${api}/settings`, auth)).status).toBe(200);
    const a = await postJson(
      `${api}/settings`,
      { miner: { pools: POOLS }, password: { current: 'admin', pw: 'x' } },
      auth,
    );
    expect(a.status).toBe(500);
    expect(parse(a)).toEqual({ err: expect.any(String) });
    expect(d.pools).toEqual(before);
    expect(d.password).toBe('admin');
    expect(d.writeCounts.settingsPosts).toBe(0);
    // The rule was used up: the same request now goes through.
    expect((await postJson(`${api}/settings`, { miner: { pools: POOLS } }, auth)).status).toBe(200);
    expect(d.pools).toEqual(POOLS);
  });

  it('hang-after-apply on a reboot: the device still goes down, and the hung request ends with it', async () => {
    fleet = await startFleet({ devices: [{ rebootAfterSeconds: 0, rebootDownSeconds: 0.3 }] });
    const d = fleet.devices[0]!;
    const api = `${d.address}/api/v1`;
    const auth = bearer(await unlockToken(d.address));
    d.addFault({ fault: { kind: 'hang-after-apply' }, paths: ['/api/v1/system/reboot'], times: 1 });
    const sent = call(`${api}/system/reboot`, { method: 'POST', headers: auth, timeoutMs: 3000 });
    await expect(sent).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(d.writeCounts.reboots).toBe(1);
    await d.waitUntilUp();
    expect((await getJson(`${api}/status`, auth)).status).toBe(401);
  });

  it('hang-after-apply on mining restart and find-miner: both applied', async () => {
    const { d, api, auth } = await one();
    d.addFault({
      fault: { kind: 'hang-after-apply' },
      paths: ['/api/v1/mining/restart', '/api/v1/find-miner'],
    });
    await expect(
      call(`${api}/mining/restart`, { method: 'POST', headers: auth, timeoutMs: 300 }),
    ).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    await expect(call(`${api}/find-miner`, { method: 'POST', timeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(d.writeCounts).toMatchObject({ miningRestarts: 1, ledToggles: 1 });
    expect(parse(await getJson(`${api}/status`))).toMatchObject({
      miner_state: 'restarting',
      find_miner: true,
    });
  });
});
