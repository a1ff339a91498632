/**
 * One HTTP/1.1 connection to a device, carrying one request at a time: the request goes out as one write,
 * the answer is read by http-parser-js (Content-Length, chunked or until close), with the body cap enforced
 * while reading, and a cap on every byte of the answer (see ANSWER_FRAMING_BYTES).
 *
 * Why not Node's `http.request`: the monitor makes ~600 requests a second at 2,000 devices, and Node's
 * client (a ClientRequest and an IncomingMessage stream per request, the agent's per-socket timers) costs
 * about twice what a socket and a parser cost for the same exchange (benchmark on a 2-core laptop: 690 vs
 * 435 µs a poll with a connection per poll, 530 vs 320 µs with the connection kept). A device exchange is
 * small and plain — a GET or a short JSON POST, an answer of a few kilobytes — so this is all it needs.
 * Why http-parser-js: a well-kept, dependency-free parser with Node's parser interface; parsing HTTP by
 * hand is where clients go wrong (chunked bodies, duplicate lengths, bare `\n`).
 *
 * Errors are DeviceErrors with the same words the rest of the client uses (network-errors.ts). A request on
 * a reused connection that the device had closed while it was idle fails with a StaleSocketError, so the
 * transport can send a GET once more on a fresh connection.
 *
 * Beside it: the request's bytes (http1-request.ts), what is read of an answer beyond the parser and its
 * limits (http1-answer.ts), and the shared read buffer of plain sockets (shared-buffer-reads.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { cancelledRequest, DeviceError } from './device-error';
import type { TransportRequest } from './http-exchange';
import type { AnswerInProgress, Http1Answer } from './http1-answer';
import {
  ANSWER_FRAMING_BYTES,
  answerInProgress,
  answerTooLarge,
  closedEarly,
  headersOf,
  invalidContentLength,
  keepAliveMsOf,
} from './http1-answer';
import { hostHeaderOf, serializeRequest } from './http1-request';
import { hostPort, toDeviceError } from './network-errors';
import type { SharedBufferReads } from './shared-buffer-reads';

/**
 * The device closed an idle keep-alive connection just as we reused it; nothing reached the device. The
 * transport may retry a GET once; otherwise it reports `deviceError`.
 */
export class StaleSocketError extends Error {
  constructor(readonly deviceError: DeviceError) {
    super(deviceError.message);
    this.name = 'StaleSocketError';
  }
}

export interface Http1RequestOptions {
  /** The body's cap; the whole answer may be ANSWER_FRAMING_BYTES more (headers, chunk framing, trailers). */
  maxBodyBytes: number;
  /**
   * Aborted on timeout, cancel or close; its `reason` is the DeviceError to report. Without one, the owner
   * stops the request with `abort(reason)` (cheaper for a request on a kept connection: no controller).
   */
  signal?: AbortSignal;
  /** `Connection: close` instead of keep-alive: the connection ends with this answer. */
  last?: boolean;
}

export class Http1Connection {
  private readonly parser = new HTTPParser(HTTPParser.RESPONSE);
  private readonly where: string;
  private readonly hostHeader: string;
  private pending: AnswerInProgress | undefined;
  private closed = false;
  /** Answers read on this connection: a request on a used connection may meet one the device dropped. */
  private answers = 0;
  /** When the connection last became idle (for the pool). */
  idleSince = 0;
  /** How long the device keeps an idle connection, when it said so (`Keep-Alive: timeout=N`). */
  keepAliveMs: number | undefined;
  /** Called once when the socket is gone, whoever closed it. */
  onClose: (() => void) | undefined;

