/**
 * Whether a failed `POST /unlock` may have been judged by the device without its verdict reaching us.
 * A device counts a wrong password when it reads the request, not when we read its answer: an unlock that
 * timed out, was cut, or was given up after it went out may have been refused — and counted toward a
 * lockout — all the same. Only failures that prove the request never left this laptop (no connection, no
 * route, no name, a connect timeout, a TLS handshake or pin refused, a value HTTP cannot carry) leave the
 * password untouched; every other failure without an HTTP status is "unanswered" (password-guard.ts).
 * A keep-alive connection found closed as it was reused is counted as unanswered too: the transport cannot
 * tell it from a device that closed after reading.
 */
import type { DeviceError } from '../device/device-error';

/** Causes (`detail.cause`) that end a request before any byte of it reached the device. */
const NEVER_SENT_CAUSES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'CONNECT_TIMEOUT',
  'EPROTO',
]);

const neverSent = (error: DeviceError): boolean => {
  const cause = error.detail.cause ?? '';
  return (
    NEVER_SENT_CAUSES.has(cause) ||
    cause.startsWith('ERR_SSL_') ||
    cause.startsWith('ERR_TLS_') ||
    error.code === 'TLS_UNTRUSTED' ||
    error.code === 'TLS_CHANGED' ||
    error.code === 'INVALID_INPUT'
  );
};

/** The unlock went out (or may have) and no verdict came back: the device may have refused it. */
export function unlockVerdictLost(error: DeviceError): boolean {
  if (neverSent(error)) return false;
  // An answer that is not HTTP at all: whatever status it meant to carry is lost.
  if (error.code === 'BAD_RESPONSE') return (error.detail.cause ?? '').startsWith('HPE_');
  return error.code === 'TIMEOUT' || error.code === 'CANCELLED' || error.code === 'UNREACHABLE';
}
