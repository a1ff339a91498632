/**
 * Shared by the transport, connection and pool tests (tests/unit/core/device): device addresses for the
 * loopback servers of fakes/local-servers.ts, a GET as the client sends it, a harness that closes every
 * server, transport and pool a test opened, and small handlers for raw servers that keep connections open.
 */
import type { Socket } from 'node:net';
import type { DeviceAddress } from '../../shared/domain/device-address';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import type { TransportRequest } from '../../electron/core/device/http-exchange';
import type { Transport, TransportOptions } from '../../electron/core/device/transport';
import { createTransport } from '../../electron/core/device/transport';
import type { LocalServer, Responder } from '../unit/core/device/fakes/local-servers';

export function deviceAddress(url: string): DeviceAddress {
  const parsed = parseDeviceAddress(url);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

export const get = (url: string, path = '/api/v1/status'): TransportRequest => ({
  address: deviceAddress(url),
  method: 'GET',
  path,
  headers: { Accept: 'application/json' },
});

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoopbackHarness {
  /** Runs `cleanup` in afterEach, the last registered first. */
  defer(cleanup: () => unknown): void;
  /** A started server, closed after the test. */
  server<T extends LocalServer>(started: Promise<T>): Promise<T>;
  /** A transport, closed after the test. */
  transport(options?: TransportOptions): Transport;
  /** Call from afterEach. */
  cleanup(): Promise<void>;
}

export function loopbackHarness(): LoopbackHarness {
  const cleanups: (() => unknown)[] = [];
  const defer = (cleanup: () => unknown): void => {
    cleanups.push(cleanup);
  };
  return {
    defer,
    server: async (started) => {
      const s = await started;
      defer(() => s.close());
      return s;
    },
    transport: (options = {}) => {
      const created = createTransport(options);
      defer(() => created.close());
      return created;
    },
    cleanup: async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },
  };
}

export interface ConnectionLog {
  /** Server-side connections that carried a request and are still open. */
  readonly open: number;
  /** Server-side connections closed so far (by either side). */
  readonly closed: number;
}

/** Follows the server-side sockets a responder answers on, so a test sees when the client let go. */
export function trackConnections(respond: Responder): { respond: Responder; log: ConnectionLog } {
  const seen = new WeakSet<object>();
  const state = { open: 0, closed: 0 };
  const track = (socket: Socket): void => {
    if (seen.has(socket)) return;
    seen.add(socket);
    state.open += 1;
    socket.once('close', () => {
      state.open -= 1;
      state.closed += 1;
    });
  };
  return {
    respond: (request, res) => {
      track(res.socket as Socket);
      respond(request, res);
    },
    log: {
      get open() {
        return state.open;
      },
      get closed() {
        return state.closed;
      },
    },
  };
}

/**
 * A `startRawServer` handler that answers every request on a connection (GETs: a request ends at its
 * blank line) with `answer(n)`, n counting from 0 per connection, and records connection closes.
 */
export function answerEach(answer: (n: number) => string): {
  onData: (socket: Socket, received: string) => void;
  log: ConnectionLog;
} {
  const answered = new WeakMap<Socket, number>();
  const state = { open: 0, closed: 0 };
  return {
    onData: (socket, received) => {
      if (!answered.has(socket)) {
        state.open += 1;
        socket.once('close', () => {
          state.open -= 1;
          state.closed += 1;
        });
      }
      const requests = received.split('\r\n\r\n').length - 1;
      for (let n = answered.get(socket) ?? 0; n < requests; n += 1) socket.write(answer(n));
      answered.set(socket, requests);
    },
    log: {
      get open() {
        return state.open;
      },
      get closed() {
        return state.closed;
      },
    },
  };
}

/** An HTTP/1.1 answer with a Content-Length and the given extra header lines. */
export const http11 = (body: string, ...headerLines: string[]): string =>
  ['HTTP/1.1 200 OK', ...headerLines, `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n');

/**
 * A `startRawServer` handler that answers the first request on each connection (`{}`, keep-alive) and
 * hands every later one to `later` — a kept connection the device hangs on, closes or resets.
 */
export function firstRequestOnly(later: (socket: Socket) => void = () => undefined) {
  return (socket: Socket, received: string): void => {
    if (received.split('\r\n\r\n').length - 1 === 1) socket.write(http11('{}', 'Connection: keep-alive'));
    else later(socket);
  };
}
