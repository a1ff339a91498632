/**
 * A device's pools: the three slots of `miner.pools` in /settings and how the pools in use show in
 * /summary. Real firmware takes exactly three {url, user, pass} slots (unused ones empty) and mines on new
 * pools only after a mining restart or a reboot (field-notes.md, "Writes a commissioning tool makes").
 */
import type { JsonObject } from './fixtures';
import type { SimPool } from './types';

export const POOL_SLOTS = 3;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The slots as given, or why they are refused (the text of the device's 400 answer). */
export function parsePools(value: unknown): SimPool[] | string {
  if (!Array.isArray(value) || value.length !== POOL_SLOTS) {
    const got = Array.isArray(value) ? `${value.length} pools` : typeof value;
    return `Json deserialize error: miner.pools must be exactly ${POOL_SLOTS} pools of {url, user, pass}, got ${got}`;
  }
  const pools: SimPool[] = [];
  for (const [i, slot] of value.entries()) {
    if (!isObject(slot)) return `Json deserialize error: miner.pools[${i}] must be an object`;
    const { url, user, pass } = slot;
    if (typeof url !== 'string' || typeof user !== 'string' || typeof pass !== 'string') {
      return `Json deserialize error: miner.pools[${i}] needs string fields url, user and pass`;
    }
    pools.push({ url, user, pass });
  }
  return pools;
}

export function samePools(a: readonly SimPool[], b: readonly SimPool[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => p.url === b[i]?.url && p.user === b[i]?.user && p.pass === b[i]?.pass)
  );
}

/**
 * /summary's `pools` for the pools in use: one entry per slot with a url (the first `active`, the others
 * `working`, shaped like the fixture's entries), then the DevFee entry as the device shows it. Given the
 * fixture's own pools this returns the fixture's list unchanged.
 */
export function summaryPools(fixturePools: JsonObject[], inUse: readonly SimPool[]): JsonObject[] {
  const user = fixturePools.filter((p) => p['pool_type'] !== 'DevFee');
  const devFee = fixturePools.filter((p) => p['pool_type'] === 'DevFee');
  const out: JsonObject[] = [];
  for (const pool of inUse) {
    if (pool.url === '') continue;
    const k = out.length;
    const template = user[Math.min(k, user.length - 1)] ?? { pool_type: 'UserPool' };
    out.push({ ...template, id: k, url: pool.url, user: pool.user, status: k === 0 ? 'active' : 'working' });
  }
  for (const p of devFee) out.push({ ...p, id: out.length });
  return out;
}
