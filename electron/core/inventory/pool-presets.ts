/**
 * Pool presets, saved per site: a name and up to three pools (url, worker template, password),
 * so the next batch of devices gets the same pools without retyping. Pure functions over an inventory
 * draft, run inside `store.update` like sites.ts. The pool password is kept here (it is not a device
 * secret), and only here: never in the activity log, a report or a log line.
 */
import type { PoolPreset, PoolSpec } from '../../../shared/domain/pools';
import { checkPools } from '../../../shared/domain/pools';
import { CONTROL_CHARACTER } from '../../../shared/domain/plain-text';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import type { Inventory } from './schema';
import type { StoredPoolPreset } from './stored-records';

/** Far more than a site has pools for; a bound so a runaway script cannot grow the file without end. */
export const MAX_PRESETS_PER_SITE = 100;

const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
const strip = ({ siteId: _site, ...preset }: StoredPoolPreset): PoolPreset => preset;

/** A site's presets, by name. */
export function presetsOf(inventory: Inventory, siteId: string): PoolPreset[] {
  return inventory.poolPresets
    .filter((p) => p.siteId === siteId)
    .map(strip)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The preset `name` names (any case), or NOT_FOUND listing the site's presets. */
export function findPreset(inventory: Inventory, siteId: string, name: string): Result<PoolPreset> {
  const found = inventory.poolPresets.find((p) => p.siteId === siteId && sameName(p.name, name));
  if (found !== undefined) return ok(strip(found));
  const names = presetsOf(inventory, siteId).map((p) => `"${p.name}"`);
  return errWithText(
    'NOT_FOUND',
    `No pool preset is named "${name}" in this site${names.length > 0 ? ` (presets: ${names.join(', ')})` : ' (it has none yet)'}.`,
    names.length > 0
      ? message('errors.poolPreset.unknown', { name, presets: names.join(', ') })
      : message('errors.poolPreset.unknownNone', { name }),
  );
}

/** Saves (or replaces, by name in any case) a preset; its pools are checked as a request's would be. */
export function savePreset(
  inventory: Inventory,
  siteId: string,
  input: { name: string; pools: readonly PoolSpec[] },
  now: Date,
): Result<PoolPreset> {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name === '' || name.length > 60 || CONTROL_CHARACTER.test(name)) {
    return errWithText(
      'INVALID_INPUT',
      'A preset name has 1 to 60 characters (no control characters).',
      message('errors.poolPreset.nameLength', { max: 60 }),
    );
  }
  const checked = checkPools(input.pools);
  if (!checked.ok) return checked;
  const preset: StoredPoolPreset = {
    siteId,
    name,
    pools: checked.value.pools,
    updatedAt: now.toISOString(),
  };
  const index = inventory.poolPresets.findIndex((p) => p.siteId === siteId && sameName(p.name, name));
  if (index >= 0) {
    inventory.poolPresets[index] = preset;
    return ok(strip(preset));
  }
  if (presetsOf(inventory, siteId).length >= MAX_PRESETS_PER_SITE) {
    return errWithText(
      'INVALID_INPUT',
      `A site keeps at most ${MAX_PRESETS_PER_SITE} pool presets.`,
      message('errors.poolPreset.tooMany', { max: MAX_PRESETS_PER_SITE }),
    );
  }
  inventory.poolPresets.push(preset);
  return ok(strip(preset));
}

export function deletePreset(inventory: Inventory, siteId: string, name: string): Result<PoolPreset> {
  const found = findPreset(inventory, siteId, name);
  if (!found.ok) return found;
  inventory.poolPresets = inventory.poolPresets.filter(
    (p) => !(p.siteId === siteId && sameName(p.name, name)),
  );
  return found;
}
