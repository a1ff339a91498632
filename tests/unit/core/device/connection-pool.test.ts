import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionPoolOptions } from '../../../../electron/core/device/connection-pool';
import { ConnectionPool } from '../../../../electron/core/device/connection-pool';
import { DeviceError } from '../../../../electron/core/device/device-error';
import type { Http1Answer } from '../../../../electron/core/device/http1-answer';
import type { Http1Connection } from '../../../../electron/core/device/http1-connection';
import { answer, refusedPort, startHttpServer, startRawServer } from './fakes/local-servers';
import {
  answerEach,
  deviceAddress,
  get,
  http11,
  loopbackHarness,
  sleep,
  trackConnections,
} from '../../../support/device-loopback';

const MiB = 1024 * 1024;
const harness = loopbackHarness();
const { server } = harness;
afterEach(() => harness.cleanup());

function pool(options: Partial<ConnectionPoolOptions> = {}): ConnectionPool {
  const created = new ConnectionPool({
    maxSocketsPerDevice: 2,
    maxTotalSockets: 512,
    idleTimeoutMs: 60_000,
    ...options,
  });
  harness.defer(() => created.close());
  return created;
}

const noAbort = () => new AbortController().signal;

/** A connection from the pool, as the transport takes one; destroyed after the test if still held. */
async function acquire(from: ConnectionPool, url: string, signal = noAbort()): Promise<Http1Connection> {
  const connection = await from.acquire(deviceAddress(url), 1000, signal);
  harness.defer(() => connection.destroy());
  return connection;
}

/**
 * One request through the pool, as the transport makes it: acquire, request, release. `resendable: false`
 * takes the connection as a POST does (never sent twice, so kept connections are used less long).
 */
async function exchange(
  from: ConnectionPool,
  url: string,
  path?: string,
  resendable = true,
): Promise<Http1Answer> {
  const signal = noAbort();
  const connection = await from.acquire(deviceAddress(url), 1000, signal, resendable);
  let response: Http1Answer | undefined;
  try {
    response = await connection.request(get(url, path), { maxBodyBytes: MiB, signal });
    return response;
  } finally {
    from.release(connection, response?.keepAlive === true);
  }
}

/** Whether a promise settled, without waiting for it. */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return () => settled;
}

/** A recording HTTP device that keeps connections open and reports when they close. */
async function trackedDevice(delayMs = 0) {
  const tracked = trackConnections((_request, res) => {
    setTimeout(() => res.end('{}'), delayMs);
  });
  const device = await server(startHttpServer(tracked.respond));
  return Object.assign(device, { log: tracked.log });
}

/** A device announcing `Keep-Alive: timeout=<seconds>`, and a pool on a clock the test moves. */
async function announcingDevice(seconds: number, options: Partial<ConnectionPoolOptions> = {}) {
  const raw = answerEach(() => http11('{}', `Keep-Alive: timeout=${seconds}`));
  const device = await server(startRawServer(raw.onData));
  const clock = { now: 0 };
  const connections = pool({ now: () => clock.now, ...options });
  return { raw, device, clock, connections };
}

describe('ConnectionPool reuse', () => {
  it('reuses an idle connection for the next request to the same device', async () => {
    const device = await trackedDevice();
    const connections = pool();
    for (const path of ['/api/v1/status', '/api/v1/summary', '/api/v1/info'])
      expect((await exchange(connections, device.url, path)).status).toBe(200);
    expect(device.requests).toHaveLength(3);
    expect(device.connections).toBe(1);
    expect(connections.openConnections).toBe(1);
  });

  it('hands out the same connection object again', async () => {
    const device = await trackedDevice();
    const connections = pool();
    const first = await acquire(connections, device.url);
    connections.release(first, true);
    expect(await acquire(connections, device.url)).toBe(first);
  });

  it('closes a connection released as not reusable', async () => {
    const device = await trackedDevice();
    const connections = pool();
    const connection = await acquire(connections, device.url);
    await connection.request(get(device.url), { maxBodyBytes: MiB, signal: noAbort() });
    connections.release(connection, false);
    expect(connections.openConnections).toBe(0);
    await expect.poll(() => device.log.closed, { timeout: 1000 }).toBe(1);
    await exchange(connections, device.url);
    expect(device.connections).toBe(2);
  });

  it('forgets an idle connection the device closed, and opens a new one', async () => {
    const raw = answerEach(() => http11('{}'));
    const device = await server(
      startRawServer((socket, received) => {
        raw.onData(socket, received);
        setTimeout(() => socket.end(), 20);
      }),
    );
    const connections = pool();
    await exchange(connections, device.url);
    await expect.poll(() => connections.openConnections, { timeout: 1000 }).toBe(0);
    expect((await exchange(connections, device.url)).status).toBe(200);
    expect(device.connections).toBe(2);
  });
});

