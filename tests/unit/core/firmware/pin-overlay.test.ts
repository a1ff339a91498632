/**
 * The pins a rollout trusts new certificates in (certificates.ts `createPinOverlay`): a certificate trusted
 * during the run is used at once, before the inventory is read again — and only while the inventory still
 * says what it said then; once it is re-read (with that pin, or another one trusted since), it decides again.
 */
import { describe, expect, it } from 'vitest';
import { createPinOverlay } from '../../../../electron/core/firmware/certificates';

describe('createPinOverlay', () => {
  it('uses a pin trusted during the run at once, and gives way when the base changes', () => {
    const base = new Map<string, string>([['10.0.0.7:443', 'OLD']]);
    const pins = createPinOverlay({ get: (hostPort) => base.get(hostPort) });
    expect(pins.get('10.0.0.7:443')).toBe('OLD');
    pins.pin('https://10.0.0.7', 'NEW');
    expect(pins.get('10.0.0.7:443')).toBe('NEW');
    expect(pins.get('10.0.0.8:443')).toBeUndefined();
    // The inventory is read again with the pin, then someone trusts yet another certificate: it decides.
    base.set('10.0.0.7:443', 'NEW');
    expect(pins.get('10.0.0.7:443')).toBe('NEW');
    base.set('10.0.0.7:443', 'NEWER');
    expect(pins.get('10.0.0.7:443')).toBe('NEWER');
  });

  it('pins a device the base never knew', () => {
    const pins = createPinOverlay(undefined);
    pins.pin('https://10.0.0.9:8443', 'FP');
    expect(pins.get('10.0.0.9:8443')).toBe('FP');
  });
});
