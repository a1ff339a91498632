/**
 * Sites: the list the switcher shows with the current one, creating, renaming, switching and
 * deleting a site, importing a file the technician picked (a CSV of planned devices, or another
 * technician's site export to merge) and saving the site export through main's save dialog.
 *
 * The fleet is the current site's devices (main keeps them in step): after anything that changes which
 * devices that is, the fleet table is loaded again.
 */
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { Translator } from '../../../shared/i18n/translate';
import { englishTranslator } from '../../../shared/i18n/translate';
import type { ChannelOutput } from '../../../shared/ipc/contract';
import type { Api } from '../../../shared/ipc/contract';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import type { SliceCreator } from './types';

export type SiteListing = ChannelOutput<'sites:list'>;
export type ImportOutcome = ChannelOutput<'inventory:import'>;

/** What the last site action did, said in one line (a message of the sites area), or main's refusal. */
export type SiteNotice = { tone: 'ok'; text: MessageRef } | { tone: 'error'; error: AppError };

const okNotice = (text: MessageRef): SiteNotice => ({ tone: 'ok', text });

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

type VerdictCounts = Extract<ImportOutcome, { kind: 'site-json' }>['verdicts'];

/** What an import did with acceptance verdicts (shared/format/acceptance-text.ts says it for the CLI). */
function verdictsMessage(counts: VerdictCounts): MessageRef | undefined {
  if (counts === undefined) return undefined;
  const parts = [
    counts.added > 0 && message('sites.import.verdictsAdded', { count: counts.added }),
    counts.replaced > 0 && message('sites.import.verdictsReplaced', { count: counts.replaced }),
    counts.keptOurs > 0 && message('sites.import.verdictsKeptOurs', { count: counts.keptOurs }),
    counts.waiting > 0 && message('sites.import.verdictsWaiting', { count: counts.waiting }),
  ].filter((part): part is MessageRef => part !== false);
  const [first, ...rest] = parts;
  if (first === undefined) return undefined;
  // Joined pairwise by the language's own list separator ("a, b" / "a，b").
  const list = rest.reduce<MessageRef>((a, b) => message('sites.import.list', { a, b }), first);
  return message('sites.import.verdicts', { list });
}

/** One line about an import; the conflicts are listed apart. */
export function importSummaryMessage(outcome: ImportOutcome): MessageRef {
  if (outcome.kind === 'targets-csv') {
    return message('sites.import.csvSummary', {
      added: outcome.added,
      site: outcome.site.name,
      updated: outcome.updated,
      unchanged: outcome.unchanged,
    });
  }
  const verdicts = verdictsMessage(outcome.verdicts);
  return message('sites.import.mergeSummary', {
    created: outcome.siteCreated ? 'yes' : 'no',
    site: outcome.site.name,
    added: outcome.added,
    merged: outcome.merged,
    unchanged: outcome.unchanged,
    conflicts: outcome.conflicts.length,
    activity: outcome.activityAdded ?? 0,
    hasVerdicts: verdicts !== undefined ? 'yes' : 'no',
    verdicts: verdicts ?? '',
  });
}

export const importSummary = (outcome: ImportOutcome, tr: Translator = englishTranslator()): string =>
  tr.t(importSummaryMessage(outcome));

export const createSitesSlice =
  (deps: SitesSliceDeps): SliceCreator<SitesSlice> =>
  (set, get) => {
    const { api } = deps;
    const failed = (error: AppError): void => set({ siteNotice: { tone: 'error', error } });
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
          set({ siteNotice: okNotice(message('sites.notice.created', { name: site.name })) });
        return site !== undefined;
      },

      siteRenamed: async (siteId, name) => {
        const site = await step(() => api['sites:rename']({ site: siteId, name }), { fleet: false });
        if (site !== undefined)
          set({ siteNotice: okNotice(message('sites.notice.renamed', { name: site.name })) });
        return site !== undefined;
      },

      siteChosen: async (siteId) => {
        const site = await step(() => api['sites:use']({ site: siteId }), { fleet: true });
        if (site !== undefined) {
          set({ siteNotice: okNotice(message('sites.notice.switched', { name: site.name })), selection: {} });
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
          siteNotice: okNotice(message('sites.notice.deleted', { name: site.name, count: devicesRemoved })),
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
          siteNotice: okNotice(importSummaryMessage(outcome)),
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
        set({
          lastImport: { ...last, accepted: [...(last.accepted ?? []), ...keys] },
          siteNotice: okNotice(message('sites.notice.accepted', { what: field, device: deviceId })),
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
          siteNotice: okNotice(
            result.value.saved
              ? message('sites.notice.exported', { path: result.value.path })
              : message('sites.notice.notExported'),
          ),
        });
      },

      plannedScanRequested: async () => {
        const result = await api['inventory:devices']();
        if (!result.ok) return failed(result.error);
        const planned = result.value.devices.filter((d) => d.commissioning.status === 'planned');
        if (planned.length === 0) {
          set({ siteNotice: okNotice(message('sites.notice.noPlanned')) });
          return;
        }
        get().targetsTyped(planned.map((d) => targetOf(d.address)).join(', '));
        get().viewChosen('discover');
      },
    };
  };
