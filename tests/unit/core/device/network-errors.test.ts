/** What a socket error says about the laptop's network: the classes the laptop-network detector is fed. */
import { describe, expect, it } from 'vitest';
import { DeviceError } from '../../../../electron/core/device/device-error';
import { networkSideOf, toDeviceError } from '../../../../electron/core/device/network-errors';

const address = { scheme: 'http' as const, host: '10.0.0.5', port: 80 };
const socketError = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`connect ${code} 10.0.0.5:80`), { code, syscall: 'connect' });

describe('networkSideOf', () => {
  it.each([
    ['ENETUNREACH', 'laptop', 'this laptop has no route to that network'],
    ['ENETDOWN', 'laptop', "this laptop's network interface is down"],
    ['EADDRNOTAVAIL', 'laptop', 'this laptop no longer has an address on that network'],
    ['EHOSTUNREACH', 'silent', 'no route to the host'],
    ['ETIMEDOUT', 'silent', 'did not answer in time'],
    ['EAI_AGAIN', 'silent', 'could not be resolved'],
    ['ECONNREFUSED', 'answered', 'refused the connection'],
    ['ECONNRESET', 'answered', 'closed the connection'],
  ])('%s → %s ("%s")', (code, side, words) => {
    const error = toDeviceError(socketError(code), address);
    expect(error.message).toContain(words);
    expect(networkSideOf(error)).toBe(side);
  });

  it('a device that answered, even badly, proves the network; a session refusal or a cancel says nothing', () => {
    expect(networkSideOf(new DeviceError('HTTP_ERROR', 'answered 500', { status: 500 }))).toBe('answered');
    expect(networkSideOf(new DeviceError('BAD_RESPONSE', 'not JSON'))).toBe('answered');
    expect(networkSideOf(new DeviceError('TLS_CHANGED', 'changed'))).toBe('answered');
    expect(networkSideOf(new DeviceError('TIMEOUT', 'did not answer within 4000 ms'))).toBe('silent');
    expect(networkSideOf(new DeviceError('AUTH_REQUIRED', 'needs its password'))).toBe('unknown');
    expect(networkSideOf(new DeviceError('CANCELLED', 'cancelled'))).toBe('unknown');
    expect(networkSideOf(new DeviceError('INTERNAL', 'bug'))).toBe('unknown');
  });
});
