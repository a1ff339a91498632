/**
 * Acceptance verdicts kept in the site (inventory version 4, `acceptance`): one per device, the latest —
 * a new run replaces a device's verdict, and leaves the verdicts of devices it did not watch alone. Saved
 * in one atomic inventory update with the laptop that ran it, so the app, the CLI and the report agree.
 */
import type { AcceptanceVerdict, StoredVerdict } from '../../../shared/domain/acceptance';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { Inventory } from '../inventory/schema';
import { resolveSite } from '../inventory/sites';
import type { InventoryStore } from '../inventory/store';

/** Replaces the devices' verdicts in the site with these. */
export function recordVerdicts(
  inventory: Inventory,
  siteId: string,
  verdicts: readonly AcceptanceVerdict[],
  by: string,
): StoredVerdict[] {
  const replaced = new Set(verdicts.map((verdict) => verdict.deviceId));
  const stored = verdicts.map((verdict): StoredVerdict => ({ ...structuredClone(verdict), siteId, by }));
  inventory.acceptance = [
    ...inventory.acceptance.filter((kept) => kept.siteId !== siteId || !replaced.has(kept.deviceId)),
    ...stored,
  ];
  return stored;
}

/** The site's verdicts, by device id. */
export function verdictsOf(inventory: Inventory, siteId: string): Map<string, StoredVerdict> {
  return new Map(
    inventory.acceptance.filter((verdict) => verdict.siteId === siteId).map((v) => [v.deviceId, v]),
  );
}

export interface VerdictStore {
  /** Keeps the run's verdicts in the site (`ref`: a name or id, else the current site). */
  save(ref: string | undefined, verdicts: readonly AcceptanceVerdict[]): Promise<Result<StoredVerdict[]>>;
  /** The site's latest verdict of each device that has one. */
  list(ref?: string): Promise<Result<{ siteId: string; verdicts: StoredVerdict[] }>>;
}

export function createVerdictStore(store: InventoryStore, laptop: string): VerdictStore {
  return {
    save: (ref, verdicts) =>
      store.update((inventory) => {
        const site = resolveSite(inventory, ref);
        return site.ok ? ok(recordVerdicts(inventory, site.value.id, verdicts, laptop)) : site;
      }),
    async list(ref) {
      const loaded = await store.load();
      if (!loaded.ok) return loaded;
      const site = resolveSite(loaded.value, ref);
      if (!site.ok) return site;
      return ok({ siteId: site.value.id, verdicts: [...verdictsOf(loaded.value, site.value.id).values()] });
    },
  };
}
