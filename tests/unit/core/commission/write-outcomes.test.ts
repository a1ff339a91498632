/** Which device answers mean "nothing was applied", and the one-line summary of a write. */
import { describe, expect, it } from 'vitest';
import { isRefusal } from '../../../../electron/core/commission/password-change';
import { DeviceError } from '../../../../electron/core/device/device-error';
import { summarizeActivity } from '../../../../shared/domain/commission';

describe('isRefusal: did the device say no (nothing applied)?', () => {
  it.each([
    ['an HTTP error answer', new DeviceError('HTTP_ERROR', 'x', { status: 500 }), true],
    ['a 401', new DeviceError('AUTH_REQUIRED', 'x', { status: 401 }), true],
    ['a lockout', new DeviceError('LOCKED_OUT', 'x'), true],
    ['a refused connection', new DeviceError('UNREACHABLE', 'x', { cause: 'ECONNREFUSED' }), true],
    ['a reset after sending', new DeviceError('UNREACHABLE', 'x', { cause: 'ECONNRESET' }), false],
    ['a timeout', new DeviceError('TIMEOUT', 'x'), false],
    ['a garbled 200', new DeviceError('BAD_RESPONSE', 'x', { status: 200 }), false],
    ['a cancel in flight', new DeviceError('CANCELLED', 'x'), false],
    ['not a device error', new Error('x'), false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isRefusal(error)).toBe(expected);
  });
});

describe('summarizeActivity', () => {
  const device = (outcome: 'done' | 'failed' | 'unknown' | 'skipped') => ({
    deviceId: 'd',
    address: 'http://127.0.0.1',
    outcome,
    message: '',
  });

  it('counts done of tried, then what went otherwise', () => {
    const devices = [
      ...Array(198).fill(device('done')),
      device('failed'),
      device('failed'),
      device('skipped'),
    ];
    expect(summarizeActivity({ action: 'pools', devices })).toBe(
      'pools set on 198 of 200 devices; 2 failed; 1 skipped',
    );
    expect(summarizeActivity({ action: 'password-change', devices: [device('unknown')] })).toBe(
      'password changed on 0 of 1 device; 1 unknown (check)',
    );
  });

  it('says which way the locate LED went: on (the entry says until when), or off', () => {
    const until = '2025-06-01T10:10:00.000Z';
    expect(summarizeActivity({ action: 'locate', devices: [device('done')] })).toBe(
      'locate LED off for 1 of 1 device',
    );
    expect(summarizeActivity({ action: 'locate', until, devices: [device('done'), device('done')] })).toBe(
      'locate LED on for 2 of 2 devices',
    );
    // `until` means "on" for the locate LED only: a reboot's is the end of its expected disruption.
    expect(summarizeActivity({ action: 'reboot', until, devices: [device('done')] })).toBe(
      'rebooted on 1 of 1 device',
    );
  });
});
