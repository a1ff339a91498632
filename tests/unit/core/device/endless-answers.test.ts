/**
 * A device whose answer never ends its framing: `Transfer-Encoding: chunked`, then a chunk-size line that
 * never ends (`1;` and endless bytes), or endless trailer lines. The body cap alone never fires (no body
 * byte arrives), and http-parser-js keeps an unfinished line and every trailer without a limit, so one
 * request grew the process by hundreds of megabytes. Every byte of an answer counts against a cap now:
 * the request fails with BAD_RESPONSE after about a mebibyte, over http and over https, and the process
 * stays within 50 MB of where it started. Real loopback servers, the real transport.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestCertificate } from './fakes/local-servers';
import { selfSignedCertificate } from './fakes/local-servers';
import { get, loopbackHarness } from '../../../support/device-loopback';

const MiB = 1024 * 1024;
/** What a server sends at most: every loop in a test is bounded, and far beyond what the client may keep. */
const SERVER_LIMIT = 256 * MiB;
const RSS_HEADROOM = 50 * MiB;

const harness = loopbackHarness();
afterEach(() => harness.cleanup());

interface EndlessServer {
  url: string;
  port: number;
  /** Bytes written to the connection so far. */
  readonly sent: number;
  /** The client closed its side before the server reached its limit. */
  readonly cutOff: boolean;
}

/**
 * Answers the first request with `head`, then `piece` again and again (with backpressure, so the server
 * holds no more than a socket's buffer) until the client goes or SERVER_LIMIT is reached.
 */
async function endlessServer(
  scheme: 'http' | 'https',
  head: string,
  piece: Buffer,
  certificate?: TestCertificate,
): Promise<EndlessServer> {
  const state = { sent: 0, cutOff: false };
  const sockets = new Set<net.Socket>();
  const serve = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      if (state.sent < SERVER_LIMIT) state.cutOff = true;
    });
    let answered = false;
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (answered || !received.includes('\r\n\r\n')) return;
      answered = true;
      socket.write(head);
      state.sent += head.length;
      const more = (): void => {
        while (state.sent < SERVER_LIMIT && !socket.destroyed) {
          state.sent += piece.length;
          if (!socket.write(piece)) {
            socket.once('drain', more);
            return;
          }
        }
        socket.end();
      };
      more();
    });
  };
  const server =
    scheme === 'https'
      ? tls.createServer({ cert: certificate?.cert, key: certificate?.key }, serve)
      : net.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  harness.defer(
    () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  );
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    get sent() {
      return state.sent;
    },
    get cutOff() {
      return state.cutOff;
    },
  };
}

/** Runs `task`, sampling the process's RSS every few milliseconds: the highest seen above the start. */
async function rssGrowthDuring<T>(task: () => Promise<T>): Promise<{ outcome: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const outcome = await task();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { outcome, growth: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

const CHUNKED_HEAD =
  'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';

/** The two shapes of the review, as a head and the piece repeated after it. */
const SHAPES: [string, string, Buffer][] = [
  [
    'a chunk-size line that never ends (`1;` and endless bytes)',
    `${CHUNKED_HEAD}1;`,
    Buffer.alloc(64 * 1024, 'x'),
  ],
  [
    'endless trailer lines after the last chunk',
    `${CHUNKED_HEAD}2\r\n{}\r\n0\r\n`,
    Buffer.from(`X-Filler: ${'y'.repeat(1000)}\r\n`.repeat(64), 'latin1'),
  ],
];

describe('an answer whose framing never ends', () => {
  let certificate: TestCertificate;
  beforeAll(async () => {
    certificate = await selfSignedCertificate();
  });

  const transportFor = (scheme: 'http' | 'https', port: number) =>
    harness.transport({
      // Long enough that only the answer cap can end the request (the review saw the growth within 5 s).
      totalTimeoutMs: 60_000,
      ...(scheme === 'https'
        ? {
            tlsPins: {
              get: (key: string) => (key === `127.0.0.1:${port}` ? certificate.fingerprint256 : undefined),
            },
          }
        : {}),
    });

  for (const scheme of ['http', 'https'] as const) {
    for (const [label, head, piece] of SHAPES) {
      it(`${scheme}: ${label} fails as a bad response, within 50 MB`, async () => {
        const device = await endlessServer(scheme, head, piece, certificate);
        const client = transportFor(scheme, device.port);
        const { outcome, growth } = await rssGrowthDuring(() =>
          client.request(get(device.url)).then(
            () => undefined,
            (error: unknown) => error,
          ),
        );
        expect(outcome).toMatchObject({
          code: 'BAD_RESPONSE',
          message: `127.0.0.1:${device.port} sent an answer larger than 1 MiB (counting its headers and chunk framing).`,
        });
        expect(growth).toBeLessThan(RSS_HEADROOM);
        // The client let go once past the cap: the server never got near its own limit.
        await expect.poll(() => device.cutOff, { timeout: 2000 }).toBe(true);
        expect(device.sent).toBeLessThan(SERVER_LIMIT / 4);
      }, 60_000);
    }
  }
});
