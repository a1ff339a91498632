/**
 * IPv4 addresses as unsigned 32-bit numbers, so ranges and CIDR blocks are two numbers instead of a list:
 * a /8 stays two numbers until the scanner asks for the next address.
 */

export const IPV4_MAX = 0xffffffff;

export type Ipv4Parse = { ok: true; value: number } | { ok: false; reason: string };

/**
 * Strict dotted-quad parsing with a reason a technician can act on. Leading zeros are refused: some tools
 * read `010` as octal (8), others as decimal (10), so the address would be ambiguous.
 */
export function parseIpv4(text: string): Ipv4Parse {
  const parts = text.split('.');
  if (parts.length !== 4) {
    return { ok: false, reason: `an IPv4 address has 4 numbers separated by dots, this has ${parts.length}` };
  }
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) {
      return { ok: false, reason: `"${part}" is not a number from 0 to 255` };
    }
    const octet = Number(part);
    if (octet > 255) return { ok: false, reason: `${part} is not a number from 0 to 255` };
    if (part.length > 1 && part.startsWith('0')) {
      return { ok: false, reason: `"${part}" has a leading zero, which some tools read as octal` };
    }
    value = value * 256 + octet;
  }
  return { ok: true, value };
}

export function formatIpv4(value: number): string {
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
}

/** Number of addresses in a block of this prefix length: 2^(32 - prefix). */
export const blockSize = (prefix: number): number => 2 ** (32 - prefix);

/** The first address of the block of `prefix` bits that contains `value`. */
export const networkOf = (value: number, prefix: number): number =>
  Math.floor(value / blockSize(prefix)) * blockSize(prefix);

/**
 * The hosts of a CIDR block: without the network and broadcast addresses for /30 and wider (no device
 * can have them), every address for /31 (point-to-point, RFC 3021) and /32.
 */
export function cidrHosts(value: number, prefix: number): { first: number; last: number } {
  const first = networkOf(value, prefix);
  const last = first + blockSize(prefix) - 1;
  return prefix <= 30 ? { first: first + 1, last: last - 1 } : { first, last };
}
