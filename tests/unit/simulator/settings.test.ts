import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceFixturePath } from '../../fixtures/paths';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions, SimPool } from '../../simulator';
import { summaryPools } from '../../simulator/pools';
import { bearer, call, getJson, parse, postJson, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(deviceFixturePath(name), 'utf8')) as Record<string, unknown>;
const realSettings = fixture('settings.proto-fleet-s21pro-vnish1.2.7.json') as {
  miner: { pools: SimPool[]; cooling: Record<string, unknown> };
};

async function one(
  opts: SimDeviceOptions = {},
): Promise<{ d: SimDevice; api: string; auth: Record<string, string> }> {
  fleet = await startFleet({ devices: [opts] });
  const d = fleet.devices[0]!;
  return { d, api: `${d.address}/api/v1`, auth: bearer(await unlockToken(d.address, opts.password)) };
}

type Settings = {
  miner: { pools: SimPool[]; cooling: Record<string, unknown>; misc: Record<string, unknown> };
  ui: Record<string, unknown>;
  network: Record<string, unknown>;
  password: unknown;
};
const settingsOf = async (api: string, auth: Record<string, string>): Promise<Settings> =>
  parse(await getJson(`${api}/settings`, auth)) as Settings;

const NEW_POOLS: SimPool[] = [
  { url: 'stratum+tcp://pool.example:3333', user: 'site.rack1a', pass: 'x' },
  { url: 'backup.example:443', user: 'site.rack1a', pass: '' },
  { url: '', user: '', pass: '' },
];

describe('GET /settings', () => {
  it("answers the real device's settings with this device's pools, name and address; needs a credential", async () => {
    const pools: SimPool[] = [{ url: 'p.example:3333', user: 'w1', pass: 'x' }, NEW_POOLS[2]!, NEW_POOLS[2]!];
    const { d, api, auth } = await one({ pools, hostname: 'rack-7' });
    expect((await getJson(`${api}/settings`)).status).toBe(401);
    const s = await settingsOf(api, auth);
    expect(s.miner.pools).toEqual(pools);
    expect(s.miner.cooling).toEqual(realSettings.miner.cooling);
    expect(s.network).toMatchObject({ hostname: 'rack-7', ipaddress: d.host });
    expect(s.password).toBeNull();
    expect(d.pools).toEqual(pools);
  });

  it('without a pools option answers the fixture pools, and /summary shows them as the fixture does', async () => {
    const { d, api, auth } = await one();
    expect((await settingsOf(api, auth)).miner.pools).toEqual(realSettings.miner.pools);
    const summary = fixture('summary.proto-fleet-s21pro-vnish1.2.7.json') as { miner: { pools: object[] } };
    expect(summaryPools(summary.miner.pools as never, d.pools)).toEqual(summary.miner.pools);
  });
});

