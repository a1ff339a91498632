/**
 * What counts as a device's MAC address. The MAC is a device's identity across address changes
 * (field-notes.md), so text that is not one ("N/A", "unknown", an empty placeholder) must never become an
 * identity: two devices that both say "unknown" would be taken for one. Zod-free, for the renderer too.
 */

const PAIRS = /^[0-9A-F]{2}([:-]?)[0-9A-F]{2}(\1[0-9A-F]{2}){4}$/;
/** Cisco style, `aabb.ccdd.eeff`. */
const DOTTED = /^[0-9A-F]{4}\.[0-9A-F]{4}\.[0-9A-F]{4}$/;
/** All zeros and the broadcast address: placeholders firmware sends before its network is up. */
const PLACEHOLDER = /^(0{12}|F{12})$/;

/**
 * `aa-bb-cc-dd-ee-ff`, `AABBCCDDEEFF`, `aabb.ccdd.eeff` → `AA:BB:CC:DD:EE:FF`; undefined for anything
 * that is not a device's own MAC (placeholders included).
 */
export function parseMac(text: string): string | undefined {
  const upper = text.trim().toUpperCase();
  if (!PAIRS.test(upper) && !DOTTED.test(upper)) return undefined;
  const hex = upper.replace(/[:.-]/g, '');
  if (PLACEHOLDER.test(hex)) return undefined;
  return (hex.match(/../g) ?? []).join(':');
}
