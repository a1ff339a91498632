/**
 * Opening a socket to a device with the two rules every connection follows: a connect timeout of its own
 * (a silent LAN host must fail fast, long before the request's total timeout) and an abort that destroys
 * the socket at once. Shared by plain TCP (connection-pool.ts) and TLS (tls-pinning.ts, which also checks
 * the certificate before the socket is handed over).
 */
import { message } from '../../../shared/i18n/message';
import type { Socket } from 'node:net';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError } from './device-error';
import { hostPort, toDeviceError } from './network-errors';

export interface SocketConnectOptions {
  connectTimeoutMs: number;
  /** Aborted by the transport on timeout or cancel; its `reason` is the DeviceError to report. */
  signal: AbortSignal;
}

const ignore = (): void => undefined;

/**
 * Resolves with `socket` once it emits `readyEvent` and `check` (if any) passes; rejects with a DeviceError
 * and destroys the socket otherwise. The socket keeps a no-op error listener for life: an error after
 * destroy, or in the instant before its new owner listens, must never become an uncaught exception.
 */
export function whenConnected<S extends Socket>(
  socket: S,
  address: DeviceAddress,
  options: SocketConnectOptions,
  readyEvent: 'connect' | 'secureConnect',
  check?: (socket: S) => DeviceError | null,
): Promise<S> {
  const { signal } = options;
  socket.on('error', ignore);
  return new Promise<S>((resolve, reject) => {
    if (signal.aborted) {
      socket.destroy();
      reject(signal.reason);
      return;
    }
    let done = false;
    const connectTimer = setTimeout(() => {
      finish(
        new DeviceError(
          'TIMEOUT',
          `${hostPort(address)} did not accept a connection within ${options.connectTimeoutMs} ms.`,
          { cause: 'CONNECT_TIMEOUT' },
          {
            text: message('errors.device.connectTimeout', {
              where: hostPort(address),
              ms: options.connectTimeoutMs,
            }),
          },
        ),
      );
    }, options.connectTimeoutMs);
    const onAbort = (): void => finish(signal.reason as DeviceError);
    const onError = (error: Error): void => finish(toDeviceError(error, address));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.on('error', onError);
    socket.once('connect', () => clearTimeout(connectTimer));
    socket.once(readyEvent, () => finish(check?.(socket) ?? null));

    function finish(error: DeviceError | null): void {
      if (done) return;
      done = true;
      clearTimeout(connectTimer);
      signal.removeEventListener('abort', onAbort);
      socket.removeListener('error', onError);
      if (error === null) {
        resolve(socket);
        return;
      }
      socket.destroy();
      reject(error);
    }
  });
}
