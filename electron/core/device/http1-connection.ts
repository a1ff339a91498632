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
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError } from './device-error';
import { FIELD_VALUE } from './header-value';
import { hostPort, toDeviceError } from './network-errors';
import type { TransportRequest } from './http-exchange';

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

export interface Http1Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The connection may carry another request (HTTP/1.1 without `Connection: close`, a delimited body). */
  keepAlive: boolean;
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

interface Pending {
  resolve: (answer: Http1Answer) => void;
  reject: (error: Error) => void;
  maxBodyBytes: number;
  signal: AbortSignal | undefined;
  chunks: Buffer[];
  /** Body bytes so far. */
  size: number;
  /** Every byte received for this answer so far: status line, headers, chunk framing, trailers, body. */
  received: number;
  status: number;
  headers: IncomingHttpHeaders | undefined;
  keepAlive: boolean;
}

/** RFC 9110 token characters: what a header name may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PATH = /^\/[\x21-\x7e]*$/;
const KEEP_ALIVE_TIMEOUT = /(?:^|[\s,])timeout=(\d+)/i;

/**
 * What an answer may carry beyond its body: the status line, headers, chunk-size lines and their
 * extensions, trailers. The body cap alone does not bound memory: http-parser-js keeps a line it has not
 * seen the end of, and every trailer line, without a limit of its own (only the header section is capped,
 * at 80 KiB), so a device answering `1;` and then endless bytes, or endless trailer lines, would grow this
 * process by hundreds of megabytes within its timeout. Every byte received counts against the body cap
 * plus this; a device's headers and framing are a few hundred bytes.
 */
export const ANSWER_FRAMING_BYTES = 64 * 1024;

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

/** Node refuses such values before sending; so do we, with the same error code (never echoing the value). */
function invalidInput(): Error {
  return Object.assign(new Error('Invalid character in a request header or path'), {
    code: 'ERR_INVALID_CHAR',
  });
}

/** The request as bytes, or an error when a header or the path carries characters HTTP forbids. */
function serialize(req: TransportRequest, hostHeader: string, last: boolean): Buffer | Error {
  if (!PATH.test(req.path)) return invalidInput();
  let head = `${req.method} ${req.path} HTTP/1.1\r\nHost: ${hostHeader}\r\n`;
  for (const name of Object.keys(req.headers)) {
    const value = req.headers[name] ?? '';
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) return invalidInput();
    head += `${name}: ${value}\r\n`;
  }
  const body = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  if (body !== undefined) head += `Content-Length: ${body.length}\r\n`;
  head += last ? 'Connection: close\r\n\r\n' : 'Connection: keep-alive\r\n\r\n';
  const headBytes = Buffer.from(head, 'latin1');
  return body === undefined ? headBytes : Buffer.concat([headBytes, body]);
}

/** The Host header Node would send: the port only when it is not the scheme's default. */
function hostHeaderOf(address: DeviceAddress): string {
  const defaultPort = address.scheme === 'https' ? 443 : 80;
  if (address.port !== defaultPort) return hostPort(address);
  return address.host.includes(':') ? `[${address.host}]` : address.host;
}

/**
 * Header lines as Node presents them: lower-case names, repeated fields joined with ", ". A plain object
 * (a null-prototype one is slow to read everywhere after); a field named `__proto__` is dropped, no
 * device has one.
 */
function headersOf(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    if (name === '__proto__') continue;
    const value = raw[i + 1] ?? '';
    const before = Object.hasOwn(headers, name) ? headers[name] : undefined;
    headers[name] = before === undefined ? value : `${before}, ${value}`;
  }
  return headers;
}

/** One buffer for the reads of every plain socket: reads are handled one at a time, bodies are copied out. */
const SHARED_READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/**
 * Reads of a plain TCP socket delivered straight into a shared buffer (Node's documented `onread` option of
 * `net.connect`), instead of a new Buffer and a stream 'data' event per read: the monitor reads ~600 answers
 * a second. Made before the socket (pass `option` to `net.connect`), handed to the connection made on it.
 */
