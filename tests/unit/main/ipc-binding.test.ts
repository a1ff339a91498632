import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bindHandlers } from '../../../electron/main/ipc/bind-handlers';
import type { RequestEvent } from '../../../electron/main/ipc/bind-handlers';
import { forwardEvents } from '../../../electron/main/ipc/forward-events';
import { createEventHub } from '../../../electron/core/events/event-hub';
import { contract, EVENT_CHANNEL, REQUEST_PREFIX } from '../../../shared/ipc/contract';
import type { HandlersOf } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import { FakeIpcMain, FakeWebContents } from './fake-electron';

const OURS = 'file:///app/out/renderer/index.html';
const isTrustedUrl = (url: string) => url === OURS;

/** A richer contract than today's, to exercise validation of real input shapes. */
const testContract = {
  'app:info': contract['app:info'],
  'device:unlock': {
    input: z.object({
      address: z.string().min(1),
      password: z.string().min(1),
      port: z.int().min(1).max(65535),
    }),
    output: z.object({ unlocked: z.boolean() }),
  },
} as const;

function setup(overrides: Partial<HandlersOf<typeof testContract>> = {}) {
  const ipcMain = new FakeIpcMain();
  const handlers: HandlersOf<typeof testContract> = {
    'app:info': vi.fn(async () =>
      ok({ name: 'minerdeck', version: '0.1.0', platform: 'linux', versions: {} }),
    ),
    'device:unlock': vi.fn(async () => ok({ unlocked: true })),
    ...overrides,
  };
  const onHandlerError = vi.fn();
  const unbind = bindHandlers({ ipcMain, contract: testContract, handlers, isTrustedUrl, onHandlerError });
  const call = (channel: string, ...args: unknown[]) =>
    ipcMain.invoke(REQUEST_PREFIX + channel, OURS, ...args) as Promise<Result<unknown>>;
  return { ipcMain, handlers, onHandlerError, unbind, call };
}

const goodUnlock = { address: '10.0.0.5', password: 'secret-pw', port: 80 };

