import { describe, expect, it } from 'vitest';
import { namedWithSlot, placedLine } from '../../../shared/format/device-place-text';

describe('a device named with its slot', () => {
  it('puts the slot first and keeps the address in brackets', () => {
    expect(namedWithSlot('10.0.0.41', 'C2-R07-S3-P2')).toBe('C2-R07-S3-P2 (10.0.0.41)');
  });

  it('names an unplaced device by its address alone', () => {
    expect(namedWithSlot('10.0.0.41')).toBe('10.0.0.41');
    expect(namedWithSlot('10.0.0.41', '  ')).toBe('10.0.0.41');
  });

  it('never prints http:// but keeps another scheme or a port', () => {
    expect(namedWithSlot('http://10.0.0.41:8080', 'A-R1-S1-P1')).toBe('A-R1-S1-P1 (10.0.0.41:8080)');
    expect(namedWithSlot('https://10.0.0.41')).toBe('https://10.0.0.41');
  });

  it('makes an alert or outcome line', () => {
    expect(placedLine('10.0.0.41', 'C2-R07-S3-P2', 'chip 92 °C')).toBe(
      'C2-R07-S3-P2 (10.0.0.41): chip 92 °C',
    );
    expect(placedLine('10.0.0.41', undefined, 'offline')).toBe('10.0.0.41: offline');
  });
});
