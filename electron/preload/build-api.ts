/**
 * Builds `window.api` from the contract's channel list, so a new channel needs no preload change. Pure:
 * it takes an ipcRenderer-like object, which keeps it unit-testable without Electron. What the page gets
 * is deliberately narrow ("Do not expose Electron APIs to untrusted web content"): plain functions that send on our
 * own channel names, and an event subscription that hands over the payload only. The IpcRendererEvent
 * (which carries `sender`, i.e. ipcRenderer itself) never reaches the page.
 */
import type { Api, Channel } from '../../shared/ipc/contract';
import { channels as contractChannels, EVENT_CHANNEL, REQUEST_PREFIX } from '../../shared/ipc/contract';
import type { AppEvent } from '../../shared/ipc/events';
import { err } from '../../shared/result';

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** The three ipcRenderer methods used here. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: IpcListener): unknown;
  removeListener(channel: string, listener: IpcListener): unknown;
}

export function buildApi(ipc: IpcRendererLike, channels: readonly Channel[] = contractChannels): Api {
  const api: Record<string, unknown> = {};
  for (const channel of channels) {
    api[channel] = (...args: unknown[]) =>
      // Main answers every call with a Result; a rejection means the call never reached a handler
      // (e.g. main still starting), which the renderer should see as a Result too, not an exception.
      ipc
        .invoke(REQUEST_PREFIX + channel, ...args.slice(0, 1))
        .catch(() => err('INTERNAL', `Minerdeck's main process did not answer ${channel}.`));
  }
  api.onEvent = (listener: (events: readonly AppEvent[]) => void) => {
    const forward: IpcListener = (_event, batch) => {
      if (Array.isArray(batch)) listener(batch as AppEvent[]);
    };
    ipc.on(EVENT_CHANNEL, forward);
    return () => {
      ipc.removeListener(EVENT_CHANNEL, forward);
    };
  };
  return Object.freeze(api) as Api;
}
