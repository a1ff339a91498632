import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { deviceFixturePath } from '../../fixtures/paths';
import { startFleet } from '../../simulator';
import type { Fleet, SimDevice } from '../../simulator';
import { call, getJson, parse, postJson } from './http-client';

let fleet: Fleet | undefined;
afterEach(async () => {
  await fleet?.close();
  fleet = undefined;
});

async function device(): Promise<{ device: SimDevice; base: string }> {
  fleet = await startFleet({ count: 1 });
  const d = fleet.devices[0]!;
  return { device: d, base: `${d.address}/api/v1` };
}

const fixtureErr = (
  JSON.parse(
    readFileSync(
      deviceFixturePath('error-mining-pause-stop.apidoc1215510239-s19-xil-vnish1.2.6.json'),
      'utf8',
    ),
  ) as { err: string }
).err;

describe('faults', () => {
  it('latency delays the answer by at least ms, and adds up with a failing fault', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'latency', ms: 250 }, times: 1 });
    let t = Date.now();
    expect((await getJson(`${base}/status`)).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(240);

    d.addFault({ fault: { kind: 'latency', ms: 400 }, times: 1 });
    d.addFault({ fault: { kind: 'http-500' }, times: 1 });
    t = Date.now();
    expect((await getJson(`${base}/status`)).status).toBe(500);
    expect(Date.now() - t).toBeGreaterThanOrEqual(390);
    // Both faults were used up: the next answer has no delay of its own — well under the 400 ms a leftover
    // latency would add (a loaded machine took 154 ms for an undelayed answer against an old 140 ms bound).
    t = Date.now();
    expect((await getJson(`${base}/status`)).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(300);
  });

  it('hang reads the request and never answers; close() still ends it at once', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'hang' } });
    const timedOut = call(`${base}/status`, { timeoutMs: 300 });
    await expect(timedOut).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(d.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/status' });

    const pending = call(`${base}/info`, { timeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 100));
    const t = Date.now();
    await fleet!.close();
    expect(Date.now() - t).toBeLessThan(1000);
    await expect(pending).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('reset-mid-body sends the headers of the full answer and part of its body, then drops the connection', async () => {
    const { device: d, base } = await device();
    const full = await getJson(`${base}/info`);
    d.addFault({ fault: { kind: 'reset-mid-body' }, paths: ['/api/v1/info'], times: 1 });
    const a = await getJson(`${base}/info`);
    expect(a.status).toBe(200);
    expect(a.complete).toBe(false);
    const promised = Number(a.headers['content-length']);
    expect(promised).toBe(Buffer.byteLength(full.body));
    expect(a.bytes).toBeGreaterThan(0);
    expect(a.bytes).toBeLessThan(promised);
    expect(full.body.startsWith(a.body)).toBe(true);
  });

  it('http-500 answers {"err"} with the real device text (ending with a space) or the given one', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'http-500' }, times: 1 });
    const a = await getJson(`${base}/status`);
    expect(a.status).toBe(500);
    expect(parse(a)).toEqual({ err: fixtureErr });
    expect(fixtureErr.endsWith(' ')).toBe(true);

    d.addFault({ fault: { kind: 'http-500', err: 'boom ' }, times: 1 });
    expect(parse(await getJson(`${base}/status`))).toEqual({ err: 'boom ' });
  });

  it('malformed-json is a 200 application/json body that does not parse', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'malformed-json' }, times: 1 });
    const a = await getJson(`${base}/status`);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('application/json');
    expect(() => JSON.parse(a.body) as unknown).toThrow(SyntaxError);
  });

  it('huge-body streams 6 MB by default, or the given size, exactly', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'huge-body' }, times: 1 });
    const big = await getJson(`${base}/summary`);
    expect(big.status).toBe(200);
    expect(big.complete).toBe(true);
    expect(big.bytes).toBe(6 * 1024 * 1024);
    expect(big.headers['content-length']).toBe(String(6 * 1024 * 1024));
    expect(big.body.startsWith('{"pad":"aaa')).toBe(true);

    d.addFault({ fault: { kind: 'huge-body', bytes: 100_000 }, times: 1 });
    const sized = await getJson(`${base}/summary`);
    expect(sized.bytes).toBe(100_000);
    expect((JSON.parse(sized.body) as { pad: string }).pad).toHaveLength(100_000 - 10);
  });

  it('huge-body stops streaming when the client goes away', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'huge-body', bytes: 4 * 1024 ** 3 } });
    const a = await call(`${base}/summary`, { timeoutMs: 300 });
    expect(a.complete).toBe(false);
    // The device still answers others: its loop did not block the process.
    d.clearFaults();
    expect((await getJson(`${base}/status`)).status).toBe(200);
  });

  it('html answers a web page without the firmware marker on every path', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'html' } });
    for (const path of ['/status', '/info', '/unlock']) {
      const a =
        path === '/unlock'
          ? await postJson(`${base}${path}`, { pw: 'admin' })
          : await getJson(`${base}${path}`);
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe('text/html');
      expect(a.body).toContain('<html');
      expect(a.body).not.toContain('AnthillOS');
    }
  });

  it('status gives any canned answer: 401 empty, 403 without a body, custom headers', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'status', code: 401 }, times: 1 });
    const a = await getJson(`${base}/status`);
    expect([a.status, a.body]).toEqual([401, '']);

    d.addFault({ fault: { kind: 'status', code: 403 }, paths: ['/api/v1/unlock'], times: 1 });
    const b = await postJson(`${base}/unlock`, { pw: 'admin' });
    expect([b.status, b.body]).toEqual([403, '']);

    d.addFault({
      fault: {
        kind: 'status',
        code: 429,
        body: '{"unlock_timeout": 17}',
        headers: { 'content-type': 'application/json' },
      },
      times: 1,
    });
    const c = await postJson(`${base}/unlock`, { pw: 'admin' });
    expect(c.status).toBe(429);
    expect(parse(c)).toEqual({ unlock_timeout: 17 });
  });

  it('paths, methods and times select which requests get a fault; clearFaults removes all', async () => {
    const { device: d, base } = await device();
    d.addFault({ fault: { kind: 'http-500' }, paths: ['/api/v1/info'], methods: ['get'], times: 2 });
    expect((await getJson(`${base}/status`)).status).toBe(200);
    expect((await getJson(`${base}/info`)).status).toBe(500);
    expect((await getJson(`${base}/info`)).status).toBe(500);
    expect((await getJson(`${base}/info`)).status).toBe(200);

    d.addFault({ fault: { kind: 'http-500' }, methods: ['POST'] });
    expect((await getJson(`${base}/status`)).status).toBe(200);
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(500);
    d.clearFaults();
    expect((await postJson(`${base}/unlock`, { pw: 'admin' })).status).toBe(200);
  });

  it('rejects nonsensical rules', async () => {
    const { device: d } = await device();
    expect(() => d.addFault({ fault: { kind: 'latency', ms: -1 } })).toThrow(RangeError);
    expect(() => d.addFault({ fault: { kind: 'http-500' }, times: 0 })).toThrow(RangeError);
    expect(() => d.addFault({ fault: { kind: 'status', code: 42 } })).toThrow(RangeError);
  });
});
