/**
 * Typed device errors. Each code maps to one thing a technician can understand and act on;
 * `message` is that sentence, `detail` holds the facts (HTTP status, seconds to wait, device text).
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
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

/** `cause` as Error's; `text` the same sentence as a catalog key and values, for the window (issue 35). */
export interface DeviceErrorOptions extends ErrorOptions {
  text?: MessageRef;
}

export class DeviceError extends Error {
  readonly code: DeviceErrorCode;
  readonly detail: DeviceErrorDetail;
  /** The message in the reader's language, when the place that made it gave one (else the code's words). */
  readonly text: MessageRef | undefined;

  /**
   * `options.cause` keeps the low-level error (e.g. Node's ECONNREFUSED) for logs and debuggers; it never
   * crosses IPC (only `toAppError()` does), and callers never put a secret in it.
   */
  constructor(
    code: DeviceErrorCode,
    message: string,
    detail: DeviceErrorDetail = {},
    options?: DeviceErrorOptions,
  ) {
    super(message, options !== undefined && 'cause' in options ? { cause: options.cause } : undefined);
    this.name = 'DeviceError';
    this.code = code;
    this.detail = detail;
    this.text = options?.text;
  }

  /** The value that crosses IPC and the CLI's `--json`. */
  toAppError(): AppError {
    const detail = Object.fromEntries(Object.entries(this.detail).filter(([, v]) => v !== undefined));
    return {
      code: this.code,
      message: this.message,
      ...(Object.keys(detail).length > 0 ? { detail } : {}),
      ...(this.text !== undefined ? { text: this.text } : {}),
    };
  }
}

export const isDeviceError = (value: unknown): value is DeviceError => value instanceof DeviceError;

/** A request given up because its caller left (or the client closed): nothing more is waited for. */
export const cancelledRequest = (where: string): DeviceError =>
  new DeviceError(
    'CANCELLED',
    `The request to ${where} was cancelled.`,
    {},
    { text: message('errors.device.cancelled', { where }) },
  );
