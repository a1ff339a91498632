/**
 * One HTTP exchange with a device: request out, `{status, headers, body}` back, or a DeviceError.
 *
 * Node's own sockets (docs/design.md: not fetch, not Electron's `net`) because we need them: a connect timeout
 * separate from the total timeout (a silent LAN host must fail fast), a body cap enforced while reading,
 * abort that destroys the socket at once, and TLS handshakes we verify ourselves before any byte is sent
 * (see tls-pinning.ts). Each exchange is one HTTP/1.1 request on an Http1Connection. Plain http goes
 * through one bounded keep-alive pool (connection-pool.ts), so a poll of `/status` then `/summary` costs
 * one connection, the next poll reuses it where the device allows, and a fleet never opens unbounded
 * sockets. https connections are opened and verified per request and not pooled: a pooled socket would
 * outlive a pin the user revokes, and devices in the field serve plain http.
 */
import { message } from '../../../shared/i18n/message';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { listenForAbort } from './abort-fanout';
import { ConnectionPool } from './connection-pool';
import { cancelledRequest, DeviceError } from './device-error';
import type { TransportRequest, TransportResponse } from './http-exchange';
import type { Http1Answer } from './http1-answer';
import { Http1Connection, StaleSocketError } from './http1-connection';
import { hostPort } from './network-errors';
import type { TlsPins } from './tls-pinning';
import { connectPinnedTls } from './tls-pinning';

/** Devices answer in kilobytes; anything over a mebibyte is a fault, not data. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A device on the LAN accepts within milliseconds; 1.5 s leaves room for a busy switch or ARP. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1500;
/** Devices are slow embedded boxes: a `/summary` can take a second or two while mining. */
export const DEFAULT_TOTAL_TIMEOUT_MS = 5000;

/** Per-call knobs; anything left out falls back to the transport's options. */
export interface CallOptions {
  /** Aborting destroys the socket at once; the call rejects with `CANCELLED`. */
  signal?: AbortSignal;
  /** Time for the TCP connection to be accepted. */
  connectTimeoutMs?: number;
  /** Time for the whole exchange: connect, TLS, request, the complete body. */
  totalTimeoutMs?: number;
  /**
   * The least time the whole exchange gets, whatever `totalTimeoutMs` or the transport's option says: an
   * unlock nobody waits on still waits this long for the device's verdict (credentials/session-unlock.ts).
   */
  minTotalTimeoutMs?: number;
  /**
   * Handed the body of a 2xx answer before the client reads it (the client, not the transport): a caller
   * that keeps the body (the monitor, for the device's raw JSON) keeps these bytes rather than the parsed
   * value. Valid only during the call: copy what is kept.
   */
  onBody?: (body: Buffer) => void;
}

export interface TransportOptions {
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Connections per device (embedded web servers dislike many); default 2. */
  maxSockets?: number;
  /** Connections across the fleet; default 512. */
  maxTotalSockets?: number;
  /**
   * Idle keep-alive connections close after this (default 4 s), or a second before the device said it
   * closes them, whichever comes first.
   */
  idleSocketTimeoutMs?: number;
  /** Body cap in bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** Fingerprints the user trusted, for https devices with self-signed certificates. */
  tlsPins?: TlsPins;
  /** Extra trusted root certificates (PEM), e.g. a site's own CA. */
  ca?: readonly string[];
}

export interface Transport {
  request(request: TransportRequest, call?: CallOptions): Promise<TransportResponse>;
  /** How much longer a GET can reuse the device's kept connection (ms), or undefined when there is none. */
  keptConnectionMs?(address: DeviceAddress): number | undefined;
  /** Closes idle sockets and cancels calls in flight; later calls reject with `CANCELLED`. */
  close(): void;
}

const positive = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;

/**
 * One request in flight and every way it can be stopped (its timeout, the caller's signal, `close()`).
 * A request on a kept connection is stopped through the connection itself; an AbortController (a few
 * microseconds and a listener list each, at ~600 requests a second) is made only when something takes a
 * signal: a connect, a wait for room in the pool, a TLS handshake.
 */
class RunningRequest {
  /** Set once: the DeviceError the request ends with. */
  stoppedWith: DeviceError | undefined;
  /** The connection carrying the request, while it does. */
  connection: Http1Connection | undefined;
  private controller: AbortController | undefined;

  stop(error: DeviceError): void {
    if (this.stoppedWith !== undefined) return;
    this.stoppedWith = error;
    this.controller?.abort(error);
    this.connection?.abort(error);
  }

  /** A signal for the steps that take one, aborted (with the reason) if the request already stopped. */
  signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.stoppedWith !== undefined) this.controller.abort(this.stoppedWith);
    }
    return this.controller.signal;
  }
}

