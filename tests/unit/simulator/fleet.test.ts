import { randomInt } from 'node:crypto';
import { Agent, get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice } from '../../simulator';
import { getJson, parse } from './http-client';

const fleets: Fleet[] = [];
afterEach(async () => {
  await Promise.all(fleets.splice(0).map((f) => f.close()));
});

async function fleetOf(...args: Parameters<typeof startFleet>): Promise<Fleet> {
  const f = await startFleet(...args);
  fleets.push(f);
  return f;
}

/** A block no other test uses (random, like the default) but known to the test. */
const privateBlock = (): string => `127.${randomInt(16, 251)}.${randomInt(0, 240)}`;

/** Runs `fn` over items with at most `limit` in flight. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

describe('fleet', () => {
  it('puts each device on its own loopback address, all on one random high port', async () => {
    const fleet = await fleetOf({ count: 5 });
    const hosts = fleet.devices.map((d) => d.host);
    expect(new Set(hosts).size).toBe(5);
    for (const h of hosts) expect(h).toMatch(/^127\.\d+\.\d+\.\d+$/);
    const ports = new Set(fleet.devices.map((d) => d.port));
    expect(ports.size).toBe(1);
    const [port] = [...ports];
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThanOrEqual(60_000);
    expect(new Set(fleet.devices.map((d) => d.id)).size).toBe(5);
    expect(new Set(fleet.devices.map((d) => d.options.mac)).size).toBe(5);
    for (const d of fleet.devices) expect((await getJson(`${d.address}/api/v1/status`)).status).toBe(200);
  });

  it('honours hostBase and port, and finds devices by id or host', async () => {
    const block = privateBlock();
    const port = randomInt(20_000, 60_000);
    const fleet = await fleetOf({ count: 3, hostBase: block, port });
    expect(fleet.devices.map((d) => d.address)).toEqual([1, 2, 3].map((i) => `http://${block}.${i}:${port}`));
    const second = fleet.devices[1]!;
    expect(fleet.device(second.id)).toBe(second);
    expect(fleet.device(`${block}.2`)).toBe(second);
    expect(fleet.device('nope')).toBeUndefined();
  });

  it('moves on to free addresses when another fleet already holds them', async () => {
    const block = privateBlock();
    const port = randomInt(20_000, 60_000);
    const first = await fleetOf({ count: 2, hostBase: block, port });
    const second = await fleetOf({ count: 2, hostBase: block, port });
    const firstHosts = first.devices.map((d) => d.host);
    const secondHosts = second.devices.map((d) => d.host);
    expect(secondHosts.filter((h) => firstHosts.includes(h))).toEqual([]);
    for (const d of [...first.devices, ...second.devices]) {
      expect((await getJson(`${d.address}/api/v1/info`)).status).toBe(200);
    }
  });

  it('applies defaults and per-device options; addDevice continues the fleet', async () => {
    const fleet = await fleetOf({
      count: 3,
      defaults: { password: 'site-pw', profile: 'spec' },
      devices: [{ password: 'special' }, { profile: 'field' }],
    });
    expect(fleet.devices.map((d) => [d.options.password, d.options.profile])).toEqual([
      ['special', 'spec'],
      ['site-pw', 'field'],
      ['site-pw', 'spec'],
    ]);
    const added = await fleet.addDevice({ hostname: 'extra' });
    expect(fleet.devices).toHaveLength(4);
    expect(added.port).toBe(fleet.devices[0]!.port);
    expect(added.options).toMatchObject({ hostname: 'extra', password: 'site-pw', profile: 'spec' });
  });

  it('mixes models and firmware versions like a real site', async () => {
    const fleet = await fleetOf({ count: 4 });
    const infos = await Promise.all(
      fleet.devices.map(
        async (d) => parse(await getJson(`${d.address}/api/v1/info`)) as Record<string, unknown>,
      ),
    );
    expect(infos.map((i) => i['fw_version'])).toEqual(['1.2.7', '1.2.7', '1.2.7', '1.2.6']);
    expect(infos[3]!['miner']).toBe('Antminer S19 (88)');
  });

  it('refuses addresses outside loopback', async () => {
    await expect(startFleet({ devices: [{ host: '10.0.0.1' }] })).rejects.toThrow(RangeError);
    await expect(startFleet({ hostBase: '192.168.1' })).rejects.toThrow(RangeError);
    await expect(startFleet({ port: 70_000 })).rejects.toThrow(RangeError);
  });

  it('closes at once even with keep-alive connections open', async () => {
    const fleet = await fleetOf({ count: 20 });
    const agent = new Agent({ keepAlive: true });
    await Promise.all(
      fleet.devices.map(
        (d: SimDevice) =>
          new Promise<void>((resolve, reject) => {
            get(`${d.address}/api/v1/info`, { agent }, (res) => {
              res.resume();
              res.on('end', resolve);
            }).on('error', reject);
          }),
      ),
    );
    const t = Date.now();
    await fleet.close();
    agent.destroy();
    expect(Date.now() - t).toBeLessThan(1000);
  });

  it('starts 300 devices, each answering, and closes them quickly', async () => {
    let t = Date.now();
    const fleet = await fleetOf({ count: 300 });
    const startMs = Date.now() - t;
    expect(fleet.devices).toHaveLength(300);
    expect(new Set(fleet.devices.map((d) => d.host)).size).toBe(300);
    await eachLimited(fleet.devices, 50, async (d) => {
      expect((await getJson(`${d.address}/api/v1/status`)).status).toBe(200);
    });
    expect(fleet.requests).toHaveLength(300);
    t = Date.now();
    await fleet.close();
    const closeMs = Date.now() - t;
    expect(startMs).toBeLessThan(10_000);
    expect(closeMs).toBeLessThan(2_000);
    await expect(getJson(`${fleet.devices[0]!.address}/api/v1/status`)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });
});