describe('ConnectionPool caps', () => {
  it('opens at most maxSocketsPerDevice connections to one device; the other requests wait their turn', async () => {
    const device = await trackedDevice(50);
    const connections = pool({ maxSocketsPerDevice: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(connections, device.url)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(device.requests).toHaveLength(6);
    expect(device.connections).toBe(2);
  });

  it('at the fleet-wide cap, closes the connection idle the longest to make room', async () => {
    const [a, b, c] = [await trackedDevice(), await trackedDevice(), await trackedDevice()];
    const connections = pool({ maxTotalSockets: 2 });
    const open: number[] = [];
    for (const device of [a, b, c, a]) {
      await exchange(connections, device.url);
      open.push(connections.openConnections);
    }
    expect(open).toEqual([1, 2, 2, 2]);
    // c pushed out a (idle the longest), then a pushed out b.
    await expect.poll(() => [a.log.closed, b.log.closed, c.log.closed], { timeout: 1000 }).toEqual([1, 1, 0]);
    expect([a.connections, b.connections, c.connections]).toEqual([2, 1, 1]);
  });

  /** A pool of one connection, busy with device a, and a request to device b still waiting 50 ms later. */
  async function waitingAtTheCap() {
    const [a, b] = [await trackedDevice(), await trackedDevice()];
    const connections = pool({ maxTotalSockets: 1 });
    const busy = await acquire(connections, a.url);
    const waiting = acquire(connections, b.url);
    const served = settledFlag(waiting);
    await sleep(50);
    expect(served()).toBe(false);
    return { b, connections, busy, waiting, served };
  }

  it('at the fleet-wide cap with no idle connection, waits until a connection is closed', async () => {
    const { b, connections, busy, waiting } = await waitingAtTheCap();
    expect(b.connections).toBe(0);
    connections.release(busy, false);
    await waiting;
    expect(b.connections).toBe(1);
    expect(connections.openConnections).toBe(1);
  });

  it('at the fleet-wide cap with no idle connection, is served when a busy one is released as idle', async () => {
    const { connections, busy, waiting, served } = await waitingAtTheCap();
    connections.release(busy, true);
    await expect.poll(served, { timeout: 1000 }).toBe(true);
    await waiting;
    expect(connections.openConnections).toBe(1);
    expect(busy.usable).toBe(false); // the now idle connection to a made room
  });

  /**
   * Holds a connection to `busyUrl`, queues a request to `abortedUrl` and then one to `nextUrl` behind it,
   * and aborts the first with `reason` (it must reject with exactly that).
   */
  async function abortTheFirstOfTwoWaiting(
    connections: ConnectionPool,
    [busyUrl, abortedUrl, nextUrl]: [string, string, string],
    reason: DeviceError,
  ): Promise<{ busy: Http1Connection; next: Promise<Http1Connection> }> {
    const busy = await acquire(connections, busyUrl);
    const controller = new AbortController();
    const aborted = acquire(connections, abortedUrl, controller.signal);
    const next = acquire(connections, nextUrl);
    await sleep(20);
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    return { busy, next };
  }

  it('a request waiting for a device leaves the queue when aborted, with the abort reason', async () => {
    const device = await trackedDevice();
    const connections = pool({ maxSocketsPerDevice: 1 });
    const { busy, next } = await abortTheFirstOfTwoWaiting(
      connections,
      [device.url, device.url, device.url],
      new DeviceError('TIMEOUT', 'gave up waiting'),
    );
    // Had the aborted request stayed queued, it would swallow this wake-up and `next` would wait forever.
    connections.release(busy, true);
    expect(await next).toBe(busy);
  });

  it('a request waiting for fleet-wide room leaves the queue when aborted, with the abort reason', async () => {
    const [a, b, c] = [await trackedDevice(), await trackedDevice(), await trackedDevice()];
    const connections = pool({ maxTotalSockets: 1 });
    const { busy, next } = await abortTheFirstOfTwoWaiting(
      connections,
      [a.url, b.url, c.url],
      new DeviceError('CANCELLED', 'the user cancelled'),
    );
    connections.release(busy, false);
    await next;
    expect([b.connections, c.connections]).toEqual([0, 1]);
  });

  it('rejects at once with the reason when the signal is already aborted, opening nothing', async () => {
    const device = await trackedDevice();
    const connections = pool();
    const controller = new AbortController();
    const reason = new DeviceError('CANCELLED', 'never mind');
    controller.abort(reason);
    await expect(acquire(connections, device.url, controller.signal)).rejects.toBe(reason);
    expect(connections.openConnections).toBe(0);
    await sleep(20);
    expect(device.connections).toBe(0);
  });

  it('gives back the slot of a connection that could not be opened', async () => {
    const device = await trackedDevice();
    const connections = pool({ maxTotalSockets: 1 });
    await expect(acquire(connections, `127.0.0.1:${await refusedPort()}`)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      detail: { cause: 'ECONNREFUSED' },
    });
    expect(connections.openConnections).toBe(0);
    expect((await exchange(connections, device.url)).status).toBe(200);
  });
});

describe('ConnectionPool idle connections', () => {
  it('closes connections idle longer than idleTimeoutMs', async () => {
    const device = await trackedDevice();
    const connections = pool({ idleTimeoutMs: 100 });
    await exchange(connections, device.url);
    expect(connections.openConnections).toBe(1);
    await expect.poll(() => connections.openConnections, { timeout: 1000 }).toBe(0);
    await expect.poll(() => device.log.closed, { timeout: 1000 }).toBe(1);
  });

  it('reuses a connection idle just under idleTimeoutMs, not one idle that long', async () => {
    let clock = 0;
    const device = await trackedDevice();
    const connections = pool({ idleTimeoutMs: 1000, now: () => clock });
    await exchange(connections, device.url);
    clock += 999;
    await exchange(connections, device.url);
    expect(device.connections).toBe(1);
    clock += 1000;
    await exchange(connections, device.url);
    expect(device.connections).toBe(2);
    await expect.poll(() => device.log.closed, { timeout: 1000 }).toBe(1);
  });

  it('keeps a connection used again until its new expiry, not the one it had before', async () => {
    let clock = 0;
    const device = await trackedDevice();
    const connections = pool({ idleTimeoutMs: 1000, now: () => clock });
    await exchange(connections, device.url);
    clock = 900;
    await exchange(connections, device.url);
    clock = 1500; // past its first expiry (1000), not its second (1900)
    await sleep(700); // a sweep (every 500 ms) ran
    expect(connections.openConnections).toBe(1);
    clock = 1900;
    await expect.poll(() => connections.openConnections, { timeout: 2000 }).toBe(0);
    expect(device.connections).toBe(1);
  });

  it('keeps the per-device cap when the idle connection it finds has expired', async () => {
    let clock = 0;
    const device = await trackedDevice();
    const connections = pool({ maxSocketsPerDevice: 1, idleTimeoutMs: 1000, now: () => clock });
    await exchange(connections, device.url);
    clock += 5000; // the kept connection has expired: the next request closes it and opens another
    const first = await acquire(connections, device.url);
    const second = acquire(connections, device.url);
    const served = settledFlag(second);
    await sleep(50);
    expect(served()).toBe(false); // one connection to this device at a time, even after the expiry
    connections.release(first, true);
    expect(await second).toBe(first);
    expect(device.connections).toBe(2);
  });

  it('a POST never reuses a connection the device keeps only 1 s (it stops a second early); a GET does', async () => {
    const { raw, device, clock, connections } = await announcingDevice(1);
    await exchange(connections, device.url);
    clock.now += 700;
    await exchange(connections, device.url);
    expect(device.connections).toBe(1);
    await exchange(connections, device.url, undefined, false);
    expect(device.connections).toBe(2);
    await expect.poll(() => raw.log.closed, { timeout: 1000 }).toBe(1);
  });

  it('a GET reuses a connection until 250 ms before the time the device announced, a POST until 1 s', async () => {
    const { device, clock, connections } = await announcingDevice(3);
    await exchange(connections, device.url);
    clock.now += 2749;
    await exchange(connections, device.url);
    expect(device.connections).toBe(1);
    clock.now += 1999;
    await exchange(connections, device.url, undefined, false);
    expect(device.connections).toBe(1);
    clock.now += 2750;
    await exchange(connections, device.url);
    expect(device.connections).toBe(2);
    clock.now += 2000;
    await exchange(connections, device.url, undefined, false);
    expect(device.connections).toBe(3);
  });

  it('tells how much longer a GET can reuse the kept connection', async () => {
    const { device, clock, connections } = await announcingDevice(3, { idleTimeoutMs: 10_000 });
    expect(connections.keptFor(deviceAddress(device.url))).toBeUndefined();
    await exchange(connections, device.url);
    clock.now += 1000;
    expect(connections.keptFor(deviceAddress(device.url))).toBe(1750);
    const silent = answerEach(() => http11('{}'));
    const quiet = await server(startRawServer(silent.onData));
    await exchange(connections, quiet.url);
    clock.now += 500;
    // A device that announces nothing: our own idle timeout.
    expect(connections.keptFor(deviceAddress(quiet.url))).toBe(9500);
  });

  it('keeps the connection of a device that announces nothing until our own idle timeout', async () => {
    const raw = answerEach(() => http11('{}'));
    const device = await server(startRawServer(raw.onData));
    const connections = pool({ idleTimeoutMs: 60_000 });
    await exchange(connections, device.url);
    await sleep(100);
    await exchange(connections, device.url);
    expect(device.connections).toBe(1);
    expect(raw.log.closed).toBe(0);
  });

  it('the sweep closes a connection past the time the device announced', async () => {
    // Our own idle timeout (60 s) never passes on this clock: only the device's announcement closes it.
    const { raw, device, clock, connections } = await announcingDevice(1);
    await exchange(connections, device.url);
    clock.now = 800;
    await expect.poll(() => connections.openConnections, { timeout: 1000 }).toBe(0);
    await expect.poll(() => raw.log.closed, { timeout: 1000 }).toBe(1);
  });
});

describe('ConnectionPool close', () => {
  it('closes idle connections and fails waiting requests as cancelled', async () => {
    const [idle, busyDevice] = [await trackedDevice(), await trackedDevice()];
    const connections = pool({ maxSocketsPerDevice: 1 });
    await exchange(connections, idle.url);
    const busy = await acquire(connections, busyDevice.url);
    const waiting = acquire(connections, busyDevice.url);
    await sleep(20);
    connections.close();
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect.poll(() => idle.log.closed, { timeout: 1000 }).toBe(1);
    expect(connections.openConnections).toBe(1); // the busy one, until its request ends
    connections.release(busy, true);
    expect(connections.openConnections).toBe(0);
    expect(busy.usable).toBe(false);
  });

  it('refuses later requests as cancelled, opening nothing', async () => {
    const device = await server(startHttpServer(answer(200, '{}')));
    const connections = pool();
    connections.close();
    await expect(acquire(connections, device.url)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(device.connections).toBe(0);
  });
});
