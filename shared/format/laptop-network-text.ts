/**
 * The words for the laptop being off the site network (monitor/laptop-network.ts), the same in the app's
 * banner, the CLI's `monitor` line and anywhere else: one condition instead of an alarm per device.
 */

/** "22:42": local time, hours and minutes (a technician's clock on the wall). */
const hoursMinutes = (ms: number): string => new Date(ms).toTimeString().slice(0, 5);

/** "this laptop is not on the site network (since 22:42)". */
export const offNetworkWords = (since: number): string =>
  `this laptop is not on the site network (since ${hoursMinutes(since)})`;

/** What it means for the devices, said once: nothing about them is known until the laptop is back. */
export const OFF_NETWORK_CONSEQUENCE =
  'devices are not checked and keep their last state until it is back; no device alarm is raised for it';

/** "this laptop is back on the site network (it was off from 22:42 to 22:45)". */
export const backOnNetworkWords = (since: number, at: number): string =>
  `this laptop is back on the site network (it was off from ${hoursMinutes(since)} to ${hoursMinutes(at)})`;
