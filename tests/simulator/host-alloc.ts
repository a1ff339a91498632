/**
 * Where a fleet's devices live. Parallel vitest workers each start fleets, so by default a fleet takes a
 * random 127.x.y block and a random high port; a collision shows up as EADDRINUSE and the fleet moves on.
 */
import { randomInt } from 'node:crypto';
import { formatIpv4, isLoopback, parseIpv4 } from './loopback';

const LAST_LOOPBACK = parseIpv4('127.255.255.254') ?? 0;

/** 'a.b.c' → a.b.c.1, 'a.b' → a.b.0.1, 'a.b.c.d' → itself; loopback only. */
export function parseHostBase(base: string): number {
  const parts = base.split('.');
  const padded = [...parts, ...Array<string>(Math.max(0, 4 - parts.length)).fill('0')];
  let n = parts.length <= 4 ? parseIpv4(padded.join('.')) : undefined;
  if (n === undefined || !isLoopback(formatIpv4(n))) {
    throw new RangeError(
      `host base must be a loopback prefix like '127.0.1' or an address in 127.0.0.0/8, got '${base}'`,
    );
  }
  if (parts.length < 4) n += 1;
  return n;
}

/** 127.<16-250>.<0-239>.1: leaves room for thousands of devices above it inside 127/8. */
export function randomHostBase(): number {
  return ((127 * 256 + randomInt(16, 251)) * 256 + randomInt(0, 240)) * 256 + 1;
}

export function randomPort(): number {
  return randomInt(20_000, 60_001);
}

/** Hands out consecutive addresses, skipping .0 and .255 (network and broadcast look-alikes). */
export class HostAllocator {
  constructor(private next: number) {}

  allocate(): string {
    while ((this.next & 255) === 0 || (this.next & 255) === 255) this.next++;
    if (this.next > LAST_LOOPBACK) throw new RangeError('no loopback addresses left for simulated devices');
    return formatIpv4(this.next++);
  }
}
