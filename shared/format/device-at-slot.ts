/**
 * How a device is named where a line speaks of it (an alert, an outcome): by its slot first when it has
 * one, the address in brackets — *C2-R07-S3-P2 (10.0.0.41): chip 92 °C* — so the technician walks to the
 * box without a look-up; by its address alone while it stands in no slot. Zod-free: the window and the
 * CLI name devices the same way (issue 34).
 */

/** `C2-R07-S3-P2 (10.0.0.41)`, or `10.0.0.41` without a slot; `http(s)://` is left off the address. */
export function deviceAtSlot(address: string, slot?: string | null): string {
  const host = address.replace(/^https?:\/\//, '');
  return slot === undefined || slot === null || slot === '' ? host : `${slot} (${host})`;
}

/** `C2-R07-S3-P2 (10.0.0.41): chip 92 °C`: a line about the device, named as deviceAtSlot says. */
export function lineAboutDevice(address: string, slot: string | null | undefined, text: string): string {
  return `${deviceAtSlot(address, slot)}: ${text}`;
}
