/**
 * Moving a site between laptops and files: a site export (JSON) written or merged, a CSV of planned
 * devices added, and the addresses and certificate pins an import proposed for known devices, waiting to be
 * accepted. An import holds back a device the file puts where this keychain's credentials were not stored
 * (merge.ts), so the keychain's metadata is asked for, never its secrets.
 */
import type { Site } from '../../../shared/domain/inventory';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import type { SiteExport } from './exchange';
import {
  buildSiteExport,
  exportFileName,
  importKindOf,
  parseSiteExport,
  serializeSiteExport,
} from './exchange';
import type { AcceptedChange, PendingChange } from './import-proposals';
import { acceptProposals, pendingChanges } from './import-proposals';
import type { InventoryAccess } from './inventory-access';
import type { MergeOutcome } from './merge';
import { mergeSiteExport } from './merge';
import type { ProposalField } from './stored-records';
import type { PlannedImportOutcome } from './targets-csv';
import { addPlannedDevices, parsePlannedCsv } from './targets-csv';

export type ImportOutcome =
  | ({ kind: 'site-json' } & MergeOutcome)
  | ({ kind: 'targets-csv'; site: Site; warnings: string[] } & PlannedImportOutcome);

export interface ExchangeOptions {
  /** This laptop's host name and the app, written into exports. */
  laptop: string;
  app: { name: string; version: string };
  /**
   * The devices with credentials in the keychain, by id, with the address they were stored with; undefined
   * when the keychain cannot be listed. An import holds back a device the file puts somewhere else
   * (merge.ts). Metadata only.
   */
  storedCredentials?: () => Promise<ReadonlyMap<string, string | undefined> | undefined>;
}

export interface ExchangeServices {
  /** A site export (JSON, merged) or a CSV of planned devices (added to `into`, else the current site). */
  importText(text: string, options?: { into?: string }): Promise<Result<ImportOutcome>>;
  /** The addresses and certificate pins imports proposed for the site's known devices, still waiting. */
  pendingImports(ref?: string): Promise<Result<{ site: Site; pending: PendingChange[] }>>;
  /**
   * Accepts what imports proposed for the devices named (`'all'`: the whole site), optionally one field
   * only: from then on their stored credentials go to the accepted address, pinned to the accepted pin.
   */
  acceptImported(
    ref: string | undefined,
    deviceIds: readonly string[] | 'all',
    field?: ProposalField,
  ): Promise<Result<{ site: Site; accepted: AcceptedChange[] }>>;
  exportSite(ref?: string): Promise<Result<{ export: SiteExport; fileName: string; content: string }>>;
}

export function exchangeServices(access: InventoryAccess, options: ExchangeOptions): ExchangeServices {
  const { store, readSite, inSite, now } = access;

  async function mergeExport(text: string, into: { into?: string }): Promise<Result<ImportOutcome>> {
    const parsed = parseSiteExport(text, now());
    if (!parsed.ok) return parsed;
    const storedCredentials = await options.storedCredentials?.();
    const merged = await store.update((inventory) =>
      mergeSiteExport(
        inventory,
        parsed.value,
        { ...into, ...(storedCredentials !== undefined ? { storedCredentials } : {}) },
        now(),
      ),
    );
    return merged.ok ? ok({ kind: 'site-json', ...merged.value }) : merged;
  }

  return {
    async importText(text, o = {}) {
      if (importKindOf(text) === 'site-json') return mergeExport(text, o);
      const rows = parsePlannedCsv(text);
      if (!rows.ok) return rows;
      return inSite(o.into, (inventory, site) => {
        const outcome = addPlannedDevices(inventory, site.id, rows.value.rows, now());
        return ok({ kind: 'targets-csv', site, warnings: rows.value.warnings, ...outcome });
      });
    },
    pendingImports: (ref) =>
      readSite(ref, (inventory, site) => ok({ site, pending: pendingChanges(inventory, site.id) })),
    acceptImported: (ref, deviceIds, field) =>
      inSite(ref, (inventory, site) => {
        const accepted = acceptProposals(inventory, site.id, deviceIds, now(), field);
        return accepted.ok ? ok({ site, accepted: accepted.value }) : accepted;
      }),
    exportSite: (ref) =>
      readSite(ref, (inventory, site) => {
        const built = buildSiteExport(inventory, site.id, {
          app: options.app.name,
          version: options.app.version,
          laptop: options.laptop,
          now: now(),
        });
        if (!built.ok) return built;
        return ok({
          export: built.value,
          fileName: exportFileName(built.value),
          content: serializeSiteExport(built.value),
        });
      }),
  };
}
