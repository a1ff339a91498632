/**
 * The Settings view's state: the settings as main has them, the keychain's state with what to do about
 * it, and the outcome of the last save.
 */
import type { AppSettings, SettingsPatch } from '../../../shared/domain/settings';
import type { KeychainInfo } from '../../../shared/ipc/channels/credentials';
import type { Api } from '../../../shared/ipc/contract';
import type { AsyncState } from './async-state';
import { loading } from './async-state';
import { idle } from './async-state';
import type { SliceCreator } from './types';

export interface SettingsSlice {
  settings: AsyncState<AppSettings>;
  keychain: AsyncState<KeychainInfo>;
  settingsSave: { status: 'idle' | 'saving' | 'saved' | 'error'; message?: string };
  settingsRequested: () => Promise<void>;
  keychainRequested: () => Promise<void>;
  settingsSaved: (patch: SettingsPatch) => Promise<void>;
}

export interface SettingsSliceDeps {
  api: Pick<Api, 'settings:get' | 'settings:update' | 'credentials:keychain'>;
}

export const createSettingsSlice =
  (deps: SettingsSliceDeps): SliceCreator<SettingsSlice> =>
  (set, get) => ({
    settings: idle,
    keychain: idle,
    settingsSave: { status: 'idle' },

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
          settingsSave: { status: 'saved', message: 'Saved. Monitoring uses the new settings now.' },
        });
      } else {
        set({ settingsSave: { status: 'error', message: result.error.message } });
      }
    },
  });