  /**
   * `reads`: the socket was opened with `reads.option` as its `onread`, so its bytes come from there;
   * otherwise (TLS sockets) from 'data' events.
   */
  constructor(
    private readonly socket: Socket,
    readonly address: DeviceAddress,
    reads?: SharedBufferReads,
  ) {
    this.where = hostPort(address);
    this.hostHeader = hostHeaderOf(address);
    this.parser[HTTPParser.kOnHeadersComplete] = (info) => this.onHeaders(info);
    this.parser[HTTPParser.kOnBody] = (chunk, offset, length) => this.onBody(chunk, offset, length);
    this.parser[HTTPParser.kOnMessageComplete] = () => this.onComplete();
    socket.setNoDelay(true);
    if (reads === undefined) socket.on('data', (chunk: Buffer) => this.onData(chunk));
    else {
      reads.deliverTo((chunk) => this.onData(chunk));
      if (reads.unsolicited) this.closeSocket(); // bytes nobody asked for (see onData)
    }
    socket.on('end', () => this.onEnd());
    socket.on('error', (error) => this.fail(toDeviceError(error, address, this.phase())));
    socket.on('close', () => this.onSocketClose());
  }

  /** Still connected and not carrying a request. */
  get usable(): boolean {
    return !this.closed && this.pending === undefined && !this.socket.destroyed;
  }

  get reused(): boolean {
    return this.answers > 0;
  }

  request(req: TransportRequest, options: Http1RequestOptions): Promise<Http1Answer> {
    if (!this.usable) {
      const gone = closedEarly(this.where, undefined);
      return Promise.reject(this.reused ? new StaleSocketError(gone) : gone);
    }
    const bytes = serializeRequest(req, this.hostHeader, options.last === true);
    if (bytes instanceof Error) return Promise.reject(toDeviceError(bytes, this.address));
    // A signal aborted before this call fires no `abort` event: without this the request would go out.
    if (options.signal?.aborted === true) return Promise.reject(options.signal.reason as Error);
    return new Promise<Http1Answer>((resolve, reject) => {
      this.pending = answerInProgress(resolve, reject, options);
      options.signal?.addEventListener('abort', this.onAbort, { once: true });
      this.socket.write(bytes);
    });
  }

  /** Ends the connection; a request in flight fails with `CANCELLED`. */
  destroy(): void {
    // Mostly idle connections closed by the pool: no request, so no error to build (a stack trace each).
    if (this.pending !== undefined) this.fail(cancelledRequest(this.where));
    this.closeSocket();
  }

  /**
   * Ends the request in flight with `reason` and closes the connection (its answer can no longer be told
   * from the next one's). No request in flight: nothing happens — the connection may already carry
   * someone else's.
   */
  abort(reason: Error): void {
    if (this.pending === undefined) return;
    this.fail(reason);
    this.closeSocket();
  }

  private readonly onAbort = (): void => {
    const reason: unknown = this.pending?.signal?.reason;
    this.abort(reason instanceof Error ? reason : cancelledRequest(this.where));
  };

  private phase(): 'connect' | 'answer' {
    return this.pending?.headers !== undefined ? 'answer' : 'connect';
  }

  private onData(chunk: Buffer): void {
    if (this.pending === undefined) {
      this.closeSocket(); // bytes nobody asked for: the connection's framing can no longer be trusted
      return;
    }
    // Counted before the parser sees the bytes: whatever it keeps of them stays within the cap.
    this.pending.received += chunk.length;
    if (this.pending.received > this.pending.maxBodyBytes + ANSWER_FRAMING_BYTES) {
      this.tooLarge(' (counting its headers and chunk framing)');
      return;
    }
    const result = this.parser.execute(chunk);
    if (result instanceof Error) {
      const code = (result as { code?: unknown }).code;
      if (typeof code !== 'string') Object.assign(result, { code: 'HPE_HEADER_OVERFLOW' });
      this.fail(toDeviceError(result, this.address, 'answer'));
      this.closeSocket();
    }
  }

