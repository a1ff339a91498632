import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../../../electron/core/device/transport';
import type { LocalServer, TestCertificate } from './fakes/local-servers';
import {
  answer,
  refusedPort,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
  startRawServer,
} from './fakes/local-servers';
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
const { server, transport } = harness;
afterEach(() => harness.cleanup());

/** A device and a transport that has made one request to it, so the next one goes on the kept connection. */
async function afterOneRequest(started: Promise<LocalServer>) {
  const device = await server(started);
  const client = transport();
  await client.request(get(device.url));
  return { device, client };
}

describe('transport', () => {
  it('answers status, headers and the whole body', async () => {
    const device = await server(
      startHttpServer(answer(200, '{"a":1}', { 'Content-Type': 'application/json' })),
    );
    const response = await transport().request(get(device.url));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body.toString()).toBe('{"a":1}');
    expect(device.requests[0]).toMatchObject({ method: 'GET', path: '/api/v1/status' });
  });

  it('sends a POST body with its Content-Length', async () => {
    const device = await server(startHttpServer(answer(200, '{}')));
    await transport().request({ ...get(device.url, '/api/v1/unlock'), method: 'POST', body: '{"pw":"é"}' });
    expect(device.requests[0]).toMatchObject({ method: 'POST', body: '{"pw":"é"}' });
    expect(device.requests[0]!.headers['content-length']).toBe(String(Buffer.byteLength('{"pw":"é"}')));
  });

  it('keeps the connection alive between calls to one device', async () => {
    const device = await server(startHttpServer(answer(200, '{}')));
    const client = transport();
    await client.request(get(device.url));
    await client.request(get(device.url, '/api/v1/summary'));
    await client.request(get(device.url, '/api/v1/info'));
    expect(device.requests).toHaveLength(3);
    expect(device.connections).toBe(1);
  });

  it('the idle-socket timeout never cuts a slow answer', async () => {
    const device = await server(
      startHttpServer((_request, res) => {
        setTimeout(() => res.end('{}'), 300);
      }),
    );
    const response = await transport({ idleSocketTimeoutMs: 50 }).request(get(device.url));
    expect(response.status).toBe(200);
  });

  it('opens at most maxSockets connections to one device', async () => {
    const device = await server(
      startHttpServer((_request, res) => {
        setTimeout(() => res.end('{}'), 50);
      }),
    );
    const client = transport({ maxSockets: 2 });
    await Promise.all(Array.from({ length: 6 }, () => client.request(get(device.url))));
    expect(device.requests).toHaveLength(6);
    expect(device.connections).toBe(2);
  });

  it('refuses a body whose Content-Length is over 1 MiB without reading it', async () => {
    const device = await server(
      startHttpServer((_request, res) => {
        res.writeHead(200, { 'Content-Length': String(6 * MiB) });
        res.write(Buffer.alloc(1024));
      }),
    );
    await expect(transport().request(get(device.url))).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('answer larger than 1 MiB'),
    });
  });

  it('refuses a streamed body as soon as it passes the cap', async () => {
    const device = await server(
      startHttpServer((_request, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' }); // chunked: no length announced
        for (let i = 0; i < 6; i += 1) res.write(Buffer.alloc(MiB, 0x20));
        res.end();
      }),
    );
    await expect(transport().request(get(device.url))).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('honours a smaller cap from the options', async () => {
    const device = await server(startHttpServer(answer(200, Buffer.alloc(2048))));
    await expect(transport({ maxBodyBytes: 1000 }).request(get(device.url))).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringContaining('larger than 1000 bytes'),
    });
  });

  it('times out on a device that accepts and never answers', async () => {
    const device = await server(startRawServer(() => undefined));
    const started = Date.now();
    await expect(transport().request(get(device.url), { totalTimeoutMs: 200 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: expect.stringContaining('did not answer within 200 ms'),
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('times out on a device that stops in the middle of the body (client-wide option)', async () => {
    const device = await server(
      startRawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"a":')),
    );
    await expect(transport({ totalTimeoutMs: 200 }).request(get(device.url))).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('reports a reset in the middle of the body as unreachable', async () => {
    const device = await server(
      startRawServer((socket) => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{"miner_state":', () =>
          socket.resetAndDestroy(),
        );
      }),
    );
    await expect(transport().request(get(device.url))).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('while sending its answer'),
    });
  });

  it('reports a connection closed before the body is complete as unreachable', async () => {
    const device = await server(
      startRawServer((socket) =>
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{"miner_state":'),
      ),
    );
    await expect(transport().request(get(device.url))).rejects.toMatchObject({ code: 'UNREACHABLE' });
  });

  it('reads a body that ends with the connection (no Content-Length)', async () => {
    const device = await server(
      startRawServer((socket) => socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{"a":1}')),
    );
    const response = await transport().request(get(device.url));
    expect(response.body.toString()).toBe('{"a":1}');
  });

  it('keeps every body whole while many answers arrive at once (reads share one buffer)', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ device: i, pad: 'x'.repeat(3000 + i) }),
    );
    const devices = await Promise.all(bodies.map((body) => server(startHttpServer(answer(200, body)))));
    const client = transport();
    const answers = await Promise.all(
      devices.flatMap((d) => [client.request(get(d.url)), client.request(get(d.url, '/api/v1/summary'))]),
    );
    expect(answers.map((a) => a.body.toString())).toEqual(bodies.flatMap((b) => [b, b]));
  });

  it('refuses a device that talks before it is asked', async () => {
    const device = await server(
      startRawServer(
        () => undefined,
        (socket) => socket.write('HELLO\r\n'),
      ),
    );
    await expect(transport().request(get(device.url), { totalTimeoutMs: 1000 })).rejects.toMatchObject({
      code: expect.stringMatching(/^(UNREACHABLE|BAD_RESPONSE)$/),
    });
  });

  it('reports a refused connection as unreachable, with the cause', async () => {
    const port = await refusedPort();
    await expect(transport().request(get(`127.0.0.1:${port}`))).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('refused the connection'),
      detail: { cause: 'ECONNREFUSED' },
      cause: expect.objectContaining({ code: 'ECONNREFUSED' }),
    });
  });

  it('reports an answer that is not HTTP as a bad response', async () => {
    const device = await server(startRawServer((socket) => socket.end('SSH-2.0-dropbear\r\n\r\n')));
    await expect(transport().request(get(device.url))).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('cancels at once on abort and destroys the socket', async () => {
    let serverSocketClosed = false;
    const device = await server(
      startRawServer((socket) => {
        socket.on('close', () => {
          serverSocketClosed = true;
        });
      }),
    );
    const controller = new AbortController();
    const pending = transport().request(get(device.url), {
      signal: controller.signal,
      totalTimeoutMs: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(Date.now() - started).toBeLessThan(100);
    await expect.poll(() => serverSocketClosed, { timeout: 1000 }).toBe(true);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const device = await server(startHttpServer(answer(200, '{}')));
    const controller = new AbortController();
    controller.abort();
    await expect(transport().request(get(device.url), { signal: controller.signal })).rejects.toMatchObject({
      code: 'CANCELLED',
    });
    expect(device.connections).toBe(0);
  });

  it('close() cancels calls in flight and refuses later ones', async () => {
    const device = await server(startRawServer(() => undefined));
    const client = createTransport();
    const pending = client.request(get(device.url));
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.close();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(client.request(get(device.url))).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(device.connections).toBe(1);
  });

  describe('keep-alive hints from the device', () => {
    it('reuses the connection of a device that keeps it 5 s when the next request comes 100 ms later', async () => {
      const device = answerEach(() => http11('{}', 'Connection: keep-alive', 'Keep-Alive: timeout=5'));
      const raw = await server(startRawServer(device.onData));
      const client = transport({ idleSocketTimeoutMs: 10_000 });
      await client.request(get(raw.url));
      await sleep(100);
      const second = await client.request(get(raw.url, '/api/v1/summary'));
      expect(second.body.toString()).toBe('{}');
      expect(raw.connections).toBe(1);
      expect(device.log.closed).toBe(0);
    });

    it('opens a new connection to a device that keeps one only 1 s once 750 ms passed, and closes the old one', async () => {
      const device = answerEach(() => http11('{}', 'Connection: keep-alive', 'Keep-Alive: timeout=1'));
      const raw = await server(startRawServer(device.onData));
      const client = transport({ idleSocketTimeoutMs: 10_000 });
      await client.request(get(raw.url));
      await sleep(800);
      await client.request(get(raw.url, '/api/v1/summary'));
      expect(raw.connections).toBe(2);
      await expect.poll(() => device.log.closed, { timeout: 1000 }).toBeGreaterThanOrEqual(1);
    });
  });

  describe('a request on a kept connection (stopped through the connection, no controller of its own)', () => {
    /** Answers the first request on each connection; later ones get nothing. */
    const hangsOnReusedSockets = () => startRawServer(firstRequestOnly());

    it('times out, closes that connection and the next request opens a fresh one', async () => {
      const { device, client } = await afterOneRequest(hangsOnReusedSockets());
      await expect(client.request(get(device.url), { totalTimeoutMs: 150 })).rejects.toMatchObject({
        code: 'TIMEOUT',
        message: expect.stringContaining('did not answer within 150 ms'),
      });
      const third = await client.request(get(device.url));
      expect(third.status).toBe(200);
      expect(device.connections).toBe(2);
    });

    it("is cancelled at once by the caller's signal, and the socket is destroyed", async () => {
      const { device, client } = await afterOneRequest(hangsOnReusedSockets());
      const controller = new AbortController();
      const pending = client.request(get(device.url), { signal: controller.signal, totalTimeoutMs: 10_000 });
      await sleep(50);
      const started = Date.now();
      controller.abort();
      await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(Date.now() - started).toBeLessThan(100);
      expect((await client.request(get(device.url))).status).toBe(200);
      expect(device.connections).toBe(2);
    });

    it('is cancelled by close()', async () => {
      const device = await server(hangsOnReusedSockets());
      const client = createTransport();
      await client.request(get(device.url));
      const pending = client.request(get(device.url), { totalTimeoutMs: 10_000 });
      await sleep(50);
      client.close();
      await expect(pending).rejects.toMatchObject({
        code: 'CANCELLED',
        message: expect.stringContaining('closed while the request ran'),
      });
    });

    it('a signal aborted after its answer never reaches the next request on that connection', async () => {
      const device = await server(startHttpServer(answer(200, '{}')));
      const client = transport();
      const first = new AbortController();
      await client.request(get(device.url), { signal: first.signal });
      const second = client.request(get(device.url, '/api/v1/summary'));
      first.abort();
      expect((await second).status).toBe(200);
      expect(device.connections).toBe(1);
    });
  });

  describe('a keep-alive socket the device dropped while idle', () => {
    /** Answers the first request on each connection, resets the connection on the second. */
    const dropsReusedSockets = () => startRawServer(firstRequestOnly((socket) => socket.resetAndDestroy()));

    it('a GET is sent once more on a fresh connection', async () => {
      const { device, client } = await afterOneRequest(dropsReusedSockets());
      const second = await client.request(get(device.url));
      expect(second.status).toBe(200);
      expect(device.connections).toBe(2);
    });

    it('a POST is never resent', async () => {
      const { device, client } = await afterOneRequest(dropsReusedSockets());
      const post = { ...get(device.url, '/api/v1/unlock'), method: 'POST' as const, body: '{"pw":"x"}' };
      await expect(client.request(post)).rejects.toMatchObject({ code: 'UNREACHABLE' });
      expect(device.connections).toBe(1);
    });
  });
});

describe('transport over https', () => {
  let certificate: TestCertificate;
  beforeAll(async () => {
    certificate = await selfSignedCertificate();
  });

  const pinnedTo = (port: number) => ({
    tlsPins: { get: (key: string) => (key === `127.0.0.1:${port}` ? certificate.fingerprint256 : undefined) },
  });

  /** An https device that offers keep-alive whatever it is asked, so only the client can end a connection. */
  async function keepAliveTlsDevice() {
    const device = answerEach(() => http11('{}', 'Connection: keep-alive', 'Keep-Alive: timeout=30'));
    const sockets = new Set<tls.TLSSocket>();
    const tlsServer = tls.createServer({ cert: certificate.cert, key: certificate.key }, (socket) => {
      sockets.add(socket);
      let received = '';
      socket.on('error', () => undefined);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        device.onData(socket, received);
      });
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', () => resolve()));
    const port = (tlsServer.address() as AddressInfo).port;
    harness.defer(() => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => tlsServer.close(resolve));
    });
    return { url: `https://127.0.0.1:${port}`, port, log: device.log };
  }

  it('closes its connection after each request, even when the device offers keep-alive', async () => {
    const device = await keepAliveTlsDevice();
    const client = transport(pinnedTo(device.port));
    await client.request(get(device.url));
    await client.request(get(device.url, '/api/v1/summary'));
    await expect.poll(() => device.log.closed, { timeout: 1000 }).toBe(2);
    expect(device.log.open).toBe(0);
  });

  it('asks the device to close the connection after its answer', async () => {
    const device = await server(startHttpsServer(certificate, answer(200, '{}')));
    const client = transport(pinnedTo(device.port));
    await client.request(get(device.url));
    await client.request(get(device.url));
    expect(device.connections).toBe(2);
    expect(device.requests.map((request) => request.headers.connection)).toEqual(['close', 'close']);
  });
});
