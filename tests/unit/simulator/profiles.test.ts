import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { VENDOR_OPENAPI_PATH } from '../../fixtures/paths';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice, SimDeviceOptions } from '../../simulator';
import { bearer, call, getJson, parse, postJson, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

async function one(opts: SimDeviceOptions = {}): Promise<SimDevice> {
  fleet = await startFleet({ devices: [opts] });
  return fleet.devices[0]!;
}

const vendorDoc = readFileSync(VENDOR_OPENAPI_PATH, 'utf8');

interface Summary {
  miner: {
    miner_status: { miner_state: string };
    hr_realtime: number;
    chip_temp: { max: number };
    power_consumption: number;
    chains: { hashrate_rt: number }[];
  };
}

describe('field profile (real firmware)', () => {
  it('answers /info anonymously with this device identity', async () => {
    const d = await one({
      mac: '02:AA:BB:CC:DD:EE',
      model: 'Antminer S19 XP',
      firmwareVersion: '1.2.9',
      serial: 'X1',
    });
    const info = parse(await getJson(`${d.address}/api/v1/info`)) as Record<string, unknown> & {
      system: { network_status: Record<string, unknown> };
    };
    expect(info).toMatchObject({
      miner: 'Antminer S19 XP',
      fw_name: 'Vnish',
      fw_version: '1.2.9',
      serial: 'X1',
    });
    expect(info['hr_measure']).toBe('GH/s');
    expect(info.system.network_status).toMatchObject({
      mac: '02:AA:BB:CC:DD:EE',
      ip: d.host,
      hostname: 'Antminer',
    });
  });

  it('/status has the real fields; failure adds description and failure_code', async () => {
    const d = await one();
    const before = parse(await getJson(`${d.address}/api/v1/status`)) as Record<string, unknown>;
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'miner_state',
        'miner_state_time',
        'find_miner',
        'restart_required',
        'reboot_required',
        'unlocked',
      ]),
    );
    expect(before).not.toHaveProperty('description');

    d.setMinerState('failure', { description: 'Hashboard 2 not found', code: 1207 });
    const failing = parse(await getJson(`${d.address}/api/v1/status`)) as Record<string, unknown>;
    expect(failing).toMatchObject({
      miner_state: 'failure',
      description: 'Hashboard 2 not found',
      failure_code: 1207,
    });
    expect(failing['miner_state_time']).toBe(0);
  });

  it('/summary follows setMetrics and the miner state; neighbours differ', async () => {
    fleet = await startFleet({ count: 2 });
    const [d, e] = [fleet.devices[0]!, fleet.devices[1]!];
    const read = async (x: SimDevice) => parse(await getJson(`${x.address}/api/v1/summary`)) as Summary;

    const base = await read(d);
    expect(base.miner.hr_realtime).toBeGreaterThan(100_000);
    expect(base.miner.chains).toHaveLength(3);
    expect((await read(e)).miner.hr_realtime).not.toBe(base.miner.hr_realtime);

    d.setMetrics({ chipTempMax: 91, powerW: 3100, hashRateFactor: 0.5 });
    const hot = await read(d);
    expect(hot.miner.chip_temp.max).toBe(91);
    expect(hot.miner.power_consumption).toBe(3100);
    expect(hot.miner.hr_realtime).toBeLessThan(base.miner.hr_realtime * 0.6);

    d.setMinerState('stopped');
    const stopped = await read(d);
    expect(stopped.miner.miner_status.miner_state).toBe('stopped');
    expect(stopped.miner.hr_realtime).toBe(0);
  });

  it('serves the web UI with the AnthillOS marker and the vendor OpenAPI document', async () => {
    const d = await one();
    const page = await call(`${d.address}/`);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<meta name="firmware" content="AnthillOS">');
    const doc = await getJson(`${d.address}/docs/api-doc.json`);
    expect(doc.body).toBe(vendorDoc);
  });

  it('toggles the locate LED with POST /find-miner and shows it in /status', async () => {
    const d = await one();
    const auth = bearer(await unlockToken(d.address));
    expect(parse(await postJson(`${d.address}/api/v1/find-miner`, {}, auth))).toEqual({ on: true });
    expect(parse(await getJson(`${d.address}/api/v1/status`))).toMatchObject({ find_miner: true });
    expect(parse(await postJson(`${d.address}/api/v1/find-miner`, {}, auth))).toEqual({ on: false });
  });

  it('answers 404 to unknown paths and 405 to a known path with the wrong method', async () => {
    const d = await one();
    expect((await getJson(`${d.address}/api/v1/nope`)).status).toBe(404);
    expect((await getJson(`${d.address}/api/v2/status`)).status).toBe(404);
    const wrong = await getJson(`${d.address}/api/v1/unlock`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe('POST');
  });
});

describe('spec profile (only what the spec states)', () => {
  it('has no /info, /summary, web UI or OpenAPI document', async () => {
    const d = await one({ profile: 'spec' });
    const expected: [string, number][] = [
      ['/api/v1/info', 404],
      ['/api/v1/summary', 404],
      ['/', 404],
      ['/docs/api-doc.json', 404],
      // Only POST /apikeys is in the spec.
      ['/api/v1/apikeys', 405],
    ];
    for (const [path, status] of expected) {
      const a = await getJson(`${d.address}${path}`);
      expect(a.status, path).toBe(status);
      expect(a.body).not.toContain('AnthillOS');
    }
  });

  it('/status needs credentials: 401 with an empty body without them', async () => {
    const d = await one({ profile: 'spec' });
    const a = await getJson(`${d.address}/api/v1/status`);
    expect([a.status, a.body]).toEqual([401, '']);
    const token = await unlockToken(d.address);
    expect(parse(await getJson(`${d.address}/api/v1/status`, bearer(token)))).toMatchObject({
      unlocked: true,
    });
  });

  it('takes only "Bearer <token>" in Authorization, never a bare token or a key', async () => {
    const d = await one({ profile: 'spec' });
    const token = await unlockToken(d.address);
    expect((await getJson(`${d.address}/api/v1/status`, { authorization: token })).status).toBe(401);
    const key = 'Z'.repeat(32);
    await postJson(`${d.address}/api/v1/apikeys`, { key, description: 'd' }, bearer(token));
    expect((await getJson(`${d.address}/api/v1/status`, { authorization: key })).status).toBe(401);
    expect((await getJson(`${d.address}/api/v1/status`, { 'x-api-key': key })).status).toBe(200);
  });

  it('refuses two credentials at once (400) and a POST body without Content-Type: application/json (415)', async () => {
    const d = await one({ profile: 'spec' });
    const token = await unlockToken(d.address);
    const key = 'Y'.repeat(32);
    await postJson(`${d.address}/api/v1/apikeys`, { key, description: 'd' }, bearer(token));
    const both = await getJson(`${d.address}/api/v1/status`, { ...bearer(token), 'x-api-key': key });
    expect(both.status).toBe(400);
    const noType = await call(`${d.address}/api/v1/unlock`, { method: 'POST', body: '{"pw":"admin"}' });
    expect(noType.status).toBe(415);
  });
});