describe('POST /settings', () => {
  it('merges a partial object deeply, ignores keys the firmware does not know, answers false/false', async () => {
    const { d, api, auth } = await one();
    const a = await postJson(
      `${api}/settings`,
      { miner: { cooling: { fan_min_duty: 30 } }, ui: { theme: 'dark', locale: null }, bogus: { x: 1 } },
      auth,
    );
    expect(a.status).toBe(200);
    expect(parse(a)).toEqual({ restart_required: false, reboot_required: false });
    const s = await settingsOf(api, auth);
    expect(s.miner.cooling).toEqual({ ...realSettings.miner.cooling, fan_min_duty: 30 });
    expect(s.ui).toMatchObject({ theme: 'dark', locale: 'en' });
    expect(s).not.toHaveProperty('bogus');
    expect(s.miner.pools).toEqual(realSettings.miner.pools);
    expect(d.writeCounts).toMatchObject({ settingsPosts: 1, poolChanges: 0, passwordChanges: 0 });
  });

  it('refuses pools that are not exactly three {url, user, pass} with 400 {"err"} and changes nothing', async () => {
    const { d, api, auth } = await one();
    for (const pools of [
      NEW_POOLS.slice(0, 2),
      [...NEW_POOLS, NEW_POOLS[2]],
      [NEW_POOLS[0], { url: 'a' }, {}],
    ]) {
      const a = await postJson(`${api}/settings`, { miner: { pools }, ui: { theme: 'dark' } }, auth);
      expect(a.status).toBe(400);
      expect(parse(a)).toEqual({ err: expect.stringMatching(/pools/) });
    }
    expect((await postJson(`${api}/settings`, '{"miner":', auth)).status).toBe(400);
    const s = await settingsOf(api, auth);
    expect(s.miner.pools).toEqual(realSettings.miner.pools);
    expect(s.ui['theme']).toBe('auto');
    expect(d.writeCounts.settingsPosts).toBe(4);
  });

  it('stores three pools, says restart_required (also in /status) until a mining restart puts them in use', async () => {
    const { d, api, auth } = await one({ miningRestartSeconds: 0.6 });
    const a = await postJson(`${api}/settings`, { miner: { pools: NEW_POOLS } }, auth);
    expect(parse(a)).toEqual({ restart_required: true, reboot_required: false });
    expect((await settingsOf(api, auth)).miner.pools).toEqual(NEW_POOLS);
    expect(d.pools).toEqual(NEW_POOLS);
    expect(parse(await getJson(`${api}/status`))).toMatchObject({ restart_required: true });
    type Summary = { miner: { pools: { url: string; user: string; status: string; pool_type: string }[] } };
    const summaryPoolsNow = async () => (parse(await getJson(`${api}/summary`)) as Summary).miner.pools;
    // Not in use before the restart.
    expect((await summaryPoolsNow())[0]!.user).toBe(realSettings.miner.pools[0]!.user);
    // The same pools again change nothing.
    const again = await postJson(`${api}/settings`, { miner: { pools: NEW_POOLS } }, auth);
    expect(parse(again)).toEqual({ restart_required: false, reboot_required: false });
    expect(d.writeCounts.poolChanges).toBe(1);

    const restart = await call(`${api}/mining/restart`, { method: 'POST', headers: auth });
    expect(restart.status).toBe(200);
    const status = parse(await getJson(`${api}/status`)) as Record<string, unknown>;
    expect(status).toMatchObject({ miner_state: 'restarting', restart_required: false });
    await expect
      .poll(async () => (parse(await getJson(`${api}/status`)) as Record<string, unknown>)['miner_state'], {
        timeout: 3000,
        interval: 50,
      })
      .toBe('starting');
    await expect
      .poll(async () => (parse(await getJson(`${api}/status`)) as Record<string, unknown>)['miner_state'], {
        timeout: 3000,
        interval: 50,
      })
      .toBe('mining');
    const pools = await summaryPoolsNow();
    expect(pools.map((p) => [p.url, p.user, p.status])).toEqual([
      [NEW_POOLS[0]!.url, NEW_POOLS[0]!.user, 'active'],
      [NEW_POOLS[1]!.url, NEW_POOLS[1]!.user, 'working'],
      ['DevFee', 'DevFee', 'active'],
    ]);
    expect(d.writeCounts.miningRestarts).toBe(1);
  });
});

