/**
 * A device named with its place (issue 34): `C2-R07-S3-P2 (10.0.0.41)` when it stands in a slot, its
 * address alone when it does not. The slot comes first because on a site it is what a technician walks
 * to; the address stays because it is what the network knows. One wording for the report's failure lines,
 * the alerts and the outcomes, in the window and the CLI. Zod-free: the window uses it too.
 */

/** `http://` is what a device speaks unless said; never printed (as `shortAddress` does). */
const plainAddress = (address: string): string => address.replace(/^http:\/\//, '');

/** `C2-R07-S3-P2 (10.0.0.41)`, or `10.0.0.41` when the device has no slot (undefined or blank). */
export function namedWithSlot(address: string, slotName?: string): string {
  const slot = slotName?.trim() ?? '';
  const plain = plainAddress(address);
  return slot === '' ? plain : `${slot} (${plain})`;
}

/** `C2-R07-S3-P2 (10.0.0.41): chip 92 °C` — one line about one device. */
export function placedLine(address: string, slotName: string | undefined, text: string): string {
  return `${namedWithSlot(address, slotName)}: ${text}`;
}
