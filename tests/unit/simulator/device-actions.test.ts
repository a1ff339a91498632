import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions, SimPool } from '../../simulator';
import { bearer, call, getJson, parse, postJson, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

async function one(
  opts: SimDeviceOptions = {},
): Promise<{ d: SimDevice; api: string; auth: Record<string, string> }> {
  fleet = await startFleet({ devices: [opts] });
  const d = fleet.devices[0]!;
  return { d, api: `${d.address}/api/v1`, auth: bearer(await unlockToken(d.address)) };
}

const statusOf = async (api: string): Promise<Record<string, unknown>> =>
  parse(await getJson(`${api}/status`)) as Record<string, unknown>;

const post = (url: string, headers: Record<string, string> = {}) => call(url, { method: 'POST', headers });

describe('locate LED', () => {
  it('POST /find-miner needs no credential (none in the vendor document), toggles and answers {"on"}', async () => {
    const { d, api } = await one();
    expect(parse(await post(`${api}/find-miner`))).toEqual({ on: true });
    expect(await statusOf(api)).toMatchObject({ find_miner: true });
    expect(d.ledOn).toBe(true);
    expect(parse(await postJson(`${api}/find-miner`, {}, bearer('A'.repeat(32))))).toEqual({ on: false });
    expect(await statusOf(api)).toMatchObject({ find_miner: false });
    expect(d.writeCounts.ledToggles).toBe(2);
  });

  it('POST /locate-miner exists only on 1.3.x firmware: 404 before, else {"is_enabled"} on the same LED', async () => {
    const { api, auth } = await one({ firmwareVersion: '1.2.7' });
    expect((await post(`${api}/locate-miner`, auth)).status).toBe(404);
    expect((await post(`${api}/locate-miner`)).status).toBe(404);
    await fleet!.close();

    const newer = await one({ firmwareVersion: '1.3.1' });
    expect((await post(`${newer.api}/locate-miner`)).status).toBe(401);
    expect(parse(await post(`${newer.api}/locate-miner`, newer.auth))).toEqual({ is_enabled: true });
    expect(await statusOf(newer.api)).toMatchObject({ find_miner: true });
    expect(parse(await post(`${newer.api}/find-miner`))).toEqual({ on: false });
    expect(newer.d.ledOn).toBe(false);
  });
});

describe('mining restart', () => {
  it('needs a credential; answers 200, then restarting, starting and mining on the clock', async () => {
    const { d, api, auth } = await one({ miningRestartSeconds: 0.6 });
    d.setMinerState('failure', { description: 'chain broken', code: 7 });
    expect((await post(`${api}/mining/restart`)).status).toBe(401);
    const t = Date.now();
    const a = await post(`${api}/mining/restart`, auth);
    expect(a.status).toBe(200);
    const first = await statusOf(api);
    expect(first).toMatchObject({ miner_state: 'restarting' });
    expect(first).not.toHaveProperty('description');
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const state = String((await statusOf(api))['miner_state']);
          if (seen.at(-1) !== state) seen.push(state);
          return state;
        },
        { timeout: 3000, interval: 40 },
      )
      .toBe('mining');
    expect(Date.now() - t).toBeGreaterThanOrEqual(590);
    expect(seen).toEqual(['restarting', 'starting', 'mining']);
    // miner_state_time counts from when mining began, not from the read.
    expect((await statusOf(api))['miner_state_time']).toBe(0);
  });

  it('a state set by a test replaces what a restart planned', async () => {
    const { d, api, auth } = await one({ miningRestartSeconds: 0.2 });
    await post(`${api}/mining/restart`, auth);
    d.setMinerState('stopped');
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(api)).toMatchObject({ miner_state: 'stopped' });
  });
});

describe('reboot', () => {
  const pools: SimPool[] = [
    { url: 'new.example:3333', user: 'w', pass: 'x' },
    { url: '', user: '', pass: '' },
    { url: '', user: '', pass: '' },
  ];

  it('answers {"after"}, shuts down after that, refuses connections, comes back without sessions', async () => {
    const { d, api, auth } = await one({ rebootAfterSeconds: 1, rebootDownSeconds: 0.5, bootSeconds: 0.4 });
    const key = 'R'.repeat(32);
    expect((await postJson(`${api}/apikeys`, { key, description: 'k' }, auth)).status).toBe(200);
    await postJson(`${api}/settings`, { miner: { pools } }, auth);
    await post(`${api}/find-miner`);
    expect((await post(`${api}/system/reboot`)).status).toBe(401);

    const t = Date.now();
    const a = await post(`${api}/system/reboot`, auth);
    expect(a.status).toBe(200);
    expect(parse(a)).toEqual({ after: 1 });
    // Still answering (and the session still valid) until `after` has passed.
    expect(parse(await getJson(`${api}/status`, auth))).toMatchObject({
      miner_state: 'shutting-down',
      unlocked: true,
    });
    await expect
      .poll(
        () =>
          getJson(`${api}/status`).then(
            () => 'up',
            (e: { code?: string }) => e.code,
          ),
        {
          timeout: 3000,
          interval: 25,
        },
      )
      .toBe('ECONNREFUSED');
    expect(Date.now() - t).toBeGreaterThanOrEqual(950);
    expect(d.isUp).toBe(false);

    await d.waitUntilUp();
    expect(Date.now() - t).toBeGreaterThanOrEqual(1450);
    expect((await getJson(`${api}/status`, auth)).status).toBe(401);
    const back = parse(await getJson(`${api}/status`, { 'x-api-key': key }));
    expect(back).toMatchObject({
      miner_state: 'initializing',
      unlocked: true,
      find_miner: false,
      restart_required: false,
    });
    const info = parse(await getJson(`${api}/info`)) as { system: { uptime: string } };
    expect(info.system.uptime).toBe('0:00');
    await expect
      .poll(async () => (await statusOf(api))['miner_state'], { timeout: 3000, interval: 40 })
      .toBe('mining');
    type Summary = { miner: { pools: { url: string }[] } };
    const summary = parse(await getJson(`${api}/summary`)) as Summary;
    expect(summary.miner.pools.map((p) => p.url)).toEqual(['new.example:3333', 'DevFee']);
    expect(d.writeCounts.reboots).toBe(1);
    expect((await postJson(`${api}/unlock`, { pw: 'admin' })).status).toBe(200);
  });

  it('answers the vendor default `after: 3` and stays up meanwhile; closing the fleet does not wait for it', async () => {
    const { d, api, auth } = await one();
    expect(parse(await post(`${api}/system/reboot`, auth))).toEqual({ after: 3 });
    expect(parse(await post(`${api}/system/reboot`, auth))).toEqual({ after: 3 });
    expect(d.isUp).toBe(true);
    expect(d.writeCounts.reboots).toBe(2);
    const t = Date.now();
    await fleet!.close();
    expect(Date.now() - t).toBeLessThan(500);
  });
});
