/** What every reading must satisfy, whatever bodies went in: shared by the reader's test files. */
import { expect } from 'vitest';
import type { DeviceReading } from '../../../../../shared/domain/reading';
import { deviceReadingSchema } from '../../../../../shared/domain/reading';

export function expectSound(reading: DeviceReading): void {
  expect(deviceReadingSchema.safeParse(reading).success).toBe(true);
  expect(() => JSON.stringify(reading)).not.toThrow();
  expect(reading.warnings.some((w) => w.startsWith('the reading could not be built'))).toBe(false);
}
