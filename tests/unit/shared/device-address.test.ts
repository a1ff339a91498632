import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';

describe('parseDeviceAddress', () => {
  it.each([
    ['10.0.0.5', { scheme: 'http', host: '10.0.0.5', port: 80 }],
    ['10.0.0.5:8080', { scheme: 'http', host: '10.0.0.5', port: 8080 }],
    ['http://10.0.0.5', { scheme: 'http', host: '10.0.0.5', port: 80 }],
    ['https://10.0.0.5', { scheme: 'https', host: '10.0.0.5', port: 443 }],
    ['HTTPS://Miner-01.local:8443/', { scheme: 'https', host: 'miner-01.local', port: 8443 }],
    ['  antminer  ', { scheme: 'http', host: 'antminer', port: 80 }],
    ['[::1]:8080', { scheme: 'http', host: '::1', port: 8080 }],
    ['fe80::1', { scheme: 'http', host: 'fe80::1', port: 80 }],
  ])('accepts %s', (input, expected) => {
    expect(parseDeviceAddress(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', /empty/],
    ['ftp://10.0.0.5', /only http:\/\/ and https:\/\//],
    ['10.0.0.5:0', /not a port/],
    ['10.0.0.5:65536', /not a port/],
    ['10.0.0.5:abc', /not a port/],
    ['10.0.0.256', /neither an IPv4 address nor a host name/],
    ['10.0.0', /neither an IPv4 address nor a host name/],
    ['http://10.0.0.5/api/v1', /only a host and an optional port/],
    ['user@10.0.0.5', /only a host/],
    ['bad_host!', /neither an IPv4 address nor a host name/],
    ['[::1', /closing/],
    [':8080', /no host/],
  ])('refuses %j with a clear reason', (input, message) => {
    const result = parseDeviceAddress(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.message).toMatch(message);
    }
  });

  it('never throws and round-trips what it accepts', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const parsed = parseDeviceAddress(input);
        if (parsed.ok) expect(parseDeviceAddress(formatDeviceAddress(parsed.value))).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('formats with the scheme and only a non-default port', () => {
    expect(formatDeviceAddress({ scheme: 'http', host: '10.0.0.5', port: 80 })).toBe('http://10.0.0.5');
    expect(formatDeviceAddress({ scheme: 'https', host: '::1', port: 8443 })).toBe('https://[::1]:8443');
  });
});
