/**
 * What the hardware can physically report. A number outside these bounds is a broken sensor, a firmware
 * bug or a unit mix-up (negative hash rates, "initializing for 52767249433 d", 1e28 EH/s were all seen from
 * devices), never a fact: readings leave it out, list it as implausible (raw value kept in the raw JSON),
 * and neither fleet totals nor alerts count it. Bounds are generous on purpose: a real value must never be
 * called implausible, so each one sits well beyond the most extreme hardware of its kind.
 *
 * The checks are plain comparisons: the monitor runs them on every poll of thousands of devices.
 */

export interface PlausibleRange {
  min: number;
  max: number;
  /** The range as a person reads it, for the hover text. */
  shown: string;
}

/**
 * Hash rate per device (and so per hash board), in H/s. The fastest single units sold today do well under
 * 1 PH/s (hydro SHA-256 machines around 0.5 PH/s); 10 PH/s leaves room for a generation or two. Below
 * zero is impossible.
 */
export const HASH_RATE_HS: PlausibleRange = { min: 0, max: 10e15, shown: '0 to 10 PH/s' };

/**
 * Chip and board temperatures, °C. Sensors on these boards read from about −40 °C (their rated range, and
 * colder than any site) and the hardware shuts down far below 150 °C (chips are cut off around 95–125 °C);
 * 255 or 32767 are typical values of a disconnected sensor.
 */
export const TEMPERATURE_C: PlausibleRange = { min: -40, max: 150, shown: '-40 to 150 °C' };

/**
 * Fan speed, rpm. Miner fans (120–140 mm) top out near 7,000 rpm; even small high-speed server blowers
 * stay below 30,000. A stopped fan is 0; a negative speed is impossible.
 */
export const FAN_RPM: PlausibleRange = { min: 0, max: 30_000, shown: '0 to 30,000 rpm' };

/**
 * Power draw per device (and per board), W. The largest hydro and immersion units draw about 10–12 kW;
 * 20 kW is beyond what one device's power feed carries.
 */
export const POWER_W: PlausibleRange = { min: 0, max: 20_000, shown: '0 to 20 kW' };

/**
 * Efficiency, J/TH as the device reports it. Current machines do 10–35 J/TH and the oldest still in
 * service (S9) about 100; the device computes it from power over hash rate, so a device that is barely
 * hashing may report a large value — 1,000 keeps those while refusing nonsense and negatives.
 */
export const EFFICIENCY_J_TH: PlausibleRange = { min: 0, max: 1_000, shown: '0 to 1,000 J/TH' };

/**
 * Time in the current state, seconds. A state cannot last longer than the device has existed: 10 years
 * is beyond the service life of any of these machines. Negative is impossible.
 */
export const STATE_SECONDS: PlausibleRange = { min: 0, max: 10 * 365 * 86_400, shown: '0 to 10 years' };

/**
 * How long a device says it waits before going down for a reboot (`POST /system/reboot` → `{"after": s}`),
 * seconds. The vendor's default is 3 and the devices seen say a few seconds; ten minutes is far beyond a
 * device that is actually rebooting. The vendor schema allows any int64, and a mock serving it answered
 * 7301636182626752: that is no delay, and time arithmetic on it is an invalid date.
 */
export const REBOOT_DELAY_S: PlausibleRange = { min: 0, max: 600, shown: '0 to 10 min' };

export const outside = (value: number, range: PlausibleRange): boolean =>
  value < range.min || value > range.max;

/**
 * A hash rate in the device's own unit: `hsPerUnit` is what one unit is in H/s (undefined when the unit is
 * unknown, e.g. "N/A": then only a negative value can be told implausible).
 */
export const hashRateOutside = (value: number, hsPerUnit: number | undefined): boolean =>
  value < 0 || (hsPerUnit !== undefined && value * hsPerUnit > HASH_RATE_HS.max);

/** "-1200 rpm (plausible: 0 to 30,000 rpm)": the raw value as sent, and the range it left. */
export const implausibleText = (value: number, unit: string, range: PlausibleRange): string =>
  `${value} ${unit} (plausible: ${range.shown})`;
