/**
 * A device address as a technician types it: `http://host[:port]`, `https://host[:port]` or `host[:port]`
 * (plain http, the devices' default). Parsing is pure so the renderer can validate input before any call.
 */
import { message } from '../i18n/message';
import type { Result } from '../result';
import { errWithText, ok } from '../result';

export type DeviceScheme = 'http' | 'https';

export interface DeviceAddress {
  scheme: DeviceScheme;
  /** Host name, IPv4 address, or IPv6 address without brackets. */
  host: string;
  port: number;
}

const HOSTNAME_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export const defaultPort = (scheme: DeviceScheme): number => (scheme === 'https' ? 443 : 80);

/** A dotted-quad IPv4 address, each number 0–255 without a leading zero. */
export function isIpv4(host: string): boolean {
  const m = IPV4.exec(host);
  return m !== null && m.slice(1).every((octet) => Number(octet) <= 255 && String(Number(octet)) === octet);
}

export function isIpv6(host: string): boolean {
  // Enough to tell an IPv6 literal from garbage; the OS resolver has the final word.
  return /^[0-9A-Fa-f:.]+$/.test(host) && host.includes(':') && (host.match(/::/g) ?? []).length <= 1;
}

/** A DNS host name (letters, digits and hyphens per dot-separated label); digits and dots alone are not one. */
export function isHostname(host: string): boolean {
  if (host.length > 253) return false;
  if (/^[\d.]+$/.test(host)) return false; // digits and dots only must be a valid IPv4 address
  return host.split('.').every((label) => HOSTNAME_LABEL.test(label));
}

/**
 * Parse what a technician typed. Never throws; the error names what is wrong. `options.port` is the port of
 * an address written without one (the CLI's `--port`); a port written in the address wins.
 */
export function parseDeviceAddress(input: string, options: { port?: number } = {}): Result<DeviceAddress> {
  const text = input.trim();
  if (text === '')
    return errWithText('INVALID_INPUT', 'The device address is empty.', message('errors.address.empty'));

  let scheme: DeviceScheme = 'http';
  let rest = text;
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (schemeMatch?.[1] !== undefined) {
    const name = schemeMatch[1].toLowerCase();
    if (name !== 'http' && name !== 'https') {
      return errWithText(
        'INVALID_INPUT',
        `"${text}": only http:// and https:// addresses are supported, not ${name}://.`,
        message('errors.address.scheme', { text, scheme: name }),
      );
    }
    scheme = name;
    rest = text.slice(schemeMatch[0].length);
  }
  rest = rest.replace(/\/+$/, '');
  if (rest.includes('/') || rest.includes('?') || rest.includes('#') || rest.includes('@')) {
    return errWithText(
      'INVALID_INPUT',
      `"${text}" is not a device address: give only a host and an optional port.`,
      message('errors.address.hostAndPortOnly', { text }),
    );
  }

  let host: string;
  let portText: string | undefined;
  if (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0)
      return errWithText(
        'INVALID_INPUT',
        `"${text}": the IPv6 address is missing its closing "]".`,
        message('errors.address.ipv6Unclosed', { text }),
      );
    host = rest.slice(1, close);
    const after = rest.slice(close + 1);
    if (after !== '' && !after.startsWith(':'))
      return errWithText(
        'INVALID_INPUT',
        `"${text}" is not a device address.`,
        message('errors.address.notAddress', { text }),
      );
    portText = after === '' ? undefined : after.slice(1);
    if (!isIpv6(host))
      return errWithText(
        'INVALID_INPUT',
        `"${host}" is not a valid IPv6 address.`,
        message('errors.address.badIpv6', { host }),
      );
  } else if ((rest.match(/:/g) ?? []).length > 1) {
    host = rest; // bare IPv6 without a port
    if (!isIpv6(host))
      return errWithText(
        'INVALID_INPUT',
        `"${text}" is not a valid address.`,
        message('errors.address.invalid', { text }),
      );
  } else {
    const colon = rest.indexOf(':');
    host = colon < 0 ? rest : rest.slice(0, colon);
    portText = colon < 0 ? undefined : rest.slice(colon + 1);
    if (host === '')
      return errWithText(
        'INVALID_INPUT',
        `"${text}" has no host.`,
        message('errors.address.noHost', { text }),
      );
    if (!isIpv4(host) && !isHostname(host)) {
      return errWithText(
        'INVALID_INPUT',
        `"${host}" is neither an IPv4 address nor a host name.`,
        message('errors.address.badHost', { host }),
      );
    }
  }

  let port = options.port ?? defaultPort(scheme);
  if (portText !== undefined) {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) {
      return errWithText(
        'INVALID_INPUT',
        `"${portText}" is not a port: use a number from 1 to 65535.`,
        message('errors.address.badPortText', { port: portText }),
      );
    }
    port = Number(portText);
  }
  return ok({ scheme, host: host.toLowerCase(), port });
}

/** Canonical text form: scheme always, port only when not the scheme's default. */
export function formatDeviceAddress(address: DeviceAddress): string {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  const port = address.port === defaultPort(address.scheme) ? '' : `:${address.port}`;
  return `${address.scheme}://${host}${port}`;
}
