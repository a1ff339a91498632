/**
 * What a device's answer means: JSON to hand back, or the DeviceError a technician can act on. Real
 * firmware answers 401 with an empty body, 403/429 with `{"unlock_timeout": …}` or nothing, 500 with
 * `{"err": "… "}`, and sometimes HTML; every one of those becomes a typed error, never a crash.
 */
import { message } from '../../../shared/i18n/message';
import type { DeviceErrorDetail } from './device-error';
import { DeviceError } from './device-error';
import { credentialValueProblem, problemText } from './header-value';
import type { TransportResponse } from './http-exchange';

/** Longest device text quoted in a message; the full (capped) text stays in `detail.deviceMessage`. */
const MESSAGE_TEXT_LIMIT = 200;
const DETAIL_TEXT_LIMIT = 2000;

const bodyText = (response: TransportResponse): string =>
  response.body.toString('utf8').replace(/^\uFEFF/, '');

function contentType(response: TransportResponse): string {
  const value = response.headers['content-type'];
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** Parses JSON without ever throwing (a 1 MiB body nested 100k deep is a RangeError, not a crash). */
export function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The body of a 2xx answer as JSON. `allowEmpty` is for calls whose success needs no body (deleting a
 * key); elsewhere an empty body is a broken answer.
 */
export function readJsonBody(response: TransportResponse, where: string, allowEmpty = false): unknown {
  const text = bodyText(response);
  if (text.trim() === '') {
    if (allowEmpty) return null;
    throw new DeviceError(
      'BAD_RESPONSE',
      `${where}: answered an empty body, not JSON.`,
      { status: response.status },
      { text: message('errors.device.emptyBody', { where }) },
    );
  }
  const parsed = tryParseJson(text);
  if (parsed.ok) return parsed.value;
  const html = contentType(response).includes('html') || /^\s*</.test(text);
  const reason = html ? 'answered HTML, not JSON' : 'answered malformed JSON';
  throw new DeviceError(
    'BAD_RESPONSE',
    `${where}: ${reason}.`,
    { status: response.status },
    { text: message(html ? 'errors.device.htmlBody' : 'errors.device.malformedJson', { where }) },
  );
}

function ownField(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, key)
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

/** The JSON body when there is one, `undefined` otherwise: error bodies are optional on real devices. */
const errorBody = (response: TransportResponse): unknown => {
  const parsed = tryParseJson(bodyText(response));
  return parsed.ok ? parsed.value : undefined;
};

/**
 * Seconds to wait, from the body's `unlock_timeout` (firmware 1.2.6+) or a standard `Retry-After`
 * header (delta-seconds or an HTTP date). `undefined` when the device did not say.
 */
export function retryAfterSeconds(response: TransportResponse, now: number = Date.now()): number | undefined {
  const fromBody = ownField(errorBody(response), 'unlock_timeout');
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody);
  const header = response.headers['retry-after'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The device's own `err` text, trimmed (real firmware ends it with a space), secrets scrubbed, then cut to
 * DETAIL_TEXT_LIMIT. In that order: a secret straddling the cut would otherwise lose its end to the cut,
 * and its beginning — no longer a whole secret — would survive the scrub.
 */
function deviceText(response: TransportResponse, secrets: readonly string[]): string | undefined {
  const text = ownField(errorBody(response), 'err');
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  let clean = text.trim();
  for (const secret of secrets) if (secret !== '') clean = clean.split(secret).join('***');
  return clean.slice(0, DETAIL_TEXT_LIMIT);
}

export interface FailureContext {
  /** `host:port`, for messages. */
  where: string;
  /** POST /unlock: a 403 there means a wrong password, elsewhere it is a plain HTTP error. */
  isUnlock: boolean;
  /** Values the device must never see quoted back in a message (password, token, key). */
  secrets: readonly string[];
}

/** The DeviceError for a non-2xx answer. */
export function errorForStatus(response: TransportResponse, ctx: FailureContext): DeviceError {
  const { status } = response;
  const { where } = ctx;
  if (status === 401) {
    return new DeviceError(
      'AUTH_REQUIRED',
      `${where}: the device refused the credentials (missing, wrong or expired); unlock again.`,
      { status },
      { text: message('errors.device.authRequired', { where }) },
    );
  }
  if (status === 403 && ctx.isUnlock) {
    const wait = retryAfterSeconds(response);
    return new DeviceError(
      'WRONG_PASSWORD',
      `${where}: the device refused the password.`,
      { status, ...(wait !== undefined && wait > 0 ? { retryAfterSeconds: wait } : {}) },
      { text: message('errors.device.wrongPassword', { where }) },
    );
  }
  if (status === 429) {
    const wait = retryAfterSeconds(response);
    const why = ctx.isUnlock ? ' Too many wrong passwords were tried.' : '';
    const sentence =
      wait === undefined
        ? `${where}: locked out: wait before trying again (the device did not say how long).${why}`
        : `${where}: locked out: wait ${wait} s before trying again.${why}`;
    const tries = ctx.isUnlock ? 'unlock' : 'other';
    const text =
      wait === undefined
        ? message('errors.device.lockedOutNoWait', { where, tries })
        : message('errors.device.lockedOut', { where, seconds: wait, tries });
    return new DeviceError(
      'LOCKED_OUT',
      sentence,
      { status, ...(wait !== undefined ? { retryAfterSeconds: wait } : {}) },
      { text },
    );
  }
  const text = deviceText(response, ctx.secrets);
  if (text !== undefined) {
    const quoted = text.length > MESSAGE_TEXT_LIMIT ? `${text.slice(0, MESSAGE_TEXT_LIMIT)}…` : text;
    return new DeviceError(
      'HTTP_ERROR',
      `${where}: device answered ${status}: ${quoted}`,
      { status, deviceMessage: text },
      { text: message('errors.device.httpErrorText', { where, status, text: quoted }) },
    );
  }
  return new DeviceError(
    'HTTP_ERROR',
    `${where}: device answered HTTP ${status}.`,
    { status },
    { text: message('errors.device.httpError', { where, status }) },
  );
}

/** `detail.cause` of a session token that cannot be sent back (below). */
export const UNSENDABLE_TOKEN = 'UNSENDABLE_TOKEN';

/**
 * A session token HTTP cannot carry back (header-value.ts): the device's fault, never the user's, and no
 * verdict on the password (the device accepted it). `cause` lets the session manager tell it apart.
 */
export function unsendableToken(where: string, problem: string, detail: DeviceErrorDetail = {}): DeviceError {
  return new DeviceError(
    'BAD_RESPONSE',
    `${where}: the device gave a session token that cannot be sent back in a header (${problem}).`,
    { ...detail, cause: UNSENDABLE_TOKEN },
    { text: message('errors.device.unsendableToken', { where, problem: problemText(problem) }) },
  );
}

/**
 * The `token` of a 200 unlock answer; anything else is a broken answer, not a success. Checked here, when
 * the token arrives, so a token no request could carry is never kept as the device's session.
 */
export function tokenFrom(body: unknown, where: string): string {
  const token = ownField(body, 'token');
  if (typeof token === 'string' && token !== '') {
    const problem = credentialValueProblem(token);
    if (problem !== undefined) throw unsendableToken(where, problem, { status: 200 });
    return token;
  }
  throw new DeviceError(
    'BAD_RESPONSE',
    `${where}: answered the unlock without a token.`,
    { status: 200 },
    { text: message('errors.device.noToken', { where }) },
  );
}
