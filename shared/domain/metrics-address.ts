/**
 * Where the app serves site metrics, as the user types it: `127.0.0.1:9464`, `0.0.0.0:9464`, `[::1]:9464`,
 * or a port alone (loopback). Checked here, in shared code, so the settings file, the IPC channel and the
 * Settings card refuse the same things with the same sentence; the core parses it again when it binds
 * (metrics-server.ts parseMetricsAddress). Host names are refused: what a name resolves to is not what
 * the user can see.
 */

/** Loopback: only this computer can scrape it until the user names another address. */
export const DEFAULT_METRICS_ADDRESS = '127.0.0.1:9464';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

export interface MetricsHostPort {
  host: string;
  port: number;
}

/** An IPv6 literal as the WHATWG URL parser takes it (the same parser in main and in the window). */
function isIpv6(host: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(host) || !host.includes(':')) return false;
  try {
    return new URL(`http://[${host}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** The host and port, or undefined when the text is not an IP literal and a port from 1 to 65535. */
export function splitMetricsAddress(text: string): MetricsHostPort | undefined {
  const trimmed = text.trim();
  const match = /^(?:\[([^\]]+)\]|([0-9.]+)):(\d{1,5})$/.exec(trimmed) ?? /^()()(\d{1,5})$/.exec(trimmed);
  if (match === null) return undefined;
  const port = Number(match[3]);
  if (!(port >= 1 && port <= 65_535)) return undefined;
  const v6 = match[1] ?? '';
  const v4 = match[2] ?? '';
  if (v6 !== '') return isIpv6(v6) ? { host: v6, port } : undefined;
  if (v4 !== '') return IPV4.test(v4) ? { host: v4, port } : undefined;
  return { host: '127.0.0.1', port };
}

/** The sentence the settings file, the channel and the card show for an address that cannot be used. */
export const METRICS_ADDRESS_PROBLEM =
  'An IP address and a port, e.g. 127.0.0.1:9464 (this computer only), 0.0.0.0:9464 (every network) or [::1]:9464; a port alone means this computer only.';

/** True for 127.0.0.0/8 and ::1: nothing outside this computer can scrape there. */
export function isLoopbackMetricsAddress(text: string): boolean {
  const address = splitMetricsAddress(text);
  if (address === undefined) return false;
  return address.host.startsWith('127.') || address.host === '::1' || /^(0+:){7}0*1$/.test(address.host);
}
