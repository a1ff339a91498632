import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceAddress } from '../../../../shared/domain/device-address';
import { DeviceError } from '../../../../electron/core/device/device-error';
import type { Http1RequestOptions } from '../../../../electron/core/device/http1-connection';
import { Http1Connection, StaleSocketError } from '../../../../electron/core/device/http1-connection';
import { whenConnected } from '../../../../electron/core/device/socket-connect';
import type { TransportRequest } from '../../../../electron/core/device/http-exchange';
import type { LocalServer } from './fakes/local-servers';
import { answer, startHttpServer, startRawServer } from './fakes/local-servers';
import {
  answerEach,
  firstRequestOnly,
  get,
  http11,
  loopbackHarness,
  sleep,
} from '../../../support/device-loopback';

const MiB = 1024 * 1024;
const harness = loopbackHarness();
const { server } = harness;
afterEach(() => harness.cleanup());

/**
 * A connection to the loopback server. `labelled` changes only the address the connection believes it
 * talks to (for the Host header and messages); the socket always goes to 127.0.0.1 and the test's server.
 */
async function connect(device: LocalServer, labelled: Partial<DeviceAddress> = {}): Promise<Http1Connection> {
  const address: DeviceAddress = { scheme: 'http', host: '127.0.0.1', port: device.port, ...labelled };
  const socket = net.connect({ host: '127.0.0.1', port: device.port });
  const signal = new AbortController().signal;
  await whenConnected(socket, address, { connectTimeoutMs: 1000, signal }, 'connect');
  const connection = new Http1Connection(socket, address);
  harness.defer(() => connection.destroy());
  return connection;
}

function send(
  connection: Http1Connection,
  request: Partial<TransportRequest> = {},
  options: Partial<Http1RequestOptions> = {},
) {
  return connection.request(
    { ...get(`127.0.0.1:${connection.address.port}`), address: connection.address, ...request },
    { maxBodyBytes: MiB, signal: new AbortController().signal, ...options },
  );
}

/** A raw server that writes `bytes` once the request arrived, then leaves the connection open. */
const writes = (bytes: string) => startRawServer((socket) => socket.write(bytes));
/** A raw server that writes `bytes` once the request arrived, then closes its side. */
const writesAndCloses = (bytes: string) => startRawServer((socket) => socket.end(bytes));

/** Server-side sockets of a raw server, to see when the client closed one. */
function closesSeen(): { onSocket: (socket: net.Socket) => void; readonly count: number } {
  const seen = new WeakSet<net.Socket>();
  let count = 0;
  return {
    onSocket: (socket) => {
      if (seen.has(socket)) return;
      seen.add(socket);
      socket.once('close', () => {
        count += 1;
      });
    },
    get count() {
      return count;
    },
  };
}

