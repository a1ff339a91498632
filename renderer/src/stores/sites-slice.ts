/**
 * Sites: the list the switcher shows with the current one, creating, renaming, switching and
 * deleting a site, importing a file the technician picked (a CSV of planned devices, or another
 * technician's site export to merge) and saving the site export through main's save dialog.
 *
 * The fleet is the current site's devices (main keeps them in step): after anything that changes which
 * devices that is, the fleet table is loaded again.
 */
import { importedVerdictsText } from '../../../shared/format/acceptance-text';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { Api } from '../../../shared/ipc/contract';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import type { SliceCreator } from './types';

export type SiteListing = ChannelOutput<'sites:list'>;
export type ImportOutcome = ChannelOutput<'inventory:import'>;

/** What the last site action did, said in one line (or what went wrong). */
export interface SiteNotice {
  tone: 'ok' | 'error';
  message: string;
}

export interface SitesSlice {
  sites: AsyncState<SiteListing>;
  siteNotice?: SiteNotice;
  /**
   * The last file imported and what came of it (conflicts listed by the Sites view); `accepted`: the
   * pending conflicts the technician accepted since (`deviceId field`).
   */
  lastImport?: { fileName: string; outcome: ImportOutcome; accepted?: string[] };
  /** True while a request is on its way (buttons wait). */
  sitesBusy: boolean;
  sitesRequested: () => Promise<void>;
  siteCreated: (name: string, subnets?: string[]) => Promise<boolean>;
  siteRenamed: (siteId: string, name: string) => Promise<boolean>;
  siteChosen: (siteId: string) => Promise<void>;
  /** `confirmed` after the technician agreed to lose the site's devices; answers whether it is gone. */
  siteDeleted: (siteId: string, confirmed: boolean) => Promise<'deleted' | 'needs-confirmation' | 'failed'>;
  fileImported: (fileName: string, text: string) => Promise<void>;
  /** The technician accepts the last import's address or certificate for a device (a pending conflict). */
  importAccepted: (deviceId: string, field: 'address' | 'tlsPin') => Promise<void>;
  siteExportRequested: (siteId?: string) => Promise<void>;
  /** The current site's planned devices (from a CSV) become the Discover view's targets. */
  plannedScanRequested: () => Promise<void>;
}

export interface SitesSliceDeps {
  api: Pick<
    Api,
    | 'sites:list'
    | 'sites:create'
    | 'sites:rename'
    | 'sites:use'
    | 'sites:delete'
    | 'inventory:import'
    | 'inventory:accept-import'
    | 'inventory:save-export'
    | 'inventory:devices'
  >;
}

/** `http://10.0.0.5:8080` → `10.0.0.5:8080`, a target the Discover view scans. */
export function targetOf(address: string): string {
  const match = /^(https?):\/\/(.+?)(?::(\d+))?$/.exec(address);
  if (match === null) return address;
  const [, scheme, host, port] = match;
  return `${host}:${port ?? (scheme === 'https' ? '443' : '80')}`;
}

const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One line about an import; the conflicts are listed apart. */
export function importSummary(outcome: ImportOutcome): string {
  if (outcome.kind === 'targets-csv') {
    const parts = [`${plural(outcome.added, 'planned device')} added to "${outcome.site.name}"`];
    if (outcome.updated > 0) parts.push(`${plural(outcome.updated, 'known device')} updated`);
    if (outcome.unchanged > 0) parts.push(`${plural(outcome.unchanged, 'line')} already there`);
    return `${parts.join(', ')}.`;
  }
  const into = outcome.siteCreated ? `new site "${outcome.site.name}"` : `site "${outcome.site.name}"`;
  const disagreements =
    outcome.conflicts.length === 0
      ? 'no disagreements'
      : `${plural(outcome.conflicts.length, 'disagreement')}, listed below`;
  const activity =
    (outcome.activityAdded ?? 0) > 0
      ? ` ${plural(outcome.activityAdded ?? 0, 'activity entry', 'activity entries')} added.`
      : '';
  const verdicts = importedVerdictsText(outcome.verdicts);
  return `Merged into ${into}: ${plural(outcome.added, 'device')} added, ${outcome.merged} updated, ${outcome.unchanged} unchanged; ${disagreements}.${activity}${verdicts !== undefined ? ` ${verdicts}` : ''}`;
}

