/**
 * Pool URLs: the one check of a URL a technician types (the app's pools dialog as it is typed, the CLI's
 * `--pool` before anything is sent, presets, and main before a preview), and the one way a URL is shown
 * without the login some carry. Zod-free, so the window uses the same code.
 *
 * A pool URL is `host:port`, or one of the stratum URLs devices take (field-notes.md, "Writes a
 * commissioning tool makes": `stratum+tcp://` is optional): `stratum+tcp://`, `stratum+ssl://`,
 * `stratum2+tcp://`, then a host name or an IP address (IPv6 in brackets) and a port from 1 to 65535 —
 * nothing before the host, nothing after the port.
 */
import { isHostname, isIpv4, isIpv6 } from './device-address';

export const POOL_URL_SCHEMES = ['stratum+tcp', 'stratum+ssl', 'stratum2+tcp'] as const;

/** The URL as typed (trimmed), or what is wrong with it in a few words (no final period). */
export type PoolUrlCheck = { ok: true; url: string } | { ok: false; problem: string };

const problem = (text: string): PoolUrlCheck => ({ ok: false, problem: text });

const SCHEMES_IN_WORDS = 'stratum+tcp://, stratum+ssl:// or stratum2+tcp:// (or none: host:port)';

/** Any `name://` at the start, so an unknown one is named rather than read as a host. */
const ANY_SCHEME = /^([^:/@]*):\/\//;

function checkHost(host: string): PoolUrlCheck | undefined {
  if (host === '') return problem('the URL has no host name or address before the port');
  if (isIpv4(host) || isHostname(host)) return undefined;
  return /^[\d.]+$/.test(host)
    ? problem(`"${host}" is not an IP address (four numbers from 0 to 255)`)
    : problem(`"${host}" is not a host name or an IP address`);
}

function checkPort(portText: string, example: string): PoolUrlCheck | undefined {
  if (portText === '') return problem(`the URL has no port: add it, e.g. ${example}:3333`);
  if (!/^\d+$/.test(portText)) return problem(`"${portText}" is not a port: use a number from 1 to 65535`);
  const port = Number(portText);
  if (port < 1 || port > 65_535) return problem(`port ${portText} is out of range: use 1 to 65535`);
  return undefined;
}

/** Checks a pool URL as typed; never throws. */
export function checkPoolUrl(input: string): PoolUrlCheck {
  const url = input.trim();
  if (url === '') return problem("give the pool's URL (stratum+tcp://host:port)");
  if (/[\p{Cc}\p{Bidi_Control}]/u.test(url)) return problem('a URL has no control characters');
  if (/[\s,]/.test(url)) return problem('a URL has no spaces or commas');

  let rest = url;
  const scheme = ANY_SCHEME.exec(url);
  if (scheme !== null) {
    const name = (scheme[1] ?? '').toLowerCase();
    if (!(POOL_URL_SCHEMES as readonly string[]).includes(name)) {
      return problem(`a pool URL starts with ${SCHEMES_IN_WORDS}, not "${name}://"`);
    }
    rest = url.slice(scheme[0].length);
  }
  if (rest.includes('@')) {
    return problem(
      'a pool URL takes no login (user:password@): give the worker and the password as the pool’s worker and password',
    );
  }
  const tail = /[/?#]/.exec(rest);
  if (tail !== null) return problem(`a pool URL ends with its port: remove "${rest.slice(tail.index)}"`);

  let host: string;
  let portText: string;
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) return problem('the IPv6 address is missing its closing "]"');
    host = rest.slice(1, close);
    if (!isIpv6(host)) return problem(`"${host}" is not an IPv6 address`);
    const after = rest.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) return problem(`"${after}" after the address is not a port`);
    portText = after.slice(1);
  } else {
    const colons = rest.split(':').length - 1;
    if (colons > 1) return problem('an IPv6 address goes in brackets, e.g. [2001:db8::1]:3333');
    const colon = rest.indexOf(':');
    host = colon < 0 ? rest : rest.slice(0, colon);
    portText = colon < 0 ? '' : rest.slice(colon + 1);
    const badHost = checkHost(host);
    if (badHost !== undefined) return badHost;
  }
  return checkPort(portText, rest.startsWith('[') ? `[${host}]` : host) ?? { ok: true, url };
}

/** A URL's scheme (`stratum+tcp://`), any name, so a login after any of them is found. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The URL without the login some carry (`stratum+tcp://user:secret@host:3333` → `stratum+tcp://host:3333`),
 * whatever the scheme; everything up to the last `@` is the login, so a password holding `@` or `/` is cut
 * whole. Every place that shows, logs, exports or measures a pool URL uses this.
 */
export function withoutLogin(url: string): string {
  const at = url.lastIndexOf('@');
  // Most URLs carry no login: no pattern to run (the site metrics read every device's pools per scrape).
  if (at < 0) return url;
  const scheme = SCHEME.exec(url)?.[0] ?? '';
  return at < scheme.length ? url : `${scheme}${url.slice(at + 1)}`;
}

/** A run of text that may be a URL with a login: no white space or quote in it, an `@` inside. */
const TOKEN_WITH_AT = /[^\s"'<>]*@[^\s"'<>]*/g;
const SCHEME_INSIDE = /[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Free text (an activity entry's words, a device's message) with the login cut from every URL in it, as
 * `withoutLogin` cuts it from one URL: `pools set: stratum+tcp://user:secret@host:3333` →
 * `pools set: stratum+tcp://host:3333`; a URL without scheme (`user:secret@host:3333`) loses its login
 * too. An address without a colon before its `@` (`ops@example.com`) is no login and is kept.
 */
export function withoutLoginsIn(text: string): string {
  if (!text.includes('@')) return text;
  return text.replace(TOKEN_WITH_AT, (token) => {
    const scheme = SCHEME_INSIDE.exec(token);
    if (scheme !== null) return `${token.slice(0, scheme.index)}${withoutLogin(token.slice(scheme.index))}`;
    const at = token.lastIndexOf('@');
    return token.slice(0, at).includes(':') ? token.slice(at + 1) : token;
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A device's body (`/summary`, `/settings`) as shown raw (`status --json`, the device panel's raw JSON),
 * with the login cut from each `miner.pools[].url`. The same object when no url carries one; a copy of
 * only what changes otherwise (the body as received is kept as it is).
 */
export function bodyWithoutPoolLogins(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.miner) || !Array.isArray(body.miner.pools)) return body;
  const pools: unknown[] = body.miner.pools;
  const cut = pools.map((pool) =>
    isRecord(pool) && typeof pool.url === 'string' && withoutLogin(pool.url) !== pool.url
      ? { ...pool, url: withoutLogin(pool.url) }
      : pool,
  );
  if (cut.every((pool, i) => pool === pools[i])) return body;
  return { ...body, miner: { ...body.miner, pools: cut } };
}