describe('Http1Connection reading answers', () => {
  it('reads a chunked answer whole, however it is split on the wire', async () => {
    const pieces = [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel',
      'lo\r\n6\r',
      '\n world\r\n0\r\n\r\n',
    ];
    const device = await server(
      startRawServer((socket) => {
        pieces.forEach((piece, i) => setTimeout(() => socket.write(piece), i * 20));
      }),
    );
    const response = await send(await connect(device));
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('hello world');
    expect(response.keepAlive).toBe(true);
  });

  it('reads an HTTP/1.0 answer without a length until the device closes, and does not keep it', async () => {
    const device = await server(
      writesAndCloses('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it'),
    );
    const response = await send(await connect(device));
    expect(response.body.toString()).toBe('all of it');
    expect(response.keepAlive).toBe(false);
  });

  it('reads an HTTP/1.1 answer without a length until the device closes, and does not keep it', async () => {
    const device = await server(writesAndCloses('HTTP/1.1 200 OK\r\n\r\n{"until":"close"}'));
    const connection = await connect(device);
    const response = await send(connection);
    expect(response.body.toString()).toBe('{"until":"close"}');
    expect(response.keepAlive).toBe(false);
    expect(connection.usable).toBe(false);
  });

  it('does not keep a connection the device answers with Connection: close', async () => {
    const device = await server(writes(http11('{}', 'Connection: close')));
    expect((await send(await connect(device))).keepAlive).toBe(false);
  });

  it('keeps an HTTP/1.1 connection whose answer has a Content-Length', async () => {
    const device = await server(writes(http11('{"a":1}')));
    const connection = await connect(device);
    const response = await send(connection);
    expect(response.body.toString()).toBe('{"a":1}');
    expect(response.keepAlive).toBe(true);
    expect(connection.usable).toBe(true);
  });

  it.each([204, 304])('completes a %i answer without waiting for a body', async (status) => {
    const device = await server(writes(`HTTP/1.1 ${status} Nothing\r\n\r\n`));
    const response = await send(await connect(device));
    expect(response.status).toBe(status);
    expect(response.body.length).toBe(0);
    expect(response.keepAlive).toBe(true);
  });

  it('skips an interim 1xx answer and returns the final one', async () => {
    const device = await server(
      writes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n' + http11('{}')),
    );
    const response = await send(await connect(device));
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('{}');
    expect(response.headers.link).toBeUndefined();
  });

  it('lower-cases header names and joins repeated fields with ", "', async () => {
    const device = await server(
      writes(http11('{}', 'X-Thing: a', 'Content-Type: application/json', 'X-THING: b')),
    );
    const { headers } = await send(await connect(device));
    expect(headers['x-thing']).toBe('a, b');
    expect(headers['content-type']).toBe('application/json');
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  it('reads fields named like Object members as plain fields, and drops one named __proto__', async () => {
    const device = await server(writes(http11('{}', 'Constructor: b', '__proto__: c', 'Constructor: d')));
    const { headers } = await send(await connect(device));
    expect(headers['constructor']).toBe('b, d');
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.keys(headers).sort()).toEqual(['constructor', 'content-length']);
  });

  it('records how long the device keeps an idle connection (Keep-Alive: timeout=N)', async () => {
    const device = await server(writes(http11('{}', 'Keep-Alive: timeout=7, max=100')));
    const connection = await connect(device);
    expect(connection.keepAliveMs).toBeUndefined();
    await send(connection);
    expect(connection.keepAliveMs).toBe(7000);
  });

  it('records nothing when the device gives no keep-alive timeout', async () => {
    const device = await server(writes(http11('{}', 'Keep-Alive: max=100')));
    const connection = await connect(device);
    await send(connection);
    expect(connection.keepAliveMs).toBeUndefined();
  });
});

describe('Http1Connection refusing bad answers', () => {
  it('refuses a Content-Length that is not a number', async () => {
    const device = await server(writes('HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n{}'));
    const connection = await connect(device);
    await expect(send(connection)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      detail: { cause: 'HPE_INVALID_CONTENT_LENGTH' },
    });
    expect(connection.usable).toBe(false);
  });

  it('refuses two different Content-Lengths', async () => {
    const device = await server(
      writes('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 4\r\n\r\n{}{}'),
    );
    await expect(send(await connect(device))).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('refuses a declared body over the cap and closes the connection', async () => {
    const closes = closesSeen();
    const device = await server(
      startRawServer((socket) => {
        closes.onSocket(socket);
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n{"a":');
      }),
    );
    const connection = await connect(device);
    await expect(send(connection, {}, { maxBodyBytes: 1000 })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('larger than 1000 bytes'),
      detail: { status: 200 },
    });
    expect(connection.usable).toBe(false);
    await expect.poll(() => closes.count, { timeout: 1000 }).toBe(1);
  });

  it('refuses a chunked body as soon as it passes the cap and closes the connection', async () => {
    const closes = closesSeen();
    const chunk = `258\r\n${'x'.repeat(600)}\r\n`; // 0x258 = 600 bytes
    const device = await server(
      startRawServer((socket) => {
        closes.onSocket(socket);
        socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' + chunk);
        setTimeout(() => socket.write(chunk), 20); // 1200 bytes: over; the end never comes
      }),
    );
    const connection = await connect(device);
    await expect(send(connection, {}, { maxBodyBytes: 1000 })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('larger than 1000 bytes'),
    });
    expect(connection.usable).toBe(false);
    await expect.poll(() => closes.count, { timeout: 1000 }).toBe(1);
  });

  it('accepts a body exactly at the cap', async () => {
    const device = await server(writes(http11('x'.repeat(1000))));
    const response = await send(await connect(device), {}, { maxBodyBytes: 1000 });
    expect(response.body.length).toBe(1000);
  });

  it('refuses an answer that is not HTTP', async () => {
    const device = await server(writes('SSH-2.0-dropbear\r\n\r\n'));
    const connection = await connect(device);
    await expect(send(connection)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('not HTTP'),
    });
    expect(connection.usable).toBe(false);
  });

  it('reports a device that closes in the middle of the body as unreachable', async () => {
    const device = await server(writesAndCloses('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"miner'));
    await expect(send(await connect(device))).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('closed the connection while sending its answer'),
      detail: { status: 200 },
    });
  });

  it('closes a connection on which the device sends bytes nobody asked for', async () => {
    const device = await server(
      startRawServer((socket) => {
        socket.write(http11('{}'));
        setTimeout(() => socket.write('HTTP/1.1 200 OK\r\n'), 20);
      }),
    );
    const connection = await connect(device);
    let closed = false;
    connection.onClose = () => {
      closed = true;
    };
    await send(connection);
    await expect.poll(() => closed, { timeout: 1000 }).toBe(true);
    expect(connection.usable).toBe(false);
  });
});