export const createSitesSlice =
  (deps: SitesSliceDeps): SliceCreator<SitesSlice> =>
  (set, get) => {
    const { api } = deps;
    const failed = (error: AppError): void => set({ siteNotice: { tone: 'error', message: error.message } });
    /** Runs one request with the busy flag; reloads the list after, and the fleet when it may differ. */
    const step = async <T>(
      run: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>,
      options: { fleet: boolean },
    ): Promise<T | undefined> => {
      set({ sitesBusy: true });
      const result = await run();
      set({ sitesBusy: false });
      if (!result.ok) {
        failed(result.error);
        return undefined;
      }
      await get().sitesRequested();
      if (options.fleet) await get().fleetRequested();
      return result.value;
    };

    return {
      sites: { status: 'idle' },
      sitesBusy: false,

      sitesRequested: async () => {
        if (get().sites.status !== 'ready') set({ sites: loading });
        const result = await api['sites:list']();
        set({
          sites: result.ok
            ? { status: 'ready', value: result.value }
            : { status: 'error', error: result.error },
        });
      },

      siteCreated: async (name, subnets) => {
        const site = await step(
          () => api['sites:create']({ name, use: true, ...(subnets ? { subnets } : {}) }),
          {
            fleet: true,
          },
        );
        if (site !== undefined)
          set({
            siteNotice: { tone: 'ok', message: `Site "${site.name}" created; it is the current site.` },
          });
        return site !== undefined;
      },

      siteRenamed: async (siteId, name) => {
        const site = await step(() => api['sites:rename']({ site: siteId, name }), { fleet: false });
        if (site !== undefined) set({ siteNotice: { tone: 'ok', message: `Renamed to "${site.name}".` } });
        return site !== undefined;
      },

      siteChosen: async (siteId) => {
        const site = await step(() => api['sites:use']({ site: siteId }), { fleet: true });
        if (site !== undefined) {
          set({ siteNotice: { tone: 'ok', message: `Now working on site "${site.name}".` }, selection: {} });
        }
      },

      siteDeleted: async (siteId, confirmed) => {
        set({ sitesBusy: true });
        const result = await api['sites:delete']({ site: siteId, ...(confirmed ? { confirm: true } : {}) });
        set({ sitesBusy: false });
        if (!result.ok) {
          if (result.error.detail?.confirmationRequired === true) return 'needs-confirmation';
          failed(result.error);
          return 'failed';
        }
        const { site, devicesRemoved } = result.value;
        set({
          siteNotice: {
            tone: 'ok',
            message: `Site "${site.name}" deleted${devicesRemoved > 0 ? ` with its ${plural(devicesRemoved, 'device')}` : ''}.`,
          },
        });
        await get().sitesRequested();
        await get().fleetRequested();
        return 'deleted';
      },

      fileImported: async (fileName, text) => {
        const outcome = await step(() => api['inventory:import']({ text }), { fleet: true });
        if (outcome === undefined) return;
        set({
          lastImport: { fileName, outcome },
          siteNotice: { tone: 'ok', message: importSummary(outcome) },
        });
      },

      importAccepted: async (deviceId, field) => {
        const last = get().lastImport;
        if (last === undefined) return;
        const done = await step(
          () => api['inventory:accept-import']({ site: last.outcome.site.id, deviceId, field }),
          { fleet: true },
        );
        if (done === undefined) return;
        const keys = done.accepted.map((change) => `${change.deviceId} ${change.field}`);
        const what = field === 'address' ? 'address' : 'certificate';
        set({
          lastImport: { ...last, accepted: [...(last.accepted ?? []), ...keys] },
          siteNotice: {
            tone: 'ok',
            message: `Accepted the file's ${what} for ${deviceId}: it is used from now on.`,
          },
        });
      },

      siteExportRequested: async (siteId) => {
        set({ sitesBusy: true });
        const result = await api['inventory:save-export'](
          siteId === undefined ? undefined : { site: siteId },
        );
        set({ sitesBusy: false });
        if (!result.ok) return failed(result.error);
        set({
          siteNotice: result.value.saved
            ? { tone: 'ok', message: `Site export saved to ${result.value.path}.` }
            : { tone: 'ok', message: 'Export not saved.' },
        });
      },

      plannedScanRequested: async () => {
        const result = await api['inventory:devices']();
        if (!result.ok) return failed(result.error);
        const planned = result.value.devices.filter((d) => d.commissioning.status === 'planned');
        if (planned.length === 0) {
          set({
            siteNotice: { tone: 'ok', message: 'No planned device is waiting to be found in this site.' },
          });
          return;
        }
        get().targetsTyped(planned.map((d) => targetOf(d.address)).join(', '));
        get().viewChosen('discover');
      },
    };
  };
