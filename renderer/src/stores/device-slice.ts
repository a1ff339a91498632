/**
 * The device panel: which device is open, its detail (full reading, raw bodies, history), refreshed
 * while the panel is open, and the result of the last credential action taken from it (unlock, create
 * key, copy key, revoke, open the web page), said in one sentence.
 */
import type { DeviceDetailView } from '../../../shared/ipc/channels/monitor';
import type { Api } from '../../../shared/ipc/contract';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { SliceCreator } from './types';

export interface PanelAction {
  status: 'running' | 'done' | 'error';
  message: string;
}

export interface DeviceSlice {
  openDeviceId?: string;
  deviceDetail: AsyncState<DeviceDetailView>;
  panelAction?: PanelAction;
  devicePanelOpened: (deviceId: string) => Promise<void>;
  devicePanelClosed: () => void;
  deviceDetailRefreshed: () => Promise<void>;
  deviceUnlockRequested: (password: string, remember: boolean) => Promise<void>;
  deviceKeyRequested: () => Promise<void>;
  deviceKeyCopied: () => Promise<void>;
  deviceKeyRevoked: () => Promise<void>;
  deviceWebPageOpened: () => Promise<void>;
}

export interface DeviceSliceDeps {
  api: Pick<
    Api,
    | 'monitor:device'
    | 'credentials:unlock'
    | 'credentials:provision'
    | 'credentials:copy-key'
    | 'credentials:revoke'
    | 'monitor:open-web-page'
  >;
}

export const createDeviceSlice =
  (deps: DeviceSliceDeps): SliceCreator<DeviceSlice> =>
  (set, get) => {
    const load = async (deviceId: string): Promise<void> => {
      const result = await deps.api['monitor:device']({ deviceId });
      if (get().openDeviceId !== deviceId) return; // closed or another one opened meanwhile
      set({
        deviceDetail: result.ok
          ? { status: 'ready', value: result.value }
          : { status: 'error', error: result.error },
      });
    };

    /** Runs an action for the open device and reports its sentence. */
    const act = async (
      running: string,
      run: (deviceId: string) => Promise<{ ok: boolean; message: string }>,
    ) => {
      const deviceId = get().openDeviceId;
      if (deviceId === undefined) return;
      set({ panelAction: { status: 'running', message: running } });
      const outcome = await run(deviceId);
      if (get().openDeviceId !== deviceId) return;
      set({ panelAction: { status: outcome.ok ? 'done' : 'error', message: outcome.message } });
      await load(deviceId);
    };

    return {
      deviceDetail: idle,

      devicePanelOpened: async (deviceId) => {
        set({ openDeviceId: deviceId, deviceDetail: loading, panelAction: undefined });
        await load(deviceId);
      },

      devicePanelClosed: () => set({ openDeviceId: undefined, deviceDetail: idle, panelAction: undefined }),

      deviceDetailRefreshed: async () => {
        const deviceId = get().openDeviceId;
        if (deviceId !== undefined) await load(deviceId);
      },

      deviceUnlockRequested: (password, remember) =>
        act('Unlocking…', async (deviceId) => {
          const result = await deps.api['credentials:unlock']({
            deviceIds: [deviceId],
            password,
            remember,
            scope: 'device',
          });
          if (!result.ok) return { ok: false, message: result.error.message };
          const outcome = result.value.outcomes[0];
          return { ok: outcome?.ok === true, message: outcome?.message ?? 'No answer.' };
        }),

      deviceKeyRequested: () =>
        act('Creating an API key…', async (deviceId) => {
          const result = await deps.api['credentials:provision']({ deviceIds: [deviceId] });
          if (!result.ok) return { ok: false, message: result.error.message };
          const outcome = result.value.outcomes[0];
          return { ok: outcome?.ok === true, message: outcome?.message ?? 'No answer.' };
        }),

      deviceKeyCopied: () =>
        act('Copying…', async (deviceId) => {
          const result = await deps.api['credentials:copy-key']({ deviceId });
          return result.ok
            ? { ok: true, message: result.value.message }
            : { ok: false, message: result.error.message };
        }),

      deviceKeyRevoked: () =>
        act('Revoking the API key…', async (deviceId) => {
          const result = await deps.api['credentials:revoke']({ deviceId });
          return result.ok
            ? { ok: result.value.onDevice === 'deleted', message: result.value.message }
            : { ok: false, message: result.error.message };
        }),

      deviceWebPageOpened: () =>
        act('Opening the web page…', async (deviceId) => {
          const result = await deps.api['monitor:open-web-page']({ deviceId });
          return result.ok
            ? { ok: true, message: `Opened ${result.value.url} in the system browser.` }
            : { ok: false, message: result.error.message };
        }),
    };
  };
