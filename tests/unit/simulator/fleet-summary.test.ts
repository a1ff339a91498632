import { describe, expect, it } from 'vitest';
import { fleetSummary, modelCounts } from '../../simulator/fleet-summary';

const devices = (n: number, model: string, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ host: `127.0.1.${from + i}`, model }));

describe('the simulator fleet summary', () => {
  it('counts the models, most common first, then by name', () => {
    expect(modelCounts(['B', 'A', 'C', 'C', 'A', 'C'])).toBe('3 × C, 2 × A, 1 × B');
    expect(modelCounts([])).toBe('');
  });

  it('says count, models, address range and port in one line', () => {
    const fleet = [...devices(120, 'Antminer S21 Pro'), ...devices(80, 'Antminer S19 XP', 121)];
    expect(fleetSummary(fleet, { profile: 'field', port: 8080, https: false })).toBe(
      'Minerdeck simulator: 200 field devices (120 × Antminer S21 Pro, 80 × Antminer S19 XP) at 127.0.1.1-127.0.1.200, port 8080',
    );
  });

  it('one device is one address; https is said after the port', () => {
    expect(fleetSummary(devices(1, 'Antminer S19 XP'), { profile: 'spec', port: 443, https: true })).toBe(
      'Minerdeck simulator: 1 spec device (1 × Antminer S19 XP) at 127.0.1.1, port 443 (https, self-signed)',
    );
  });
});
