/**
 * One target as a technician writes it: `10.0.0.5`, `10.0.0.0/22`, `10.0.0.10-10.0.0.200`, `10.0.0.10-200`,
 * `miner-07.local`, `[fe80::1]`, each with an optional `:port`. Pure, so the renderer can check a pasted
 * list as it is typed. Every refusal says what is wrong with this token in words, not "invalid input".
 */
import ipaddr from 'ipaddr.js';
import { cidrHosts, parseIpv4 } from './ipv4';

/** A contiguous IPv4 block (both ends included); `port` undefined = the scan's default ports. */
export interface Ipv4Entry {
  kind: 'ipv4';
  first: number;
  last: number;
  port: number | undefined;
}

/** A host name or a single IPv6 address, probed as written (names are resolved when probed). */
export interface NamedEntry {
  kind: 'named';
  host: string;
  port: number | undefined;
}

export type TargetEntry = Ipv4Entry | NamedEntry;

export type TokenParse = { ok: true; entry: TargetEntry } | { ok: false; reason: string };

const HOSTNAME_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const NUMERIC = /^[\d.]+$/;

const fail = (reason: string): TokenParse => ({ ok: false, reason });

function parsePort(text: string): number | string {
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 65535) {
    return `"${text}" is not a port: use a number from 1 to 65535`;
  }
  return Number(text);
}

function isHostname(text: string): boolean {
  return text.length <= 253 && text.split('.').every((label) => HOSTNAME_LABEL.test(label));
}

function parseIpv6(text: string, port: number | undefined): TokenParse {
  if (/[/-]/.test(text)) {
    return fail('IPv6 ranges and blocks cannot be swept; give single IPv6 addresses');
  }
  if (!ipaddr.IPv6.isValid(text)) return fail(`"${text}" is not a valid IPv6 address`);
  return { ok: true, entry: { kind: 'named', host: ipaddr.IPv6.parse(text).toString(), port } };
}

function parseCidr(text: string, port: number | undefined): TokenParse {
  const [base = '', prefixText = '', ...more] = text.split('/');
  if (more.length > 0) return fail('a block has one "/", as in 10.0.0.0/24');
  const address = parseIpv4(base);
  if (!address.ok) return fail(`${address.reason} (in the block "${text}")`);
  if (!/^\d{1,2}$/.test(prefixText) || Number(prefixText) > 32) {
    return fail(`"/${prefixText}" is not a prefix length: use /0 to /32, e.g. /24`);
  }
  const { first, last } = cidrHosts(address.value, Number(prefixText));
  return { ok: true, entry: { kind: 'ipv4', first, last, port } };
}

function parseRange(text: string, port: number | undefined): TokenParse {
  const dash = text.indexOf('-');
  const startText = text.slice(0, dash);
  const endText = text.slice(dash + 1);
  const start = parseIpv4(startText);
  if (!start.ok) return fail(`${start.reason} (at the start of the range "${text}")`);
  let end: number;
  if (/^\d{1,3}$/.test(endText)) {
    // `10.0.0.10-200`: the end replaces the last number of the start address.
    const lastOctet = Number(endText);
    if (lastOctet > 255) return fail(`the range end ${endText} is not a number from 0 to 255`);
    end = start.value - (start.value % 256) + lastOctet;
  } else {
    const parsed = parseIpv4(endText);
    if (!parsed.ok) {
      return fail(
        endText === '' ? `the range "${text}" has no end` : `${parsed.reason} (at the end of the range)`,
      );
    }
    end = parsed.value;
  }
  if (end < start.value) return fail(`the range ends before it starts`);
  return { ok: true, entry: { kind: 'ipv4', first: start.value, last: end, port } };
}

/** Parses one token (already split from its neighbours, not empty). */
export function parseTargetToken(token: string): TokenParse {
  let text = token;
  let port: number | undefined;

  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return fail('the IPv6 address is missing its closing "]"');
    const after = text.slice(close + 1);
    if (after !== '' && !after.startsWith(':')) return fail(`unexpected "${after}" after "]"`);
    if (after !== '') {
      const parsed = parsePort(after.slice(1));
      if (typeof parsed === 'string') return fail(parsed);
      port = parsed;
    }
    return parseIpv6(text.slice(1, close), port);
  }
  const colons = (text.match(/:/g) ?? []).length;
  if (colons > 1) return parseIpv6(text, undefined);
  if (colons === 1) {
    const colon = text.indexOf(':');
    const parsed = parsePort(text.slice(colon + 1));
    if (typeof parsed === 'string') return fail(parsed);
    port = parsed;
    text = text.slice(0, colon);
    if (text === '') return fail('there is a port but no address before the ":"');
  }

  if (text.includes('/')) return parseCidr(text, port);
  const dash = text.indexOf('-');
  const start = dash >= 0 ? text.slice(0, dash) : '';
  if (start.includes('.') && NUMERIC.test(start)) return parseRange(text, port);
  if (NUMERIC.test(text)) {
    const address = parseIpv4(text);
    if (!address.ok) return fail(address.reason);
    return { ok: true, entry: { kind: 'ipv4', first: address.value, last: address.value, port } };
  }
  if (text.includes('*')) return fail('wildcards are not supported: write a block such as 10.0.0.0/24');
  if (!isHostname(text)) {
    return fail('not an IPv4 address, a block (10.0.0.0/24), a range (10.0.0.10-200) or a host name');
  }
  return { ok: true, entry: { kind: 'named', host: text.toLowerCase(), port } };
}
