import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../../electron/preload/build-api';
import { channels, EVENT_CHANNEL, REQUEST_PREFIX } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import { ok } from '../../../shared/result';
import { exposed, FakeIpcRenderer } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);

const ready = (startedAt: string): AppEvent => ({ type: 'app:ready', payload: { startedAt } });

describe('buildApi', () => {
  let ipc: FakeIpcRenderer;
  beforeEach(() => {
    ipc = new FakeIpcRenderer();
  });

  it('has exactly one function per contract channel, plus onEvent', () => {
    const api = buildApi(ipc);
    expect(Object.keys(api).sort()).toEqual([...channels, 'onEvent'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes the prefixed channel and answers main’s Result', async () => {
    const info = { name: 'minerdeck', version: '0.1.0', platform: 'linux', versions: {} };
    ipc.answer = async () => ok(info);

    await expect(buildApi(ipc)['app:info']()).resolves.toEqual(ok(info));
    expect(ipc.invocations).toEqual([{ channel: `${REQUEST_PREFIX}app:info`, args: [] }]);
  });

  it('passes at most one argument through', async () => {
    const api = buildApi(ipc) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await api['app:info']!({ a: 1 }, 'extra', 'more');
    expect(ipc.invocations[0]?.args).toEqual([{ a: 1 }]);
  });

  it('turns a failed invoke (no handler yet, main gone) into an INTERNAL Result', async () => {
    ipc.answer = () => Promise.reject(new Error("No handler registered for 'minerdeck:request:app:info'"));
    await expect(buildApi(ipc)['app:info']()).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
  });

  it('onEvent hands over only the batch, never the IpcRendererEvent', () => {
    const listener = vi.fn();
    buildApi(ipc).onEvent(listener);
    const batch = [ready('a'), ready('b')];

    ipc.emit(EVENT_CHANNEL, { sender: ipc, senderId: 0, ports: [] }, batch);

    expect(listener).toHaveBeenCalledExactlyOnceWith(batch);
    expect(listener.mock.calls[0]).toHaveLength(1);
  });

  it('onEvent ignores anything on the channel that is not a batch', () => {
    const listener = vi.fn();
    buildApi(ipc).onEvent(listener);
    ipc.emit(EVENT_CHANNEL, {}, 'not a batch');
    ipc.emit(EVENT_CHANNEL, {});
    expect(listener).not.toHaveBeenCalled();
  });

  it('unsubscribe stops that listener only and removes its ipc listener', () => {
    const api = buildApi(ipc);
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribeFirst = api.onEvent(first);
    api.onEvent(second);
    expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(2);

    unsubscribeFirst();
    ipc.emit(EVENT_CHANNEL, {}, [ready('after')]);

    expect(ipc.listenerCount(EVENT_CHANNEL)).toBe(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});

describe('preload entry', () => {
  it('exposes window.api and nothing else', async () => {
    await import('../../../electron/preload/index');

    expect(exposed.map(({ key }) => key)).toEqual(['api']);
    expect(Object.keys(exposed[0]!.value as object).sort()).toEqual([...channels, 'onEvent'].sort());
  });
});
