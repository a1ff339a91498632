import { describe, expect, it } from 'vitest';
import { HostAllocator, parseHostBase, randomHostBase } from '../../simulator/host-alloc';
import { formatIpv4, isLoopback, parseIpv4 } from '../../simulator/loopback';

describe('host allocation', () => {
  it('reads a host base as a prefix or a full address, loopback only', () => {
    expect(formatIpv4(parseHostBase('127.0.1'))).toBe('127.0.1.1');
    expect(formatIpv4(parseHostBase('127.5'))).toBe('127.5.0.1');
    expect(formatIpv4(parseHostBase('127.9.9.40'))).toBe('127.9.9.40');
    for (const bad of ['10.0.0', '127.0.256', 'localhost', '127.0.0.1.2', '']) {
      expect(() => parseHostBase(bad), bad).toThrow(RangeError);
    }
  });

  it('hands out consecutive addresses, skipping .0 and .255', () => {
    const alloc = new HostAllocator(parseIpv4('127.3.0.253')!);
    expect([1, 2, 3, 4].map(() => alloc.allocate())).toEqual([
      '127.3.0.253',
      '127.3.0.254',
      '127.3.1.1',
      '127.3.1.2',
    ]);
  });

  it('stops at the end of 127/8 instead of leaving loopback', () => {
    const alloc = new HostAllocator(parseIpv4('127.255.255.254')!);
    expect(alloc.allocate()).toBe('127.255.255.254');
    expect(() => alloc.allocate()).toThrow(RangeError);
  });

  it('picks random blocks inside loopback with room above them', () => {
    for (let i = 0; i < 200; i++) {
      const base = randomHostBase();
      expect(isLoopback(formatIpv4(base))).toBe(true);
      expect(isLoopback(formatIpv4(base + 5000))).toBe(true);
    }
  });
});
