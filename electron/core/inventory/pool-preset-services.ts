/** A site's saved pool presets (pool-presets.ts) as the shells use them: listed, saved, deleted. */
import type { PoolPreset } from '../../../shared/domain/pools';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { InventoryAccess } from './inventory-access';
import { deletePreset, presetsOf, savePreset } from './pool-presets';

export type PoolPresetInput = Pick<PoolPreset, 'name' | 'pools'>;

export interface PoolPresetServices {
  /** The site's pool presets, by name (their pool passwords included: for the apply, never to print). */
  poolPresets(ref?: string): Promise<Result<PoolPreset[]>>;
  /** Saves a preset in the site, replacing one of the same name (any case). */
  savePoolPreset(ref: string | undefined, preset: PoolPresetInput): Promise<Result<PoolPreset>>;
  deletePoolPreset(ref: string | undefined, name: string): Promise<Result<PoolPreset>>;
}

export function poolPresetServices({ readSite, inSite, now }: InventoryAccess): PoolPresetServices {
  return {
    poolPresets: (ref) => readSite(ref, (inventory, site) => ok(presetsOf(inventory, site.id))),
    savePoolPreset: (ref, preset) =>
      inSite(ref, (inventory, site) => savePreset(inventory, site.id, preset, now())),
    deletePoolPreset: (ref, name) => inSite(ref, (inventory, site) => deletePreset(inventory, site.id, name)),
  };
}