describe('bindHandlers', () => {
  it('binds every contract channel under the request prefix, and unbinds them', () => {
    const { ipcMain, unbind } = setup();
    expect([...ipcMain.listeners.keys()]).toEqual([
      `${REQUEST_PREFIX}app:info`,
      `${REQUEST_PREFIX}device:unlock`,
    ]);
    unbind();
    expect(ipcMain.listeners.size).toBe(0);
  });

  it('passes a valid call to its handler and answers its Result', async () => {
    const { handlers, call } = setup();
    await expect(call('device:unlock', goodUnlock)).resolves.toEqual({ ok: true, value: { unlocked: true } });
    expect(handlers['device:unlock']).toHaveBeenCalledExactlyOnceWith(goodUnlock);
    await expect(call('app:info')).resolves.toMatchObject({ ok: true, value: { version: '0.1.0' } });
  });

  it.each([
    ['another page', { senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['another local file', { senderFrame: { url: 'file:///tmp/evil.html', parent: null } }],
    ['an iframe showing our page', { senderFrame: { url: OURS, parent: { url: OURS } } }],
    ['a destroyed frame', { senderFrame: null }],
  ] satisfies Array<[string, RequestEvent]>)(
    'rejects %s without running the handler',
    async (_name, event) => {
      const { ipcMain, handlers } = setup();
      const listener = ipcMain.listeners.get(`${REQUEST_PREFIX}device:unlock`)!;
      const result = (await listener(event, goodUnlock)) as Result<unknown>;
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', detail: { reason: 'untrusted-sender' } },
      });
      expect(handlers['device:unlock']).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['nothing', [], 'expected object'],
    ['null', [null], '(input)'],
    ['a string', ['10.0.0.5'], '(input)'],
    ['an array', [[goodUnlock]], '(input)'],
    ['an empty object', [{}], 'address'],
    ['an empty address', [{ ...goodUnlock, address: '' }], 'address'],
    ['a numeric password', [{ ...goodUnlock, password: 1234 }], 'password'],
    ['port 0', [{ ...goodUnlock, port: 0 }], 'port'],
    ['port 65536', [{ ...goodUnlock, port: 65536 }], 'port'],
    ['a fractional port', [{ ...goodUnlock, port: 80.5 }], 'port'],
    ['a port as a string', [{ ...goodUnlock, port: '80' }], 'port'],
    ['NaN as port', [{ ...goodUnlock, port: Number.NaN }], 'port'],
    ['two arguments', [goodUnlock, goodUnlock], 'one argument'],
  ])('answers INVALID_INPUT for %s, naming the problem', async (_name, args, named) => {
    const { handlers, call } = setup();
    const result = await call('device:unlock', ...args);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('INVALID_INPUT');
    expect(result.error.message).toContain('device:unlock');
    expect(result.error.message).toContain(named);
    expect(handlers['device:unlock']).not.toHaveBeenCalled();
  });

  it('never echoes the input back in an INVALID_INPUT answer', async () => {
    const { call } = setup();
    const result = await call('device:unlock', { ...goodUnlock, port: 'hunter2-secret' });
    expect(JSON.stringify(result)).not.toContain('hunter2-secret');
    const wrongType = await call('device:unlock', { ...goodUnlock, password: ['hunter2-secret'] });
    expect(JSON.stringify(wrongType)).not.toContain('hunter2-secret');
  });

  it.each([[null], [0], [''], [{}], [[]], ['x'], [false]])(
    'refuses input %j for a void channel',
    async (input) => {
      const { handlers, call } = setup();
      await expect(call('app:info', input)).resolves.toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
      expect(handlers['app:info']).not.toHaveBeenCalled();
    },
  );

  it('turns a thrown exception into INTERNAL with a safe message and logs the cause', async () => {
    const cause = new Error('connect ECONNREFUSED 10.0.0.5:80 with password secret-pw');
    const { call, onHandlerError } = setup({
      'device:unlock': async () => {
        throw cause;
      },
    });
    const result = await call('device:unlock', goodUnlock);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('secret-pw');
    expect(JSON.stringify(result)).not.toContain('ECONNREFUSED');
    expect(onHandlerError).toHaveBeenCalledExactlyOnceWith('device:unlock', cause);
  });

  it('turns a synchronous throw and a thrown non-Error into INTERNAL too', async () => {
    const { call } = setup({
      'device:unlock': (() => {
        throw 'a string';
      }) as never,
    });
    await expect(call('device:unlock', goodUnlock)).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
  });
});

describe('forwardEvents', () => {
  it('sends each flush of the hub to the window as one message on the event channel', () => {
    const hub = createEventHub();
    const contents = new FakeWebContents();
    forwardEvents(hub, () => contents);

    hub.emit({ type: 'app:ready', payload: { startedAt: 'a' } });
    hub.emit({ type: 'app:ready', payload: { startedAt: 'b' } });
    hub.flush();

    expect(contents.sent).toEqual([
      {
        channel: EVENT_CHANNEL,
        args: [
          [
            { type: 'app:ready', payload: { startedAt: 'a' } },
            { type: 'app:ready', payload: { startedAt: 'b' } },
          ],
        ],
      },
    ]);
  });

  it('drops batches while there is no live window, and stops when asked', () => {
    const hub = createEventHub();
    const contents = new FakeWebContents();
    let target: FakeWebContents | null = null;
    const stop = forwardEvents(hub, () => target);

    hub.emit({ type: 'app:ready', payload: { startedAt: 'no window' } });
    hub.flush();
    target = contents;
    contents.destroyed = true;
    hub.emit({ type: 'app:ready', payload: { startedAt: 'destroyed' } });
    hub.flush();
    contents.destroyed = false;
    stop();
    hub.emit({ type: 'app:ready', payload: { startedAt: 'stopped' } });
    hub.flush();

    expect(contents.sent).toEqual([]);
  });
});
