/**
 * The device panel: which device is open, its detail (full reading, raw bodies, history), refreshed
 * while the panel is open, and the result of the last credential action taken from it (unlock, create
 * key, copy key, revoke, open the web page), said in one sentence — kept as what main said (its `text`
 * when it gave one) or as a message of ours, so the panel says it in the window's language.
 */
import type { LocalisableText } from '../../../shared/i18n/local-text';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { DeviceDetailView } from '../../../shared/ipc/channels/monitor';
import type { Api } from '../../../shared/ipc/contract';
import type { AppError } from '../../../shared/result';
import type { AsyncState } from './async-state';
import { idle, loading } from './async-state';
import type { SliceCreator } from './types';

/** One of: our own words (the step running, "no answer"), what main said of the outcome, or its error. */
export type PanelWords = { words: MessageRef } | { made: LocalisableText } | { error: AppError };

export interface PanelAction {
  status: 'running' | 'done' | 'error';
  said: PanelWords;
}

const NO_ANSWER: PanelWords = { words: message('device.credentials.noAnswer') };

/** An outcome's words, or "No answer." when main sent none. */
const outcomeWords = (outcome: LocalisableText | undefined): PanelWords =>
  outcome === undefined ? NO_ANSWER : { made: outcome };

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
      running: MessageRef,
      run: (deviceId: string) => Promise<{ ok: boolean; said: PanelWords }>,
    ) => {
      const deviceId = get().openDeviceId;
      if (deviceId === undefined) return;
      set({ panelAction: { status: 'running', said: { words: running } } });
      const outcome = await run(deviceId);
      if (get().openDeviceId !== deviceId) return;
      set({ panelAction: { status: outcome.ok ? 'done' : 'error', said: outcome.said } });
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
        act(message('device.credentials.unlocking'), async (deviceId) => {
          const result = await deps.api['credentials:unlock']({
            deviceIds: [deviceId],
            password,
            remember,
            scope: 'device',
          });
          if (!result.ok) return { ok: false, said: { error: result.error } };
          const outcome = result.value.outcomes[0];
          return { ok: outcome?.ok === true, said: outcomeWords(outcome) };
        }),

      deviceKeyRequested: () =>
        act(message('device.credentials.creatingKey'), async (deviceId) => {
          const result = await deps.api['credentials:provision']({ deviceIds: [deviceId] });
          if (!result.ok) return { ok: false, said: { error: result.error } };
          const outcome = result.value.outcomes[0];
          return { ok: outcome?.ok === true, said: outcomeWords(outcome) };
        }),

      deviceKeyCopied: () =>
        act(message('device.credentials.copying'), async (deviceId) => {
          const result = await deps.api['credentials:copy-key']({ deviceId });
          return result.ok
            ? { ok: true, said: { made: result.value } }
            : { ok: false, said: { error: result.error } };
        }),

      deviceKeyRevoked: () =>
        act(message('device.credentials.revoking'), async (deviceId) => {
          const result = await deps.api['credentials:revoke']({ deviceId });
          return result.ok
            ? { ok: result.value.onDevice === 'deleted', said: { made: result.value } }
            : { ok: false, said: { error: result.error } };
        }),

      deviceWebPageOpened: () =>
        act(message('device.credentials.opening'), async (deviceId) => {
          const result = await deps.api['monitor:open-web-page']({ deviceId });
          return result.ok
            ? { ok: true, said: { words: message('device.credentials.opened', { url: result.value.url }) } }
            : { ok: false, said: { error: result.error } };
        }),
    };
  };
