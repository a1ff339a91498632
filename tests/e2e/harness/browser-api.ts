/**
 * The browser half of the test harness: a `window.api` with one function per contract channel, carried
 * over a WebSocket to the same `createHandlers` Electron binds to ipcMain. It is compiled on the fly
 * (harness-script.ts) and injected into the built renderer page by the test or the demo's preview; the
 * shipped app never contains it. Type-only imports: nothing of the app is bundled into it.
 *
 * Calls made before the socket opens wait for it; a call on a closed socket answers an INTERNAL Result,
 * exactly as the preload answers when main does not reply, so the renderer sees the same shapes.
 */
import type { AppEvent } from '../../../shared/ipc/events';
import type { HarnessApiConfig } from './harness-config';

type Pending = (result: unknown) => void;

export function installHarnessApi(config: HarnessApiConfig): void {
  const token = config.token ?? new URLSearchParams(location.hash.slice(1)).get('harness-token') ?? '';
  const socket = new WebSocket(`${config.socketUrl}?token=${encodeURIComponent(token)}`);
  const opened = new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true });
    socket.addEventListener('close', () => resolve(false), { once: true });
  });
  const pending = new Map<number, Pending>();
  const listeners = new Set<(events: readonly AppEvent[]) => void>();
  let nextId = 1;

  const failure = (channel: string) => ({
    ok: false,
    error: { code: 'INTERNAL', message: `Minerdeck's main process did not answer ${channel}.` },
  });

  socket.addEventListener('message', (message: MessageEvent<string>) => {
    const data = JSON.parse(message.data) as { id?: number; result?: unknown; events?: AppEvent[] };
    if (data.events !== undefined) {
      for (const listener of [...listeners]) listener(data.events);
      return;
    }
    if (data.id !== undefined) {
      pending.get(data.id)?.(data.result);
      pending.delete(data.id);
    }
  });
  socket.addEventListener('close', () => {
    for (const [id, resolve] of pending) {
      resolve(failure(`request ${id}`));
    }
    pending.clear();
  });

  const api: Record<string, unknown> = {};
  for (const channel of config.channels) {
    api[channel] = async (...args: unknown[]) => {
      if (!(await opened) || socket.readyState !== WebSocket.OPEN) return failure(channel);
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        // Like ipcRenderer.invoke: at most one argument, `undefined` when none.
        socket.send(JSON.stringify(args.length > 0 ? { id, channel, input: args[0] } : { id, channel }));
      });
    };
  }
  api.onEvent = (listener: (events: readonly AppEvent[]) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  Object.defineProperty(globalThis, 'api', { value: Object.freeze(api), configurable: false });
}
