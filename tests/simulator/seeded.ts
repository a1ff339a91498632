/**
 * Deterministic "random" numbers from a seed and a few keys, without a generator's state: the same
 * seed, device and knob always give the same value, whatever order devices start in. Used for the field
 * profile's per-device draws (ranges) and for picking which devices a field fault hits.
 */

/** FNV-1a over the keys' text, then a final avalanche (murmur3's fmix32): well spread 32 bits. */
function hash32(keys: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = keys.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) fixed by the keys. */
export function unitFrom(...keys: (string | number)[]): number {
  return hash32(keys) / 2 ** 32;
}
