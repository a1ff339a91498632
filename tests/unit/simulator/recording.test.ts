import { afterEach, describe, expect, it } from 'vitest';
import { startFleet } from '../../simulator';
import type { Fleet } from '../../simulator';
import { call, getJson, postJson } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

describe('request recording', () => {
  it('records method, path, exact headers and body of every request, per device and fleet-wide in order', async () => {
    fleet = await startFleet({ count: 2 });
    const [d, e] = [fleet.devices[0]!, fleet.devices[1]!];
    const t = Date.now();
    await postJson(`${d.address}/api/v1/unlock`, { pw: 'admin' }, { 'X-Trace': 'one' });
    await call(`${e.address}/api/v1/status?x=1`, {
      headers: { accept: 'application/json', 'x-api-key': 'k' },
    });

    expect(fleet.requests.map((r) => [r.deviceId, r.method, r.path])).toEqual([
      [d.id, 'POST', '/api/v1/unlock'],
      [e.id, 'GET', '/api/v1/status?x=1'],
    ]);
    expect(d.requests).toHaveLength(1);
    const [unlock] = d.requests;
    expect(unlock).toMatchObject({ host: d.host, port: d.port, body: '{"pw":"admin"}' });
    expect(unlock!.headers['content-type']).toBe('application/json');
    expect(unlock!.headers['accept']).toBe('application/json');
    expect(unlock!.headers['x-trace']).toBe('one');
    expect(unlock!.headers['authorization']).toBeUndefined();
    // Raw headers keep the client's spelling.
    expect(unlock!.rawHeaders).toContain('X-Trace');
    expect(unlock!.time).toBeGreaterThanOrEqual(t);
    expect(e.requests[0]!.headers['x-api-key']).toBe('k');
  });

  it('records requests that got a fault, including ones never answered', async () => {
    fleet = await startFleet({ count: 1 });
    const d = fleet.devices[0]!;
    d.addFault({ fault: { kind: 'http-500' }, times: 1 });
    expect((await postJson(`${d.address}/api/v1/unlock`, { pw: 'secret' })).status).toBe(500);
    d.addFault({ fault: { kind: 'hang' }, times: 1 });
    await expect(call(`${d.address}/api/v1/status`, { timeoutMs: 200 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(d.requests.map((r) => r.path)).toEqual(['/api/v1/unlock', '/api/v1/status']);
    expect(d.requests[0]!.body).toBe('{"pw":"secret"}');
  });

  it('clearRequests empties the lists in place', async () => {
    fleet = await startFleet({ count: 1 });
    const d = fleet.devices[0]!;
    const held = d.requests;
    await getJson(`${d.address}/api/v1/info`);
    expect(held).toHaveLength(1);
    fleet.clearRequests();
    expect(held).toHaveLength(0);
    expect(fleet.requests).toHaveLength(0);
    await getJson(`${d.address}/api/v1/info`);
    expect(fleet.requests).toHaveLength(1);
  });

  it('recordRequests: false keeps nothing', async () => {
    fleet = await startFleet({ count: 1, recordRequests: false });
    const d = fleet.devices[0]!;
    expect((await getJson(`${d.address}/api/v1/info`)).status).toBe(200);
    expect(fleet.requests).toHaveLength(0);
    expect(d.requests).toHaveLength(0);
  });
});