export function createTransport(options: TransportOptions = {}): Transport {
  const pool = new ConnectionPool({
    maxSocketsPerDevice: positive(options.maxSockets, 2),
    maxTotalSockets: positive(options.maxTotalSockets, 512),
    idleTimeoutMs: positive(options.idleSocketTimeoutMs, 4000),
  });
  const maxBodyBytes = positive(options.maxBodyBytes, MAX_BODY_BYTES);
  const inFlight = new Set<RunningRequest>();
  let closed = false;

  /** https: a connection of its own, verified before the request and closed after the answer. */
  async function overTls(
    req: TransportRequest,
    connectTimeoutMs: number,
    run: RunningRequest,
  ): Promise<Http1Answer> {
    const signal = run.signal();
    const socket = await connectPinnedTls(req.address, {
      pins: options.tlsPins,
      ca: options.ca,
      connectTimeoutMs,
      signal,
    });
    const connection = new Http1Connection(socket, req.address);
    try {
      return await connection.request(req, { maxBodyBytes, signal, last: true });
    } finally {
      connection.destroy();
    }
  }

  /** http: a pooled connection, kept for the next request when the answer allows it. */
  async function overPool(
    req: TransportRequest,
    connectTimeoutMs: number,
    run: RunningRequest,
  ): Promise<Http1Answer> {
    const resendable = req.method === 'GET';
    const connection =
      pool.takeIdleNow(req.address, resendable) ??
      (await pool.acquire(req.address, connectTimeoutMs, run.signal(), resendable));
    let answer: Http1Answer | undefined;
    try {
      // Stopped while the connection was being handed over: send nothing.
      if (run.stoppedWith !== undefined) throw run.stoppedWith;
      run.connection = connection;
      answer = await connection.request(req, { maxBodyBytes });
      return answer;
    } finally {
      // Forgotten before it goes back to the pool: a late stop must never reach the next request on it.
      run.connection = undefined;
      pool.release(connection, answer?.keepAlive === true);
    }
  }

  async function request(req: TransportRequest, call: CallOptions = {}): Promise<TransportResponse> {
    const where = hostPort(req.address);
    if (closed)
      throw new DeviceError(
        'CANCELLED',
        `The device client is closed; nothing was sent to ${where}.`,
        {},
        { text: message('errors.device.clientClosed', { where }) },
      );
    if (call.signal?.aborted) throw cancelledRequest(where);
    const connectTimeoutMs = positive(
      call.connectTimeoutMs ?? options.connectTimeoutMs,
      DEFAULT_CONNECT_TIMEOUT_MS,
    );
    const totalTimeoutMs = Math.max(
      positive(call.totalTimeoutMs ?? options.totalTimeoutMs, DEFAULT_TOTAL_TIMEOUT_MS),
      call.minTotalTimeoutMs ?? 0,
    );

    // Every reason to stop ends here, with the DeviceError to report.
    const run = new RunningRequest();
    const totalTimer = setTimeout(
      () =>
        run.stop(
          new DeviceError(
            'TIMEOUT',
            `${where} did not answer within ${totalTimeoutMs} ms.`,
            { cause: 'TOTAL_TIMEOUT' },
            { text: message('errors.device.pollTimeout', { where, ms: totalTimeoutMs }) },
          ),
        ),
      totalTimeoutMs,
    );
    // One listener on a signal however many requests share it (abort-fanout.ts).
    const stopListening =
      call.signal === undefined
        ? undefined
        : listenForAbort(call.signal, () => run.stop(cancelledRequest(where)));
    inFlight.add(run);
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const answer =
            req.address.scheme === 'https'
              ? await overTls(req, connectTimeoutMs, run)
              : await overPool(req, connectTimeoutMs, run);
          return { status: answer.status, headers: answer.headers, body: answer.body };
        } catch (error) {
          // A keep-alive connection the device closed while idle: the request never reached it, so a GET
          // is safe to send once more on a fresh connection. A POST (an unlock) is never resent.
          if (error instanceof StaleSocketError) {
            if (attempt === 0 && req.method === 'GET') continue;
            throw error.deviceError;
          }
          throw error;
        }
      }
    } finally {
      clearTimeout(totalTimer);
      stopListening?.();
      inFlight.delete(run);
    }
  }

  function close(): void {
    closed = true;
    for (const run of inFlight) {
      run.stop(
        new DeviceError(
          'CANCELLED',
          'The device client was closed while the request ran.',
          {},
          { text: message('errors.device.clientClosedRunning') },
        ),
      );
    }
    inFlight.clear();
    pool.close();
  }

  const keptConnectionMs = (address: DeviceAddress): number | undefined =>
    address.scheme === 'https' ? undefined : pool.keptFor(address);

  return { request, keptConnectionMs, close };
}
