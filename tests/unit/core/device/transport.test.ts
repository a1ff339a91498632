import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceAddress } from '../../../../shared/domain/device-address';
import { parseDeviceAddress } from '../../../../shared/domain/device-address';
import type { Transport, TransportOptions } from '../../../../electron/core/device/transport';
import { createTransport } from '../../../../electron/core/device/transport';
import type { LocalServer } from './fakes/local-servers';
import { answer, refusedPort, startHttpServer, startRawServer } from './fakes/local-servers';

const MiB = 1024 * 1024;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function address(url: string): DeviceAddress {
  const parsed = parseDeviceAddress(url);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function transport(options: TransportOptions = {}): Transport {
  const created = createTransport(options);
  cleanups.push(() => created.close());
  return created;
}

async function server<T extends LocalServer>(started: Promise<T>): Promise<T> {
  const s = await started;
  cleanups.push(() => s.close());
  return s;
}

const get = (url: string, path = '/api/v1/status') => ({
  address: address(url),
  method: 'GET' as const,
  path,
  headers: { Accept: 'application/json' },
});

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

  describe('a keep-alive socket the device dropped while idle', () => {
    /** Answers the first request on each connection, resets the connection on the second. */
    const dropsReusedSockets = () =>
      startRawServer((socket, received) => {
        const requests = received.split('\r\n\r\n').length - 1;
        if (requests === 1)
          socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
        else socket.resetAndDestroy();
      });

    it('a GET is sent once more on a fresh connection', async () => {
      const device = await server(dropsReusedSockets());
      const client = transport();
      await client.request(get(device.url));
      const second = await client.request(get(device.url));
      expect(second.status).toBe(200);
      expect(device.connections).toBe(2);
    });

    it('a POST is never resent', async () => {
      const device = await server(dropsReusedSockets());
      const client = transport();
      await client.request(get(device.url));
      const post = { ...get(device.url, '/api/v1/unlock'), method: 'POST' as const, body: '{"pw":"x"}' };
      await expect(client.request(post)).rejects.toMatchObject({ code: 'UNREACHABLE' });
      expect(device.connections).toBe(1);
    });
  });
});
