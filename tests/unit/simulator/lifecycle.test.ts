import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet } from '../../simulator';
import { bearer, call, getJson, parse, unlockToken } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

describe('down and moved devices', () => {
  it('goDown refuses connections, then the device answers again after N seconds', async () => {
    fleet = await startFleet({ count: 2 });
    const [d, other] = [fleet.devices[0]!, fleet.devices[1]!];
    const token = await unlockToken(d.address);
    const t = Date.now();
    await d.goDown(0.4);
    expect(d.isUp).toBe(false);
    await expect(getJson(`${d.address}/api/v1/status`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // Its neighbour on the same port is not affected.
    expect((await getJson(`${other.address}/api/v1/status`)).status).toBe(200);

    await d.waitUntilUp();
    expect(Date.now() - t).toBeGreaterThanOrEqual(390);
    expect(d.isUp).toBe(true);
    // Down like a network outage: the session survives (expireTokens() simulates a reboot's loss).
    expect(parse(await getJson(`${d.address}/api/v1/status`, bearer(token)))).toMatchObject({
      unlocked: true,
    });
  });

  it('goDown drops connections in progress', async () => {
    fleet = await startFleet({ count: 1 });
    const d = fleet.devices[0]!;
    d.addFault({ fault: { kind: 'hang' }, times: 1 });
    const pending = call(`${d.address}/api/v1/status`, { timeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 100));
    await d.goDown(0.1);
    await expect(pending).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('moveTo listens on the new address only; /info reports the new ip and the same MAC', async () => {
    fleet = await startFleet({ count: 1 });
    const d = fleet.devices[0]!;
    const oldAddress = d.address;
    const before = parse(await getJson(`${oldAddress}/api/v1/info`)) as {
      system: { network_status: { mac: string } };
    };

    const [a, b, c] = d.host.split('.');
    const newHost = `${a}.${b}.${c}.200`;
    await d.moveTo(newHost);
    expect(d.host).toBe(newHost);
    expect(d.address).toBe(`http://${newHost}:${d.port}`);
    expect(fleet.device(newHost)).toBe(d);
    await expect(getJson(`${oldAddress}/api/v1/info`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const after = parse(await getJson(`${d.address}/api/v1/info`)) as {
      system: { network_status: { mac: string; ip: string } };
    };
    expect(after.system.network_status.ip).toBe(newHost);
    expect(after.system.network_status.mac).toBe(before.system.network_status.mac);
    expect(after.system.network_status.mac).toBe(d.options.mac);
  });

  it('moveTo refuses addresses outside loopback', async () => {
    fleet = await startFleet({ count: 1 });
    await expect(fleet.devices[0]!.moveTo('192.168.1.20')).rejects.toThrow(/127\.0\.0\.0\/8/);
  });
});

describe('https', () => {
  it('serves TLS with a self-signed certificate whose fingerprint the device reports', async () => {
    fleet = await startFleet({ count: 2, defaults: { https: true } });
    const [d, e] = [fleet.devices[0]!, fleet.devices[1]!];
    expect(d.address).toMatch(/^https:\/\/127\.\d+\.\d+\.\d+:\d+$/);
    expect(d.certificateFingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(d.certificateFingerprint256).not.toBe(e.certificateFingerprint256);

    const a = await getJson(`${d.address}/api/v1/status`);
    expect(a.status).toBe(200);
    expect(a.peerFingerprint256).toBe(d.certificateFingerprint256);
    // Plain http to a TLS port gets no HTTP answer.
    await expect(
      call(`${d.address.replace('https', 'http')}/api/v1/status`, { timeoutMs: 1000 }),
    ).rejects.toThrow();
  });

  it('rotateCertificate shows a new certificate to new connections', async () => {
    fleet = await startFleet({ count: 1, defaults: { https: true } });
    const d = fleet.devices[0]!;
    const before = d.certificateFingerprint256;
    await d.rotateCertificate();
    expect(d.certificateFingerprint256).not.toBe(before);
    const a = await getJson(`${d.address}/api/v1/status`);
    expect(a.peerFingerprint256).toBe(d.certificateFingerprint256);
  });

  it('http devices have no fingerprint and cannot rotate', async () => {
    fleet = await startFleet({ count: 1 });
    const d = fleet.devices[0]!;
    expect(d.certificateFingerprint256).toBeUndefined();
    await expect(d.rotateCertificate()).rejects.toThrow(/https/);
  });
});
