/**
 * Fuzzing every IPC channel of the real contract through the real binding (bindHandlers, the code
 * Electron's ipcMain calls): arbitrary values — wrong types, extra and missing keys, `__proto__`, deep
 * nesting, odd numbers and strings — must come back as a Result, never a throw; `INVALID_INPUT` exactly
 * when the channel's schema refuses the value, and otherwise the handler gets the parsed value once. A
 * frame that is not our window is refused whatever it sends.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindHandlers } from '../../../electron/main/ipc/bind-handlers';
import type { Channel, Handlers } from '../../../shared/ipc/contract';
import { channels, contract, REQUEST_PREFIX } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { ok } from '../../../shared/result';
import { FakeIpcMain } from './fake-electron';

const OURS = 'file:///app/out/renderer/index.html';
/** Per channel; with the contract's ~45 channels this is ~7,000 calls, under 10 s on a shared CI core. */
const IPC_FUZZ_RUNS_PER_CHANNEL = 150;

const received: { channel: string; input: unknown }[] = [];
const ipcMain = new FakeIpcMain();
const handlers = Object.fromEntries(
  channels.map((channel) => [
    channel,
    async (input: unknown) => {
      received.push({ channel, input });
      return ok(null);
    },
  ]),
) as unknown as Handlers;
bindHandlers({ ipcMain, contract, handlers, isTrustedUrl: (url) => url === OURS });

/** What a compromised or buggy page could send: anything structured-cloneable, and shapes close to valid. */
const hostile = fc.oneof(
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true }),
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'address',
      'addresses',
      'targets',
      'deviceId',
      'password',
      'site',
      '__proto__',
      'constructor',
    ),
    fc.oneof(fc.string(), fc.integer(), fc.array(fc.string()), fc.constant(null), fc.object()),
  ),
);

const call = (channel: Channel, url: string, args: unknown[]) =>
  ipcMain.invoke(REQUEST_PREFIX + channel, url, ...args) as Promise<Result<unknown>>;

describe('every IPC channel under arbitrary input', () => {
  it.each(channels)('%s: INVALID_INPUT exactly when the schema refuses, never a throw', async (channel) => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(hostile, async (value) => {
        runs += 1;
        received.length = 0;
        const result = await call(channel, OURS, [value]);
        const valid = contract[channel].input.safeParse(value).success;
        if (valid) {
          expect(result).toEqual({ ok: true, value: null });
          expect(received).toHaveLength(1);
        } else {
          expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
          expect(received).toEqual([]);
        }
      }),
      { numRuns: IPC_FUZZ_RUNS_PER_CHANNEL },
    );
    expect(runs).toBe(IPC_FUZZ_RUNS_PER_CHANNEL);
  });

  it('refuses a second argument and any frame that is not our window, before validation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels), hostile, fc.webUrl(), async (channel, value, url) => {
        received.length = 0;
        expect(await call(channel, OURS, [value, value])).toMatchObject({
          ok: false,
          error: { code: 'INVALID_INPUT' },
        });
        expect(await call(channel, url, [value])).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
        expect(received).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
