/**
 * The `app` slice: what the footer and the about box show (name, version, platform) and anything else
 * about the running app itself. Later slices (discover, fleet, settings…) follow the same pattern: a
 * factory taking the injected dependencies, state plus actions named after what the user or app does.
 */
import type { AboutInfo } from '../../../shared/ipc/channels/app';
import type { Api, AppInfo } from '../../../shared/ipc/contract';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { englishTranslator } from '../../../shared/i18n/translate';
import { appError, withText } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { SliceCreator } from './types';

export type ViewId = 'discover' | 'fleet' | 'racks' | 'sites' | 'report' | 'settings';

export interface AppSlice {
  appInfo: AsyncState<AppInfo>;
  view: ViewId;
  /** True once the technician picked a view; until then the app may open on the fleet by itself. */
  viewPicked: boolean;
  viewChosen: (view: ViewId) => void;
  /** Loads app:info; a second call while one is running does nothing. Never rejects. */
  loadAppInfo: () => Promise<void>;
  /** The About card's facts: version, data folder, keychain. */
  about: AsyncState<AboutInfo>;
  aboutRequested: () => Promise<void>;
  /** The last "Open data folder": what the card says under the button. */
  /** `message` in English, `text` the same as a message for the window (`localText`). */
  dataFolderOpen: { status: 'idle' | 'opening' | 'opened' | 'error'; message?: string; text?: MessageRef };
  dataFolderOpened: () => Promise<void>;
}

export interface AppSliceDeps {
  api: Pick<Api, 'app:info' | 'app:about' | 'app:open-data-folder'>;
}

export const createAppSlice =
  (deps: AppSliceDeps): SliceCreator<AppSlice> =>
  (set, get) => ({
    appInfo: idle,
    view: 'discover',
    viewPicked: false,
    viewChosen: (view) => set({ view, viewPicked: true }),
    about: idle,
    dataFolderOpen: { status: 'idle' },
    aboutRequested: async () => {
      const result = await deps.api['app:about']();
      set({
        about: result.ok
          ? { status: 'ready', value: result.value }
          : { status: 'error', error: result.error },
      });
    },
    dataFolderOpened: async () => {
      set({ dataFolderOpen: { status: 'opening' } });
      const result = await deps.api['app:open-data-folder']();
      if (result.ok) {
        const opened = message('fleet.app.dataFolderOpened', { path: result.value.path });
        set({ dataFolderOpen: { status: 'opened', message: englishTranslator().t(opened), text: opened } });
        return;
      }
      set({
        dataFolderOpen: {
          status: 'error',
          message: result.error.message,
          ...(result.error.text === undefined ? {} : { text: result.error.text }),
        },
      });
    },
    loadAppInfo: async () => {
      if (get().appInfo.status === 'loading') return;
      set({ appInfo: loading });
      // The preload already turns transport failures into Results; the catch covers a broken bridge.
      const result = await deps.api['app:info']().catch(() => null);
      if (result === null) {
        const failed = message('common.app.requestFailed');
        set({
          appInfo: {
            status: 'error',
            error: withText(appError('INTERNAL', englishTranslator().t(failed)), failed),
          },
        });
      } else if (result.ok) {
        set({ appInfo: { status: 'ready', value: result.value } });
      } else {
        set({ appInfo: { status: 'error', error: result.error } });
      }
    },
  });
