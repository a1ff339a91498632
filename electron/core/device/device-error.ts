/**
 * Typed device errors. Each code maps to one thing a technician can understand and act on;
 * `message` is that sentence, `detail` holds the facts (HTTP status, seconds to wait, device text).
 */
import type { AppError } from '../../../shared/result';

export type DeviceErrorCode =
  | 'UNREACHABLE'
  | 'TIMEOUT'
  | 'TLS_UNTRUSTED'
  | 'TLS_CHANGED'
  | 'AUTH_REQUIRED'
  | 'WRONG_PASSWORD'
  | 'LOCKED_OUT'
  | 'HTTP_ERROR'
  | 'BAD_RESPONSE'
  | 'CANCELLED'
  | 'INVALID_INPUT'
  /** A bug on our side, wrapped so callers only ever see DeviceError. */
  | 'INTERNAL';

export interface DeviceErrorDetail {
  /** HTTP status when the device answered. */
  status?: number;
  /** The device's own `err` text (500 bodies), trimmed. */
  deviceMessage?: string;
  /** Seconds to wait before the next unlock attempt (429 `unlock_timeout` or `Retry-After`). */
  retryAfterSeconds?: number;
  /** SHA-256 fingerprint of the certificate the device presented (TLS errors). */
  fingerprint256?: string;
  /** The low-level cause, e.g. `ECONNREFUSED`. */
  cause?: string;
}

export class DeviceError extends Error {
  readonly code: DeviceErrorCode;
  readonly detail: DeviceErrorDetail;

  /**
   * `options.cause` keeps the low-level error (e.g. Node's ECONNREFUSED) for logs and debuggers; it never
   * crosses IPC (only `toAppError()` does), and callers never put a secret in it.
   */
  constructor(
    code: DeviceErrorCode,
    message: string,
    detail: DeviceErrorDetail = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DeviceError';
    this.code = code;
    this.detail = detail;
  }

  /** The value that crosses IPC and the CLI's `--json`. */
  toAppError(): AppError {
    const detail = Object.fromEntries(Object.entries(this.detail).filter(([, v]) => v !== undefined));
    return Object.keys(detail).length > 0
      ? { code: this.code, message: this.message, detail }
      : { code: this.code, message: this.message };
  }
}

export const isDeviceError = (value: unknown): value is DeviceError => value instanceof DeviceError;
