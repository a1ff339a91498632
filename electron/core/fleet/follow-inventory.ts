/**
 * The inventory as the window's channels use it, with the fleet kept in step: after any change that may
 * add, drop or move devices of the current site (a site switch or deletion, an import or merge, an
 * accepted address or pin, a removal, a trusted certificate) the fleet re-reads the site, so the monitor
 * watches what the site holds.
 */
import type { InventoryProblem } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { InventoryServices } from '../inventory/inventory-services';

export function followedByFleet(
  inventory: InventoryServices,
  fleet: { sync: () => Promise<void>; problems: () => InventoryProblem[] },
): InventoryServices {
  const then =
    <A extends unknown[], T>(run: (...args: A) => Promise<Result<T>>) =>
    async (...args: A): Promise<Result<T>> => {
      const result = await run(...args);
      if (result.ok) await fleet.sync();
      return result;
    };
  return {
    ...inventory,
    // The site switcher also tells what moving the old fleet list into the inventory found.
    async listSites() {
      const listed = await inventory.listSites();
      return listed.ok
        ? ok({ ...listed.value, problems: [...listed.value.problems, ...fleet.problems()] })
        : listed;
    },
    createSite: then(inventory.createSite),
    useSite: then(inventory.useSite),
    deleteSite: then(inventory.deleteSite),
    removeDevice: then(inventory.removeDevice),
    trustCertificate: then(inventory.trustCertificate),
    importText: then(inventory.importText),
    acceptImported: then(inventory.acceptImported),
    saveScan: then(inventory.saveScan),
  };
}