describe('Http1Connection writing requests', () => {
  it('sends a GET as one request line, the Host with its port, the given headers and keep-alive', async () => {
    let received = '';
    const device = await server(
      startRawServer((socket, bytes) => {
        received = bytes;
        socket.write(http11('{}'));
      }),
    );
    await send(await connect(device), { headers: { Accept: 'application/json', 'X-Api-Key': 'k1' } });
    expect(received).toBe(
      'GET /api/v1/status HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${device.port}\r\n` +
        'Accept: application/json\r\n' +
        'X-Api-Key: k1\r\n' +
        'Connection: keep-alive\r\n' +
        '\r\n',
    );
  });

  it('asks the device to close after the answer when the request is the last', async () => {
    let received = '';
    const device = await server(
      startRawServer((socket, bytes) => {
        received = bytes;
        socket.end(http11('{}', 'Connection: close'));
      }),
    );
    await send(await connect(device), {}, { last: true });
    expect(received).toContain('\r\nConnection: close\r\n\r\n');
    expect(received).not.toContain('keep-alive');
  });

  it.each([
    [{ scheme: 'http', port: 80 }, '127.0.0.1'],
    [{ scheme: 'https', port: 443 }, '127.0.0.1'],
    [{ scheme: 'http', port: 443 }, '127.0.0.1:443'],
    [{ scheme: 'https', port: 80 }, '127.0.0.1:80'],
    [{ host: '::1', port: 8080 }, '[::1]:8080'],
  ] as const)('sends the Host header for %o as %s', async (labelled, host) => {
    const device = await server(startHttpServer(answer(200, '{}')));
    await send(await connect(device, labelled));
    expect(device.requests[0]!.headers.host).toBe(host);
  });

  it('sends a POST body with its Content-Length', async () => {
    const device = await server(startHttpServer(answer(200, '{}')));
    const body = '{"pw":"é"}';
    await send(await connect(device), {
      method: 'POST',
      path: '/api/v1/unlock',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(device.requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/unlock', body });
    expect(device.requests[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it.each([
    ['a header value with CR LF', { headers: { Authorization: 'Bearer s3cret\r\nX-Evil: 1' } }],
    ['a header value with NUL', { headers: { Authorization: 'Bearer s3cret\0' } }],
    ['a header name with a space', { headers: { 'Bad Name': 's3cret' } }],
    ['a path with a space', { path: '/api/v1/status s3cret' }],
    ['a path with CR LF', { path: '/api/v1/status\r\nX-Evil: s3cret' }],
    ['a path without its leading slash', { path: 'api/v1/s3cret' }],
  ])('refuses %s without writing anything or echoing it', async (_case, request) => {
    let bytesReceived = 0;
    const device = await server(
      startRawServer((_socket, bytes) => {
        bytesReceived = bytes.length;
      }),
    );
    const connection = await connect(device);
    const error = await send(connection, request).then(
      () => undefined,
      (rejected: unknown) => rejected,
    );
    expect(error).toBeInstanceOf(DeviceError);
    expect(error).toMatchObject({ code: 'INVALID_INPUT' });
    expect((error as DeviceError).message).not.toContain('s3cret');
    expect(JSON.stringify(error)).not.toContain('s3cret');
    await sleep(50);
    expect(bytesReceived).toBe(0);
    expect(connection.usable).toBe(true);
  });
});

describe('Http1Connection stopping', () => {
  it('rejects with the reason of an abort and closes the socket', async () => {
    const closes = closesSeen();
    const device = await server(startRawServer((socket) => closes.onSocket(socket)));
    const connection = await connect(device);
    const controller = new AbortController();
    const pending = send(connection, {}, { signal: controller.signal });
    await sleep(50);
    const reason = new DeviceError('CANCELLED', 'stopped by the test');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(connection.usable).toBe(false);
    await expect.poll(() => closes.count, { timeout: 1000 }).toBe(1);
  });

  it('rejects at once, sending nothing, when the signal is already aborted', async () => {
    let requests = 0;
    const device = await server(
      startRawServer((socket) => {
        requests += 1;
        socket.write(http11('{}'));
      }),
    );
    const controller = new AbortController();
    const reason = new DeviceError('TIMEOUT', 'already over');
    controller.abort(reason);
    await expect(send(await connect(device), {}, { signal: controller.signal })).rejects.toBe(reason);
    await sleep(50);
    expect(requests).toBe(0);
  });

  it('destroy() fails the request in flight as cancelled and tells the owner once', async () => {
    const device = await server(startRawServer(() => undefined));
    const connection = await connect(device);
    let closes = 0;
    connection.onClose = () => {
      closes += 1;
    };
    const pending = send(connection);
    await sleep(20);
    connection.destroy();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    await sleep(20);
    expect(closes).toBe(1);
  });
});

describe('Http1Connection reuse', () => {
  it('carries a second request on the same connection, with nothing left of the first answer', async () => {
    const device = answerEach((n) =>
      n === 0 ? http11('{"n":0}', 'X-First: yes', 'Keep-Alive: timeout=9') : http11('{"n":1}'),
    );
    const raw = await server(startRawServer(device.onData));
    const connection = await connect(raw);
    expect(connection.reused).toBe(false);
    const first = await send(connection);
    expect(connection.reused).toBe(true);
    const second = await send(connection, { path: '/api/v1/summary' });
    expect(first.body.toString()).toBe('{"n":0}');
    expect(second.body.toString()).toBe('{"n":1}');
    expect(second.headers['x-first']).toBeUndefined();
    expect(connection.keepAliveMs).toBeUndefined();
    expect(raw.connections).toBe(1);
  });

  it('reports a reused connection the device closes before answering as stale', async () => {
    const device = await server(startRawServer(firstRequestOnly((socket) => socket.end())));
    const connection = await connect(device);
    await send(connection);
    const error = await send(connection).catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(StaleSocketError);
    expect((error as StaleSocketError).deviceError).toMatchObject({ code: 'UNREACHABLE' });
  });

  it('reports a reused connection the device resets before answering as stale', async () => {
    const device = await server(startRawServer(firstRequestOnly((socket) => socket.resetAndDestroy())));
    const connection = await connect(device);
    await send(connection);
    await expect(send(connection)).rejects.toBeInstanceOf(StaleSocketError);
  });

  it('reports a reused connection the device closed while idle as stale', async () => {
    const device = await server(
      startRawServer((socket) => {
        socket.write(http11('{}'));
        setTimeout(() => socket.end(), 20);
      }),
    );
    const connection = await connect(device);
    await send(connection);
    await expect.poll(() => connection.usable, { timeout: 1000 }).toBe(false);
    await expect(send(connection)).rejects.toBeInstanceOf(StaleSocketError);
  });

  it('reports a new connection the device closes before answering as unreachable, not stale', async () => {
    const device = await server(startRawServer((socket) => socket.end()));
    const error = await send(await connect(device)).catch((rejected: unknown) => rejected);
    expect(error).not.toBeInstanceOf(StaleSocketError);
    expect(error).toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('closed the connection'),
    });
  });

  it('does not call a connection stale once the answer had begun', async () => {
    const device = await server(
      startRawServer(
        firstRequestOnly((socket) => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n{')),
      ),
    );
    const connection = await connect(device);
    await send(connection);
    const error = await send(connection).catch((rejected: unknown) => rejected);
    expect(error).not.toBeInstanceOf(StaleSocketError);
    expect(error).toMatchObject({ code: 'UNREACHABLE', message: expect.stringContaining('while sending') });
  });
});
