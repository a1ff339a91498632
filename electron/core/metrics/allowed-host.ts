/**
 * Which `Host` headers the metrics listener answers. A web page the technician opens can point a name it
 * controls at 127.0.0.1 (DNS rebinding) and then read `/metrics` as its own origin: the browser still
 * sends the page's name as `Host`. So only a Host naming the address the listener is bound to is
 * answered — an IP literal cannot be rebound — with the bound port or none, and `localhost` when that
 * address is loopback. Bound to every address (`0.0.0.0`, `::`), the address the connection arrived at
 * is the bound one. Everything else is refused (421) before any path or method is looked at.
 */
import { isIP } from 'node:net';

export interface ListenerAddress {
  /** The address the listener was asked to bind (`127.0.0.1`, `0.0.0.0`, `::1`). */
  boundHost: string;
  /** The port it listens on. */
  port: number;
}

/** `::ffff:10.0.0.5` (an IPv4 connection to a `::` listener) is 10.0.0.5. */
const plainAddress = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** IP literals compared by value: `::1` and `0:0:0:0:0:0:0:1` are one address. */
function sameAddress(a: string, b: string): boolean {
  if (isIP(a) !== isIP(b) || isIP(a) === 0) return false;
  if (isIP(a) === 4 || a === b) return a === b;
  try {
    return new URL(`http://[${a}]/`).hostname === new URL(`http://[${b}]/`).hostname;
  } catch {
    // A zone id (`fe80::1%eth0`) is no URL host: only the exact text matched above names it.
    return false;
  }
}

const isWildcard = (host: string): boolean => host === '0.0.0.0' || sameAddress(host, '::');
const isLoopback = (host: string): boolean =>
  (isIP(host) === 4 && host.startsWith('127.')) || sameAddress(host, '::1');

/** `host[:port]` or `[v6][:port]` split; undefined when it is not that shape. */
function splitHost(header: string): { host: string; port?: number } | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/i.exec(header.trim());
  if (match === null) return undefined;
  const host = (match[1] ?? match[2] ?? '').toLowerCase();
  // A bracketed host must be IPv6; a bare one with colons is not a Host at all (the regexp refuses it).
  if (match[1] !== undefined && isIP(host) !== 6) return undefined;
  return match[3] === undefined ? { host } : { host, port: Number(match[3]) };
}

/**
 * Whether a request with this `Host` header, arriving at `localAddress`, names the listener. A request
 * without one (HTTP/1.0) is refused too: every scraper sends it.
 */
export function hostAllowed(
  header: string | undefined,
  localAddress: string | undefined,
  listener: ListenerAddress,
): boolean {
  if (header === undefined) return false;
  const parsed = splitHost(header);
  if (parsed === undefined || (parsed.port !== undefined && parsed.port !== listener.port)) return false;
  const bound = isWildcard(listener.boundHost)
    ? plainAddress(localAddress ?? '')
    : plainAddress(listener.boundHost);
  if (parsed.host === 'localhost') return isLoopback(bound);
  return sameAddress(parsed.host, bound);
}

/** What to say to a refused request: short, and naming what would be answered. */
export function misdirectedBody(listener: ListenerAddress): string {
  const host = isIP(listener.boundHost) === 6 ? `[${listener.boundHost}]` : listener.boundHost;
  const named = isWildcard(listener.boundHost) ? `this machine's address` : host;
  return `Misdirected request: this metrics endpoint answers only requests for ${named}:${listener.port} (a Host header naming it).\n`;
}