describe('password change (POST /settings {"password": {"current", "pw"}})', () => {
  async function withApiKey(opts: SimDeviceOptions = {}) {
    const setup = await one(opts);
    const key = 'K'.repeat(32);
    const a = await postJson(`${setup.api}/apikeys`, { key, description: 'test' }, setup.auth);
    expect(a.status).toBe(200);
    return { ...setup, key };
  }

  it('a wrong current password is 500 {"err"} and nothing in the request is applied', async () => {
    const { d, api, auth } = await withApiKey();
    const a = await postJson(
      `${api}/settings`,
      { password: { current: 'nope', pw: 'n3w-pw' }, miner: { pools: NEW_POOLS } },
      auth,
    );
    expect(a.status).toBe(500);
    expect(parse(a)).toEqual({ err: expect.any(String) });
    expect(d.password).toBe('admin');
    expect(d.pools).not.toEqual(NEW_POOLS);
    expect(parse(await getJson(`${api}/status`, auth))).toMatchObject({ unlocked: true });
    expect(d.writeCounts).toMatchObject({ settingsPosts: 1, passwordChanges: 0 });
  });

  it('a missing current or pw is 400 {"err"}', async () => {
    const { d, api, auth } = await one();
    const a = await postJson(`${api}/settings`, { password: { pw: 'n3w-pw' } }, auth);
    expect(a.status).toBe(400);
    expect(parse(a)).toEqual({ err: expect.any(String) });
    expect(d.password).toBe('admin');
  });

  it('changes the password: every session ends, API keys still work, only the new password unlocks', async () => {
    const { d, api, auth, key } = await withApiKey();
    const other = bearer(await unlockToken(d.address));
    const a = await postJson(`${api}/settings`, { password: { current: 'admin', pw: 'n3w pw' } }, auth);
    expect(a.status).toBe(200);
    expect(parse(a)).toEqual({ restart_required: false, reboot_required: false });
    expect(d.password).toBe('n3w pw');
    expect((await getJson(`${api}/status`, auth)).status).toBe(401);
    expect((await getJson(`${api}/status`, other)).status).toBe(401);
    expect(parse(await getJson(`${api}/status`, { 'x-api-key': key }))).toMatchObject({ unlocked: true });
    expect((await postJson(`${api}/unlock`, { pw: 'admin' })).status).toBe(403);
    expect((await postJson(`${api}/unlock`, { pw: 'n3w pw' })).status).toBe(200);
    expect(d.writeCounts).toMatchObject({ settingsPosts: 1, passwordChanges: 1 });
  });

  it('with an API key as the credential; passwordChangeDropsApiKeys deletes every key', async () => {
    const { d, api, key } = await withApiKey({ passwordChangeDropsApiKeys: true, password: 'old' });
    const a = await postJson(
      `${api}/settings`,
      { password: { current: 'old', pw: 'new' } },
      { 'x-api-key': key },
    );
    expect(a.status).toBe(200);
    expect(d.apiKeys).toEqual([]);
    expect((await getJson(`${api}/status`, { 'x-api-key': key })).status).toBe(401);
    expect(d.password).toBe('new');
  });
});

describe('write endpoints by profile and credential', () => {
  it('the spec profile has none of them (404)', async () => {
    fleet = await startFleet({ devices: [{ profile: 'spec' }] });
    const api = `${fleet.devices[0]!.address}/api/v1`;
    const auth = bearer(await unlockToken(fleet.devices[0]!.address));
    expect((await getJson(`${api}/settings`, auth)).status).toBe(404);
    for (const path of ['/settings', '/find-miner', '/locate-miner', '/mining/restart', '/system/reboot']) {
      expect((await postJson(`${api}${path}`, {}, auth)).status, path).toBe(404);
    }
  });

  it('refuses bad write options when the device is made', async () => {
    await expect(startFleet({ devices: [{ pools: NEW_POOLS.slice(0, 2) }] })).rejects.toThrow(/pools/);
    await expect(startFleet({ devices: [{ rebootAfterSeconds: 1.5 }] })).rejects.toThrow(
      /rebootAfterSeconds/,
    );
    await expect(startFleet({ devices: [{ miningRestartSeconds: -1 }] })).rejects.toThrow(
      /miningRestartSeconds/,
    );
  });

  it('says reboot_required (also in /status) after a network write until a reboot; a mining restart keeps it', async () => {
    const { api, auth } = await one({
      miningRestartSeconds: 0.2,
      rebootAfterSeconds: 0,
      rebootDownSeconds: 0.2,
      bootSeconds: 0.2,
    });
    const status = async () => parse(await getJson(`${api}/status`)) as Record<string, unknown>;
    // Both flags are always there, as the vendor's StatusPane (with SaveConfigResult) has them.
    expect(await status()).toMatchObject({ restart_required: false, reboot_required: false });
    const a = await postJson(`${api}/settings`, { network: { dhcp: false } }, auth);
    expect(parse(a)).toEqual({ restart_required: false, reboot_required: true });
    expect(await status()).toMatchObject({ restart_required: false, reboot_required: true });
    expect((await call(`${api}/mining/restart`, { method: 'POST', headers: auth })).status).toBe(200);
    expect(await status()).toMatchObject({ reboot_required: true });
    expect((await call(`${api}/system/reboot`, { method: 'POST', headers: auth })).status).toBe(200);
    await expect
      .poll(async () => (await status().catch((): Record<string, unknown> => ({})))['reboot_required'], {
        timeout: 5000,
        interval: 50,
      })
      .toBe(false);
  });
});
