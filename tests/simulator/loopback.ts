/**
 * IPv4 loopback addresses as numbers. Linux routes all of 127.0.0.0/8 to `lo`, so every device can have
 * an address of its own; the simulator refuses anything else so tests can never reach a real network.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function parseIpv4(text: string): number | undefined {
  const m = IPV4.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return octets.reduce((acc, o) => acc * 256 + o, 0);
}

export function formatIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

export function isLoopback(host: string): boolean {
  const n = parseIpv4(host);
  return n !== undefined && n >>> 24 === 127;
}

export function assertLoopback(host: string): void {
  if (!isLoopback(host)) throw new RangeError(`simulated devices listen on 127.0.0.0/8 only, got '${host}'`);
}
