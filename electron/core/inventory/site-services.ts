/**
 * The sites of a data folder as the shells use them (the CLI's `site` command, the Sites view): list,
 * create, rename, set subnets, switch and delete — and the first site a fresh folder gets.
 */
import type { InventoryProblem, Site, SiteSummary } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { InventoryAccess } from './inventory-access';
import type { DeletedSite } from './sites';
import * as sites from './sites';

export interface SiteListing {
  sites: SiteSummary[];
  currentSiteId: string | null;
  /** What loading found: a corrupt file kept aside, a migration. */
  problems: InventoryProblem[];
}

export interface SiteServices {
  listSites(): Promise<Result<SiteListing>>;
  createSite(input: { name: string; subnets?: readonly string[]; use?: boolean }): Promise<Result<Site>>;
  /**
   * A data folder with no site gets "Site 1", made current (scans need somewhere to go): the app at start
   * and every CLI command that needs a site. Answers the site when it made one, else undefined.
   */
  ensureFirstSite(): Promise<Result<Site | undefined>>;
  renameSite(ref: string, name: string): Promise<Result<Site>>;
  setSubnets(ref: string, subnets: readonly string[]): Promise<Result<Site>>;
  useSite(ref: string): Promise<Result<Site>>;
  deleteSite(ref: string, options: { confirm?: boolean }): Promise<Result<DeletedSite>>;
}

export function siteServices({ store, read, now }: InventoryAccess): SiteServices {
  return {
    listSites: () =>
      read((inventory) =>
        ok({
          sites: sites.siteSummaries(inventory),
          currentSiteId: inventory.settings.currentSiteId,
          problems: store.problems(),
        }),
      ),
    createSite: (input) =>
      store.update((inventory) => {
        const site = sites.createSite(inventory, input, now());
        if (site.ok && input.use === true) inventory.settings.currentSiteId = site.value.id;
        return site;
      }),
    async ensureFirstSite() {
      // Read first: only a fresh folder needs the write (and its lock); the check is repeated under the
      // lock, so two commands starting together make one site, not two.
      const count = await read((inventory) => ok(inventory.sites.length));
      if (!count.ok || count.value > 0) return count.ok ? ok(undefined) : count;
      return store.update((inventory): Result<Site | undefined> => {
        if (inventory.sites.length > 0) return ok(undefined);
        const site = sites.createSite(inventory, { name: sites.FIRST_SITE_NAME }, now());
        if (site.ok) inventory.settings.currentSiteId = site.value.id;
        return site;
      });
    },
    renameSite: (ref, name) => store.update((inventory) => sites.renameSite(inventory, ref, name, now())),
    setSubnets: (ref, subnets) =>
      store.update((inventory) => sites.setSiteSubnets(inventory, ref, subnets, now())),
    useSite: (ref) => store.update((inventory) => sites.useSite(inventory, ref)),
    deleteSite: (ref, o) => store.update((inventory) => sites.deleteSite(inventory, ref, o)),
  };
}
