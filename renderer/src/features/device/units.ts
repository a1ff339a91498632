/** A device's hash-rate value in its own unit → H/s (the unit string is the device's `hr_measure`). */
import { toHashesPerSecond } from '../../../../shared/format/hash-rate';

export const toHs = (value: number | undefined, unit: string | undefined): number | undefined =>
  value === undefined || unit === undefined ? undefined : toHashesPerSecond(value, unit);
