/**
 * One HTTP request/response over either the keep-alive agent (http) or a TLS socket that tls-pinning.ts
 * already verified (https). Separate from transport.ts so the socket-level rules — connect timeout, body cap
 * while streaming, reset mid-body, destroy on abort — live in one place with no policy around them.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { DeviceError } from './device-error';
import { hostPort, toDeviceError } from './network-errors';
import type { TransportRequest, TransportResponse } from './transport';

/**
 * The device closed an idle keep-alive socket just as we reused it; nothing reached the device. The
 * transport may retry a GET once; otherwise it reports `deviceError`.
 */
export class StaleSocketError extends Error {
  constructor(readonly deviceError: DeviceError) {
    super(deviceError.message);
    this.name = 'StaleSocketError';
  }
}

export interface ExchangeContext {
  agent: http.Agent;
  /** A verified TLS socket for https; the agent is bypassed so this exact socket carries the request. */
  socket: TLSSocket | undefined;
  connectTimeoutMs: number;
  maxBodyBytes: number;
  /** Aborted on timeout, cancel or close; its `reason` is the DeviceError to report. */
  signal: AbortSignal;
}

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;

const isReset = (error: DeviceError): boolean =>
  error.code === 'UNREACHABLE' && ['ECONNRESET', 'EPIPE'].includes(error.detail.cause ?? '');

export function exchange(req: TransportRequest, ctx: ExchangeContext): Promise<TransportResponse> {
  const { address } = req;
  const where = hostPort(address);
  return new Promise<TransportResponse>((resolve, reject) => {
    if (ctx.signal.aborted) {
      ctx.socket?.destroy();
      reject(ctx.signal.reason);
      return;
    }
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['Content-Length'] = Buffer.byteLength(req.body);
    let clientRequest: http.ClientRequest;
    try {
      const verified = ctx.socket;
      clientRequest = http.request({
        host: address.host,
        port: address.port,
        method: req.method,
        path: req.path,
        headers,
        // https: hand over the socket whose certificate was checked; the Host header then omits :443.
        ...(verified !== undefined
          ? { createConnection: () => verified, defaultPort: 443 }
          : { agent: ctx.agent }),
      });
    } catch (error) {
      ctx.socket?.destroy();
      reject(toDeviceError(error, address));
      return;
    }

    let done = false;
    let responseStarted = false;
    let connectTimer: NodeJS.Timeout | undefined;
    const onAbort = (): void => finish(ctx.signal.reason as DeviceError);
    ctx.signal.addEventListener('abort', onAbort, { once: true });

    function finish(error: DeviceError | StaleSocketError | null, response?: TransportResponse): void {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      ctx.signal.removeEventListener('abort', onAbort);
      if (error !== null) {
        clientRequest.destroy();
        ctx.socket?.destroy();
        reject(error);
        return;
      }
      ctx.socket?.end();
      resolve(response as TransportResponse);
    }

    // Always listening: errors raised by our own destroy() after finish must not go uncaught.
    clientRequest.on('error', (error) => {
      const deviceError = toDeviceError(error, address, responseStarted ? 'answer' : 'connect');
      const stale = !responseStarted && clientRequest.reusedSocket && isReset(deviceError);
      finish(stale ? new StaleSocketError(deviceError) : deviceError);
    });

    clientRequest.on('socket', (socket: Socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        finish(
          new DeviceError(
            'TIMEOUT',
            `${where} did not accept a connection within ${ctx.connectTimeoutMs} ms.`,
            {
              cause: 'CONNECT_TIMEOUT',
            },
          ),
        );
      }, ctx.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(connectTimer));
    });

    clientRequest.on('response', (res) => {
      responseStarted = true;
      const tooLarge = (): DeviceError =>
        new DeviceError(
          'BAD_RESPONSE',
          `${where} sent an answer larger than ${formatBytes(ctx.maxBodyBytes)}.`,
          {
            status: res.statusCode,
          },
        );
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > ctx.maxBodyBytes) {
        finish(tooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > ctx.maxBodyBytes) finish(tooLarge());
        else chunks.push(chunk);
      });
      res.on('error', (error) => finish(toDeviceError(error, address, 'answer')));
      res.on('end', () => {
        finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('close', () => {
        if (!res.complete) {
          finish(
            new DeviceError('UNREACHABLE', `${where} closed the connection while sending its answer.`, {
              status: res.statusCode,
              cause: 'ECONNRESET',
            }),
          );
        }
      });
    });

    clientRequest.end(req.body);
  });
}
