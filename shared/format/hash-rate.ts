/**
 * Hash rates arrive in the device's own unit (`hr_measure`, usually GH/s). People read them in the largest
 * unit that keeps the number ≥ 1: 173870.94 GH/s reads as "173.87 TH/s". Shared by the CLI and the UI.
 */
const UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s'] as const;

const LOWER_UNITS: readonly string[] = UNITS.map((u) => u.toLowerCase());

/** The unit's position in UNITS, whatever its case and spacing; -1 when unknown. */
function unitIndex(unit: string): number {
  return LOWER_UNITS.indexOf(unit.trim().toLowerCase());
}

/** Converts to hashes per second; undefined when the unit is unknown (e.g. "N/A"). */
export function toHashesPerSecond(value: number, unit: string): number | undefined {
  const index = unitIndex(unit);
  return index < 0 ? undefined : value * 1000 ** index;
}

/** "173.87 TH/s"; a value in an unknown unit is shown as given. */
export function formatHashRate(value: number, unit: string): string {
  const index = unitIndex(unit);
  if (index < 0 || !Number.isFinite(value)) return `${value} ${unit}`;
  let scaled = value;
  let at = index;
  while (Math.abs(scaled) >= 1000 && at < UNITS.length - 1) {
    scaled /= 1000;
    at += 1;
  }
  while (Math.abs(scaled) < 1 && scaled !== 0 && at > 0) {
    scaled *= 1000;
    at -= 1;
  }
  return `${scaled.toFixed(2)} ${UNITS[at]}`;
}
