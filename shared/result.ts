/**
 * Errors cross IPC and process boundaries as values: Electron keeps only the `message` of a thrown
 * error, so every fallible operation returns a Result instead of throwing.
 */

import type { MessageRef } from './i18n/message';

/** The closed set of error codes any layer may report. Device codes first, then app codes. */
export const APP_ERROR_CODES = [
  // Device and network (electron/core/device)
  'UNREACHABLE',
  'TIMEOUT',
  'TLS_UNTRUSTED',
  'TLS_CHANGED',
  'AUTH_REQUIRED',
  'WRONG_PASSWORD',
  'LOCKED_OUT',
  'HTTP_ERROR',
  'BAD_RESPONSE',
  // Caller and app
  'INVALID_INPUT',
  'CANCELLED',
  'NOT_FOUND',
  'FORBIDDEN',
  'KEYCHAIN_UNAVAILABLE',
  'INTERNAL',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface AppError {
  code: AppErrorCode;
  /** One sentence a technician can act on. Never contains a secret. */
  message: string;
  /** Structured extras, e.g. `{ status: 500 }` or `{ retryAfterSeconds: 17 }`. No secrets. */
  detail?: Record<string, unknown>;
  /** The same sentence as a catalog key and values, so the window can say it in its language (issue 35). */
  text?: MessageRef;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const appError = (code: AppErrorCode, message: string, detail?: Record<string, unknown>): AppError =>
  detail === undefined ? { code, message } : { code, message, detail };

/** An error with its sentence for the window's language: `withText(appError(…), message('errors.…', {…}))`. */
export const withText = (error: AppError, text: MessageRef): AppError => ({ ...error, text });

export const err = (
  code: AppErrorCode,
  message: string,
  detail?: Record<string, unknown>,
): Result<never> => ({
  ok: false,
  error: appError(code, message, detail),
});

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && (APP_ERROR_CODES as readonly string[]).includes(value);
}

/** `err` with its sentence for the window's language (issue 35): `errWithText('NOT_FOUND', '…', message(…))`. */
export const errWithText = (
  code: AppErrorCode,
  message: string,
  text: MessageRef,
  detail?: Record<string, unknown>,
): Result<never> => ({ ok: false, error: withText(appError(code, message, detail), text) });
