/**
 * Turns what Node's sockets throw into the DeviceError a technician can act on. Kept apart from the
 * transport so the mapping is one table, and so every path (plain TCP, TLS handshake, reading the body)
 * reports the same failure with the same words.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError, isDeviceError } from './device-error';

/** `host:port` as shown in messages (IPv6 in brackets). Addresses carry no secret. */
export function hostPort(address: DeviceAddress): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  return `${host}:${address.port}`;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Maps a low-level error to a DeviceError. A DeviceError passes through unchanged, so a phase that already
 * decided (a timeout, a pin mismatch) is never overwritten by the socket error its own cleanup caused.
 * `phase` tells whether the body had started, which changes the advice in the message.
 */
export function toDeviceError(
  error: unknown,
  address: DeviceAddress,
  phase: 'connect' | 'answer' = 'connect',
): DeviceError {
  if (isDeviceError(error)) return error;
  const where = hostPort(address);
  const code = errorCode(error) ?? 'UNKNOWN';
  const options = { cause: error };
  switch (code) {
    case 'ECONNREFUSED':
      return new DeviceError(
        'UNREACHABLE',
        `${where} refused the connection: nothing listens on that port.`,
        {
          cause: code,
        },
        options,
      );
    case 'EHOSTUNREACH':
    case 'EHOSTDOWN':
      return new DeviceError(
        'UNREACHABLE',
        `${where} cannot be reached: no route to the host.`,
        { cause: code },
        options,
      );
    case 'ENETUNREACH':
      return new DeviceError(
        'UNREACHABLE',
        `${where} cannot be reached: this laptop has no route to that network.`,
        {
          cause: code,
        },
        options,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return new DeviceError(
        'UNREACHABLE',
        `The host name "${address.host}" could not be resolved.`,
        {
          cause: code,
        },
        options,
      );
    case 'ETIMEDOUT':
      return new DeviceError('TIMEOUT', `${where} did not answer in time.`, { cause: code }, options);
    default:
      break;
  }
  if (RESET_CODES.has(code) || (error instanceof Error && error.message === 'socket hang up')) {
    const when = phase === 'answer' ? ' while sending its answer' : '';
    return new DeviceError('UNREACHABLE', `${where} closed the connection${when}.`, { cause: code }, options);
  }
  if (code.startsWith('HPE_')) {
    return new DeviceError(
      'BAD_RESPONSE',
      `${where} answered something that is not HTTP.`,
      { cause: code },
      options,
    );
  }
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO') {
    return new DeviceError(
      'UNREACHABLE',
      `The https connection to ${where} failed during the TLS handshake; does the device serve plain http?`,
      { cause: code },
      options,
    );
  }
  if (code.startsWith('ERR_INVALID_') || code === 'ERR_HTTP_INVALID_HEADER_VALUE') {
    // Node refuses a header before sending it. Never echo the value: it may be a credential.
    return new DeviceError(
      'INVALID_INPUT',
      'The request could not be built: a value has characters HTTP forbids.',
      {
        cause: code,
      },
    );
  }
  return new DeviceError(
    'UNREACHABLE',
    `The connection to ${where} failed (${code}).`,
    { cause: code },
    options,
  );
}