export class SharedBufferReads {
  private deliver: ((chunk: Buffer) => void) | undefined;
  /** Bytes came before any connection listened: nobody asked for them. */
  unsolicited = false;

  readonly option = {
    buffer: SHARED_READ_BUFFER,
    callback: (bytes: number, buffer: Uint8Array): boolean => {
      const chunk = (buffer as Buffer).subarray(0, bytes);
      if (this.deliver === undefined) this.unsolicited = true;
      else this.deliver(chunk);
      return true;
    },
  };

  /** Where reads go from now on; the chunk is only valid during the call. */
  deliverTo(deliver: (chunk: Buffer) => void): void {
    this.deliver = deliver;
  }
}

export class Http1Connection {
  private readonly parser = new HTTPParser(HTTPParser.RESPONSE);
  private readonly where: string;
  private readonly hostHeader: string;
  private pending: Pending | undefined;
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
      const gone = new DeviceError('UNREACHABLE', `${this.where} closed the connection.`, {
        cause: 'ECONNRESET',
      });
      return Promise.reject(this.reused ? new StaleSocketError(gone) : gone);
    }
    const bytes = serialize(req, this.hostHeader, options.last === true);
    if (bytes instanceof Error) return Promise.reject(toDeviceError(bytes, this.address));
    // A signal aborted before this call fires no `abort` event: without this the request would go out.
    if (options.signal?.aborted === true) return Promise.reject(options.signal.reason as Error);
    return new Promise<Http1Answer>((resolve, reject) => {
      this.pending = {
        resolve,
        reject,
        maxBodyBytes: options.maxBodyBytes,
        signal: options.signal,
        chunks: [],
        size: 0,
        received: 0,
        status: 0,
        headers: undefined,
        keepAlive: false,
      };
      options.signal?.addEventListener('abort', this.onAbort, { once: true });
      this.socket.write(bytes);
    });
  }

  /** Ends the connection; a request in flight fails with `CANCELLED`. */
  destroy(): void {
    // Mostly idle connections closed by the pool: no request, so no error to build (a stack trace each).
    if (this.pending !== undefined)
      this.fail(new DeviceError('CANCELLED', `The request to ${this.where} was cancelled.`));
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
    this.abort(
      reason instanceof Error
        ? reason
        : new DeviceError('CANCELLED', `The request to ${this.where} was cancelled.`),
    );
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
    if (declared !== undefined && !/^\s*\d+\s*$/.test(declared)) {
      const error = Object.assign(new Error('Invalid Content-Length'), {
        code: 'HPE_INVALID_CONTENT_LENGTH',
      });
      this.fail(toDeviceError(error, this.address, 'answer'));
      this.closeSocket();
      return 1;
    }
    if (declared !== undefined && Number(declared) > pending.maxBodyBytes) {
      this.tooLarge(); // decided before a byte of the body is read
      return 1;
    }
    const hint = KEEP_ALIVE_TIMEOUT.exec(headers['keep-alive'] ?? '');
    this.keepAliveMs = hint?.[1] !== undefined ? Number(hint[1]) * 1000 : undefined;
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

  /** `counting`: what was counted, when more than the body (the answer's framing too). */
  private tooLarge(counting = ''): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.fail(
      new DeviceError(
        'BAD_RESPONSE',
        `${this.where} sent an answer larger than ${formatBytes(pending.maxBodyBytes)}${counting}.`,
        pending.headers !== undefined ? { status: pending.status } : {},
      ),
    );
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
    if (pending.headers !== undefined) {
      this.fail(
        new DeviceError('UNREACHABLE', `${this.where} closed the connection while sending its answer.`, {
          status: pending.status,
          cause: 'ECONNRESET',
        }),
      );
      return;
    }
    this.fail(
      new DeviceError('UNREACHABLE', `${this.where} closed the connection.`, { cause: 'ECONNRESET' }),
    );
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
