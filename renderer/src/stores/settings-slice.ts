/**
 * The Settings view's state: the settings as main has them, the keychain's state with what to do about
 * it, the outcome of the last save, and the site metrics main serves (saved on their own, so the card
 * never sends the form's unsaved edits and the form never undoes the card).
 */
import type {
  AppSettings,
  LanguageSettings,
  SettingsPatch,
  SiteMetricsSettings,
} from '../../../shared/domain/settings';
import type { KeychainInfo } from '../../../shared/ipc/channels/credentials';
import type { SiteMetricsStatus } from '../../../shared/ipc/channels/metrics';
import type { Api } from '../../../shared/ipc/contract';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import { idle } from './async-state';
import type { SliceCreator } from './types';

export interface SettingsSlice {
  settings: AsyncState<AppSettings>;
  keychain: AsyncState<KeychainInfo>;
  /** The last save of the form: main's refusal when it refused (shown in the window's language). */
  settingsSave: { status: 'idle' | 'saving' | 'saved' | 'error'; error?: AppError };
  settingsRequested: () => Promise<void>;
  keychainRequested: () => Promise<void>;
  settingsSaved: (patch: SettingsPatch) => Promise<void>;
  siteMetrics: AsyncState<SiteMetricsStatus>;
  /** The last site-metrics change refused by main (an address it would not take), else undefined. */
  siteMetricsProblem: AppError | undefined;
  /** Asks main where metrics are served and when they were last scraped (the card polls it). */
  siteMetricsRequested: () => Promise<void>;
  siteMetricsSaved: (patch: Partial<SiteMetricsSettings>) => Promise<void>;
  /** Why the fleet's column choice could not be kept (main's refusal, worded in the window), else undefined. */
  fleetColumnsError: AppError | undefined;
  /** Column choices sent so far: only the newest one's answer is shown. */
  fleetColumnChoices: number;
  /** The fleet columns hidden from now on (the Columns menu): shown at once, then kept in the settings. */
  fleetColumnsChosen: (hiddenColumns: readonly string[]) => Promise<void>;
  /** Why the last language choice could not be kept, else undefined. */
  languageProblem: AppError | undefined;
  /**
   * A language chosen in Settings (the window's, or the report's default): the store's settings take it at
   * once, so the window switches before main has written the file; main's copy follows.
   */
  languageChosen: (choice: Partial<LanguageSettings>) => Promise<void>;
}

export interface SettingsSliceDeps {
  api: Pick<Api, 'settings:get' | 'settings:update' | 'credentials:keychain' | 'metrics:status'>;
}

export const createSettingsSlice =
  (deps: SettingsSliceDeps): SliceCreator<SettingsSlice> =>
  (set, get) => ({
    settings: idle,
    keychain: idle,
    settingsSave: { status: 'idle' },
    siteMetrics: idle,
    siteMetricsProblem: undefined,
    fleetColumnsError: undefined,
    fleetColumnChoices: 0,
    languageProblem: undefined,

    settingsRequested: async () => {
      if (get().settings.status === 'loading') return;
      set({ settings: loading });
      const result = await deps.api['settings:get']();
      set({
        settings: result.ok
          ? { status: 'ready', value: result.value }
          : { status: 'error', error: result.error },
      });
      // The Discover view starts from the saved discovery settings unless options were already chosen.
      if (result.ok && !get().scanOptionsEdited) {
        const d = result.value.discovery;
        set({
          scanOptions: {
            ports: d.ports.join(', '),
            connectTimeoutMs: d.connectTimeoutMs,
            concurrency: d.concurrency,
          },
        });
      }
    },

    keychainRequested: async () => {
      const result = await deps.api['credentials:keychain']();
      set({
        keychain: result.ok
          ? { status: 'ready', value: result.value }
          : { status: 'error', error: result.error },
      });
    },

    settingsSaved: async (patch) => {
      set({ settingsSave: { status: 'saving' } });
      const result = await deps.api['settings:update'](patch);
      if (result.ok) {
        set({
          settings: { status: 'ready', value: result.value },
          settingsSave: { status: 'saved' },
        });
      } else {
        set({ settingsSave: { status: 'error', error: result.error } });
      }
    },

    siteMetricsRequested: async () => {
      const result = await deps.api['metrics:status']();
      // A refresh that fails keeps what was shown (the card polls; one miss is not worth a flash).
      if (result.ok) set({ siteMetrics: { status: 'ready', value: result.value } });
      else if (get().siteMetrics.status !== 'ready')
        set({ siteMetrics: { status: 'error', error: result.error } });
    },

    siteMetricsSaved: async (patch) => {
      const result = await deps.api['settings:update']({ metrics: patch });
      if (!result.ok) {
        set({ siteMetricsProblem: result.error });
        return;
      }
      // The form's unsaved edits live in the form: taking main's settings here does not touch them.
      set({ siteMetricsProblem: undefined, settings: { status: 'ready', value: result.value } });
      await get().siteMetricsRequested();
    },

    fleetColumnsChosen: async (hiddenColumns) => {
      const before = get().settings;
      if (before.status !== 'ready') return;
      const chosen = { hiddenColumns: [...hiddenColumns] };
      const asked = get().fleetColumnChoices + 1;
      // The table follows the tick at once; the file is written behind it.
      set({
        settings: { status: 'ready', value: { ...before.value, fleetView: chosen } },
        fleetColumnChoices: asked,
      });
      const result = await deps.api['settings:update']({ fleetView: chosen });
      // A quicker second tick is on its way: its answer is the one to show.
      if (get().fleetColumnChoices !== asked) return;
      if (result.ok) {
        set({
          fleetColumnsError: undefined,
          settings: { status: 'ready', value: result.value },
        });
        return;
      }
      // Shown as chosen in this window; said why it is not kept.
      set({
        fleetColumnsError: result.error,
      });
    },

    languageChosen: async (choice) => {
      const before = get().settings;
      if (before.status !== 'ready') return;
      const language = { ...before.value.language, ...choice };
      // The I18nProvider reads the store: the whole window speaks the new language from this set on.
      set({ settings: { status: 'ready', value: { ...before.value, language } } });
      const result = await deps.api['settings:update']({ language: choice });
      if (!result.ok) {
        // Kept in this window until it closes; said why the next start will not remember it.
        set({ languageProblem: result.error });
        return;
      }
      // Main's copy, but with the newest choice: a quicker second choice may be on its way.
      const current = get().settings;
      const newest = current.status === 'ready' ? current.value.language : result.value.language;
      set({
        languageProblem: undefined,
        settings: { status: 'ready', value: { ...result.value, language: newest } },
      });
    },
  });