  private onHeaders(info: { statusCode: number; headers: string[]; shouldKeepAlive: boolean }): number {
    const pending = this.pending;
    if (pending === undefined) return 0;
    // An interim answer (100 Continue, 103 Early Hints; 101 is an upgrade) has no body and the final one
    // follows on the same connection: skip it, as Node's client does. `pending.headers` stays unset, so
    // onComplete waits for the final answer.
    const status = info.statusCode;
    if (status >= 100 && status < 200 && status !== 101) return 1;
    const headers = headersOf(info.headers);
    pending.status = info.statusCode;
    pending.headers = headers as IncomingHttpHeaders;
    pending.keepAlive = info.shouldKeepAlive;
    // Failing here (never throwing: the parser would pass it up through the socket's data event) clears
    // `pending`, so the parser's further callbacks for this answer find nothing to fill.
    const declared = headers['content-length'];
    const invalid = invalidContentLength(declared);
    if (invalid !== undefined) {
      this.fail(toDeviceError(invalid, this.address, 'answer'));
      this.closeSocket();
      return 1;
    }
    if (declared !== undefined && Number(declared) > pending.maxBodyBytes) {
      this.tooLarge(); // decided before a byte of the body is read
      return 1;
    }
    this.keepAliveMs = keepAliveMsOf(headers);
    // No body can follow a 101, 204 or 304 (RFC 9112 §6.3).
    return status === 101 || status === 204 || status === 304 ? 1 : 0;
  }

  private onBody(chunk: Buffer, offset: number, length: number): void {
    const pending = this.pending;
    if (pending === undefined) return;
    pending.size += length;
    if (pending.size > pending.maxBodyBytes) {
      this.tooLarge();
      return;
    }
    // A copy: the chunk may be the shared read buffer, overwritten by the next read.
    pending.chunks.push(Buffer.from(chunk.subarray(offset, offset + length)));
  }

  /** `counting`: what was counted, when more than the body (the answer's framing too; answerTooLarge says it). */
  private tooLarge(counting = ''): void {
    const pending = this.pending;
    if (pending === undefined) return;
    const status = pending.headers !== undefined ? pending.status : undefined;
    this.fail(answerTooLarge(this.where, pending.maxBodyBytes, status, counting));
    this.closeSocket();
  }

  /** Closes at once and tells the owner now, not at the socket's later `close` event: the slot is free. */
  private closeSocket(): void {
    this.closed = true;
    this.socket.destroy();
    this.notifyClosed();
  }

  private notifyClosed(): void {
    const onClose = this.onClose;
    this.onClose = undefined;
    onClose?.();
  }

  private onComplete(): void {
    const pending = this.pending;
    if (pending === undefined || pending.headers === undefined) return;
    this.pending = undefined;
    this.answers += 1;
    pending.signal?.removeEventListener('abort', this.onAbort);
    const body = pending.chunks.length === 1 ? (pending.chunks[0] as Buffer) : Buffer.concat(pending.chunks);
    pending.resolve({ status: pending.status, headers: pending.headers, body, keepAlive: pending.keepAlive });
  }

  /** The device closed its side: a body delimited by the close ends here; anything else was cut short. */
  private onEnd(): void {
    if (this.pending !== undefined) {
      const result = this.parser.finish();
      if (result instanceof Error || this.pending !== undefined) this.failClosed();
    }
    this.closeSocket();
  }

  private onSocketClose(): void {
    this.closed = true;
    if (this.pending !== undefined) this.failClosed();
    this.notifyClosed();
  }

  private failClosed(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.fail(closedEarly(this.where, pending.headers !== undefined ? pending.status : undefined));
  }

  /** Rejects the request in flight; a reset before any answer on a reused connection is a stale socket. */
  private fail(error: Error): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    pending.signal?.removeEventListener('abort', this.onAbort);
    const stale =
      this.reused &&
      pending.headers === undefined &&
      error instanceof DeviceError &&
      error.code === 'UNREACHABLE' &&
      ['ECONNRESET', 'EPIPE'].includes(error.detail.cause ?? '');
    pending.reject(stale ? new StaleSocketError(error) : error);
  }
}
