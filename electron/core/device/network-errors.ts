/**
 * Turns what Node's sockets throw into the DeviceError a technician can act on. Kept apart from the
 * transport so the mapping is one table, and so every path (plain TCP, TLS handshake, reading the body)
 * reports the same failure with the same words.
 */
import { message } from '../../../shared/i18n/message';
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
        { cause: code },
        { ...options, text: message('errors.device.refused', { where }) },
      );
    case 'EHOSTUNREACH':
    case 'EHOSTDOWN':
      return new DeviceError(
        'UNREACHABLE',
        `${where} cannot be reached: no route to the host.`,
        { cause: code },
        { ...options, text: message('errors.device.noRoute', { where }) },
      );
    case 'ENETUNREACH':
      return new DeviceError(
        'UNREACHABLE',
        `${where} cannot be reached: this laptop has no route to that network.`,
        { cause: code },
        { ...options, text: message('errors.device.noNetworkRoute', { where }) },
      );
    case 'ENETDOWN':
      return new DeviceError(
        'UNREACHABLE',
        `${where} cannot be reached: this laptop's network interface is down.`,
        { cause: code },
        { ...options, text: message('errors.device.interfaceDown', { where }) },
      );
    case 'EADDRNOTAVAIL':
      return new DeviceError(
        'UNREACHABLE',
        `${where} cannot be reached: this laptop no longer has an address on that network.`,
        { cause: code },
        { ...options, text: message('errors.device.addressGone', { where }) },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return new DeviceError(
        'UNREACHABLE',
        `The host name "${address.host}" could not be resolved.`,
        { cause: code },
        { ...options, text: message('errors.device.unresolved', { host: address.host }) },
      );
    case 'ETIMEDOUT':
      return new DeviceError(
        'TIMEOUT',
        `${where} did not answer in time.`,
        { cause: code },
        { ...options, text: message('errors.device.timeout', { where }) },
      );
    default:
      break;
  }
  if (RESET_CODES.has(code) || (error instanceof Error && error.message === 'socket hang up')) {
    const when = phase === 'answer' ? ' while sending its answer' : '';
    const text = message(phase === 'answer' ? 'errors.device.closedWhileAnswering' : 'errors.device.closed', {
      where,
    });
    return new DeviceError(
      'UNREACHABLE',
      `${where} closed the connection${when}.`,
      { cause: code },
      { ...options, text },
    );
  }
  if (code.startsWith('HPE_')) {
    return new DeviceError(
      'BAD_RESPONSE',
      `${where} answered something that is not HTTP.`,
      { cause: code },
      { ...options, text: message('errors.device.notHttp', { where }) },
    );
  }
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_') || code === 'EPROTO') {
    return new DeviceError(
      'UNREACHABLE',
      `The https connection to ${where} failed during the TLS handshake; does the device serve plain http?`,
      { cause: code },
      { ...options, text: message('errors.device.tlsHandshake', { where }) },
    );
  }
  if (code.startsWith('ERR_INVALID_') || code === 'ERR_HTTP_INVALID_HEADER_VALUE') {
    // Node refuses a header before sending it. Never echo the value: it may be a credential.
    return new DeviceError(
      'INVALID_INPUT',
      'The request could not be built: a value has characters HTTP forbids.',
      { cause: code },
      { text: message('errors.device.badHeaderValue') },
    );
  }
  return new DeviceError(
    'UNREACHABLE',
    `The connection to ${where} failed (${code}).`,
    { cause: code },
    { ...options, text: message('errors.device.connectionFailed', { where, cause: code }) },
  );
}

/**
 * Which side of the wire a failed request points at, for the laptop-network detector
 * (monitor/laptop-network.ts), which tells "this laptop is off the site network" from "devices are off":
 * - `laptop`: this machine's own network said no before a packet left — no route to that network, the
 *   interface down, the address gone (ENETUNREACH, ENETDOWN, EADDRNOTAVAIL);
 * - `silent`: nobody answered — a timeout, a host that does not answer ARP (EHOSTUNREACH after ~3 s,
 *   which a device that is off and a laptop whose cable is out look the same), a name that did not
 *   resolve;
 * - `answered`: something at that address spoke — an HTTP answer of any kind, a refused or reset
 *   connection, a TLS certificate: the network works;
 * - `unknown`: says nothing about the network (cancelled, refused by the session manager without a word
 *   to the device, a bug).
 */
export type NetworkSide = 'laptop' | 'silent' | 'answered' | 'unknown';

const LAPTOP_SIDE_CAUSES = new Set(['ENETUNREACH', 'ENETDOWN', 'EADDRNOTAVAIL']);
/** Causes of UNREACHABLE where the other end spoke (a RST, a close, a TLS handshake). */
const ANSWERING_CAUSES = new Set(['ECONNREFUSED', 'EPROTO', ...RESET_CODES]);
const DEVICE_SPOKE = new Set(['HTTP_ERROR', 'BAD_RESPONSE', 'TLS_CHANGED', 'TLS_UNTRUSTED']);

export function networkSideOf(error: DeviceError): NetworkSide {
  const cause = error.detail.cause ?? '';
  if (LAPTOP_SIDE_CAUSES.has(cause)) return 'laptop';
  if (error.code === 'TIMEOUT') return 'silent';
  if (DEVICE_SPOKE.has(error.code)) return 'answered';
  if (error.code !== 'UNREACHABLE') return 'unknown';
  if (ANSWERING_CAUSES.has(cause) || cause.startsWith('ERR_SSL_') || cause.startsWith('ERR_TLS_')) {
    return 'answered';
  }
  return 'silent';
}
