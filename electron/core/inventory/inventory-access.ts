/**
 * How every inventory service touches the data file: one load to read, or one atomic `store.update` to
 * change, each against the site a request names (by name in any case, or by id; else the current site:
 * sites.ts `resolveSite`). Every call answers a Result.
 */
import type { Site } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import type { Inventory } from './schema';
import { resolveSite } from './sites';
import type { InventoryStore } from './store';

export interface InventoryAccess {
  readonly store: InventoryStore;
  now(): Date;
  /** `use` over one load of the inventory. */
  read<T>(use: (inventory: Inventory) => Result<T>): Promise<Result<T>>;
  /** `use` over one load, with the site `ref` names (else the current one). */
  readSite<T>(
    ref: string | undefined,
    use: (inventory: Inventory, site: Site) => Result<T>,
  ): Promise<Result<T>>;
  /** Runs `change` against the site `ref` names (else the current one) inside one update. */
  inSite<T>(
    ref: string | undefined,
    change: (inventory: Inventory, site: Site) => Result<T>,
  ): Promise<Result<T>>;
}

export function inventoryAccess(store: InventoryStore, now: () => Date): InventoryAccess {
  const read = async <T>(use: (inventory: Inventory) => Result<T>): Promise<Result<T>> => {
    const loaded = await store.load();
    return loaded.ok ? use(loaded.value) : loaded;
  };
  const withSite =
    <T>(ref: string | undefined, use: (inventory: Inventory, site: Site) => Result<T>) =>
    (inventory: Inventory): Result<T> => {
      const site = resolveSite(inventory, ref);
      return site.ok ? use(inventory, site.value) : site;
    };
  return {
    store,
    now,
    read,
    readSite: (ref, use) => read(withSite(ref, use)),
    inSite: (ref, change) => store.update(withSite(ref, change)),
  };
}
