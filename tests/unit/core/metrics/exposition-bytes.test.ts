/**
 * The exposition written as bytes: every number exactly as JavaScript prints it, and each device's label
 * sets kept between scrapes yet never stale (a changed address, model, firmware or site name shows in the
 * very next scrape) nor kept for devices that left.
 */
import { describe, expect, it } from 'vitest';
import {
  renderExposition,
  renderExpositionBytes,
  sampleValue,
  streamExposition,
} from '../../../../electron/core/metrics/exposition';
import { DeviceLabelCache } from '../../../../electron/core/metrics/exposition-labels';
import { expositionInput, fleetView } from '../../../support/metrics-fixtures';

const HASH_RATE = 'minerdeck_device_hash_rate_hashes_per_second';

/** Awkward numbers: signs, zeros, the edges of safe integers and of 32 bits, exponents, fractions. */
const EDGES = [
  0,
  -0,
  1,
  -1,
  9,
  10,
  99,
  100,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  99_999_999,
  100_000_000,
  100_000_001,
  199_999_999_999_999,
  2 ** 53 - 1,
  -(2 ** 53 - 1),
  2 ** 53,
  2 ** 53 + 2,
  2 ** 60,
  1e20,
  1e21,
  123_456_789_012_345_680_000,
  0.1 + 0.2,
  1e-7,
  5e-324,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  1_795_496_399.123,
  70.5,
  NaN,
  Infinity,
  -Infinity,
];

/** A fixed pseudo-random sequence (no flaky seed): integers of every length and plain fractions. */
function spread(count: number): number[] {
  let state = 12_345;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, (_, i) => {
    const magnitude = 10 ** Math.floor(next() * 17);
    const value = next() * magnitude;
    return i % 2 === 0 ? Math.floor(value) : value * (next() < 0.5 ? -1 : 1);
  });
}

describe('the exposition as bytes', () => {
  it('writes every sample value exactly as sampleValue prints it', () => {
    const values = [...EDGES, ...spread(2_000)];
    const devices = fleetView(values.length * 3).filter((d) => d.reading !== undefined);
    const input = expositionInput(devices.slice(0, values.length));
    input.snapshot.devices.forEach((device, i) => {
      if (device.reading !== undefined) device.reading.hashRate = values[i] as number;
    });
    const written = renderExposition(input)
      .split('\n')
      .filter((line) => line.startsWith(`${HASH_RATE}{`))
      .map((line) => line.slice(line.lastIndexOf(' ') + 1));
    expect(written).toEqual(values.map(sampleValue));
  });

  it('keeps label sets between scrapes but shows a changed address, model, firmware or site at once', () => {
    const labels = new DeviceLabelCache();
    renderExposition({ ...expositionInput(fleetView(6)), labels });
    // The next scrape: one device moved, another upgraded, the same site.
    const changed = expositionInput(fleetView(6));
    const [moved, upgraded] = changed.snapshot.devices;
    const extras = changed.extras(upgraded?.deviceId ?? '');
    if (moved === undefined || extras === undefined) throw new Error('fixture');
    moved.address = 'http://10.9.9.9';
    extras.firmware = 'Vnish 1.2.8';
    extras.model = 'Antminer S21 Pro';
    const kept = renderExposition({ ...changed, labels });
    expect(kept).toBe(renderExposition(changed));
    expect(kept).toContain('address="http://10.9.9.9"');
    expect(kept).toContain('model="Antminer S21 Pro",firmware="Vnish 1.2.8"} 1\n');
    // Then the site is renamed.
    const renamed = { ...changed, site: 'Container 8' };
    expect(renderExposition({ ...renamed, labels })).toBe(renderExposition(renamed));
    expect(renderExposition({ ...renamed, labels })).not.toContain('Site A');
  });

  it('lets go of the label sets of devices that left the monitor', () => {
    const labels = new DeviceLabelCache();
    renderExposition({ ...expositionInput(fleetView(50)), labels });
    expect(labels.size).toBe(50);
    const fewer = expositionInput(fleetView(50).slice(0, 20));
    expect(renderExposition({ ...fewer, labels })).toBe(renderExposition(fewer));
    expect(labels.size).toBe(20);
  });

  it('streams a label longer than its buffers whole, byte for byte the scrape made at once', async () => {
    const input = expositionInput(fleetView(3));
    const extras = input.extras(input.snapshot.devices[0]?.deviceId ?? '');
    if (extras?.pools === undefined) throw new Error('fixture');
    extras.pools = [{ pool: '0', url: `stratum+tcp://${'ü'.repeat(1_500_000)}.example:3333`, accepted: 1 }];
    const chunks: Buffer[] = [];
    await streamExposition(input, 'text', (chunk) => chunks.push(chunk));
    expect(Buffer.concat(chunks).equals(renderExpositionBytes(input))).toBe(true);
    expect(Buffer.concat(chunks).length).toBeGreaterThan(3_000_000);
  });
});
