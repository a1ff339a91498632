/**
 * A device's answer on an HTTP/1.1 connection (http1-connection.ts) as it is read, and what the connection
 * reads of it beyond the parser: the headers as Node presents them, the keep-alive hint, a Content-Length
 * that cannot be a length, and the limits — the body's cap, and a cap on every byte of the answer
 * (ANSWER_FRAMING_BYTES) — with the errors that say which was passed.
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { IncomingHttpHeaders } from 'node:http';
import { DeviceError } from './device-error';

export interface Http1Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The connection may carry another request (HTTP/1.1 without `Connection: close`, a delimited body). */
  keepAlive: boolean;
}

/** The answer to the request in flight, as far as it has been read, and whom to tell when it is done. */
export interface AnswerInProgress {
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

export function answerInProgress(
  resolve: AnswerInProgress['resolve'],
  reject: AnswerInProgress['reject'],
  options: { maxBodyBytes: number; signal?: AbortSignal | undefined },
): AnswerInProgress {
  return {
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
}

/**
 * What an answer may carry beyond its body: the status line, headers, chunk-size lines and their
 * extensions, trailers. The body cap alone does not bound memory: http-parser-js keeps a line it has not
 * seen the end of, and every trailer line, without a limit of its own (only the header section is capped,
 * at 80 KiB), so a device answering `1;` and then endless bytes, or endless trailer lines, would grow this
 * process by hundreds of megabytes within its timeout. Every byte received counts against the body cap
 * plus this; a device's headers and framing are a few hundred bytes.
 */
export const ANSWER_FRAMING_BYTES = 64 * 1024;

const KEEP_ALIVE_TIMEOUT = /(?:^|[\s,])timeout=(\d+)/i;

/**
 * Header lines as Node presents them: lower-case names, repeated fields joined with ", ". A plain object
 * (a null-prototype one is slow to read everywhere after); a field named `__proto__` is dropped, no
 * device has one.
 */
export function headersOf(raw: string[]): Record<string, string> {
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

/** How long the device keeps an idle connection, when it says so (`Keep-Alive: timeout=N`). */
export function keepAliveMsOf(headers: Record<string, string>): number | undefined {
  const hint = KEEP_ALIVE_TIMEOUT.exec(headers['keep-alive'] ?? '');
  return hint?.[1] !== undefined ? Number(hint[1]) * 1000 : undefined;
}

/** A Content-Length that is not a plain number: the parser's own error, for the same words. */
export function invalidContentLength(declared: string | undefined): Error | undefined {
  if (declared === undefined || /^\s*\d+\s*$/.test(declared)) return undefined;
  return Object.assign(new Error('Invalid Content-Length'), { code: 'HPE_INVALID_CONTENT_LENGTH' });
}

const formatBytes = (bytes: number): string =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
/** The same size for the window: digits as a string, so every language shows them as the English does. */
const sizeText = (bytes: number): MessageRef =>
  bytes % (1024 * 1024) === 0
    ? message('errors.device.sizeMiB', { mib: String(bytes / (1024 * 1024)) })
    : message('errors.device.sizeBytes', { bytes: String(bytes) });

/** `counting`: what was counted, when more than the body (the answer's framing too). */
export function answerTooLarge(
  where: string,
  maxBodyBytes: number,
  status: number | undefined,
  counting = '',
): DeviceError {
  return new DeviceError(
    'BAD_RESPONSE',
    `${where} sent an answer larger than ${formatBytes(maxBodyBytes)}${counting}.`,
    status !== undefined ? { status } : {},
    {
      text: message(
        counting === '' ? 'errors.device.answerTooLarge' : 'errors.device.answerTooLargeFraming',
        {
          where,
          size: sizeText(maxBodyBytes),
        },
      ),
    },
  );
}

/** The device closed the connection before its answer was complete (`status`: its headers had come). */
export function closedEarly(where: string, status: number | undefined): DeviceError {
  return status !== undefined
    ? new DeviceError(
        'UNREACHABLE',
        `${where} closed the connection while sending its answer.`,
        { status, cause: 'ECONNRESET' },
        { text: message('errors.device.closedWhileAnswering', { where }) },
      )
    : new DeviceError(
        'UNREACHABLE',
        `${where} closed the connection.`,
        { cause: 'ECONNRESET' },
        { text: message('errors.device.closed', { where }) },
      );
}
