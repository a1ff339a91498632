/**
 * An unlock's verdict is never lost by a caller leaving, and a password whose unlock got no answer is not
 * sent again by itself (docs/design.md, Credentials: "Lockout: an unlock without a verdict"). A fake
 * transport answers each `POST /unlock` when the test says, and the password guard runs on a fake clock.
 * Regression for the lockout-safety property failing under load: a monitor poll's deadline cancelled the
 * unlock with the stored password, the device's 403 came too late to count, and the next poll re-sent it.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../../electron/core/credentials/memory-store';
import {
  createPasswordGuard,
  UNANSWERED_WAIT_SECONDS,
} from '../../../../electron/core/credentials/password-guard';
import { createSessionManager } from '../../../../electron/core/credentials/session-manager';
import type { SessionTarget } from '../../../../electron/core/credentials/session-target';
import { unlockVerdictLost } from '../../../../electron/core/credentials/unlock-verdict';
import { createVault } from '../../../../electron/core/credentials/vault';
import type { CallOptions, DeviceClient } from '../../../../electron/core/device/client';
import { DeviceError } from '../../../../electron/core/device/device-error';
import { toAppError } from '../../../../electron/core/errors/to-app-error';
import { errorText } from '../../../../shared/i18n/local-text';
import { englishTranslator } from '../../../../shared/i18n/translate';
import { createTranslator } from '../../../../shared/i18n/translate-sync';

/** The error's `text` says its English `message` word for word, and `ruWords` in Russian (issue 35). */
async function expectSaid(failing: Promise<unknown>, ruWords: string): Promise<void> {
  const error = toAppError(
    await failing.then(
      () => undefined,
      (e: unknown) => e,
    ),
  );
  expect(error.text, error.message).toBeDefined();
  expect(englishTranslator().t(error.text!)).toBe(error.message);
  expect(errorText(createTranslator('ru'), error)).toContain(ruWords);
}

const TARGET: SessionTarget = { deviceId: 'dev-1', address: { scheme: 'http', host: '127.0.0.1', port: 80 } };
const WAIT_MS = UNANSWERED_WAIT_SECONDS * 1000;

/** One `POST /unlock` the fake device has read: the test gives its verdict (or none) later. */
interface SentUnlock {
  password: string;
  call: CallOptions | undefined;
  accept(): void;
  refuse(): void;
  fail(error: DeviceError): void;
}

/** Sessions over a fake transport whose unlocks wait for the test; the guard on the fake clock `now`. */
async function world(stored?: string) {
  let now = 0;
  const sent: SentUnlock[] = [];
  /** Tokens the fake device no longer takes (its session ended): a read with one answers 401. */
  const ended = new Set<string>();
  const client = {
    unlock: (_address: unknown, password: string, call?: CallOptions) =>
      new Promise<string>((resolve, reject) => {
        sent.push({
          password,
          call,
          accept: () => resolve(`token-${sent.length}`),
          refuse: () =>
            reject(new DeviceError('WRONG_PASSWORD', 'the device refused the password', { status: 403 })),
          fail: reject,
        });
      }),
    getStatus: (_address: unknown, credential: { kind: string; token?: string }) =>
      credential.token !== undefined && ended.has(credential.token)
        ? Promise.reject(new DeviceError('AUTH_REQUIRED', 'session ended', { status: 401 }))
        : Promise.resolve({ miner_state: 'mining' }),
  } as unknown as DeviceClient;
  const vault = createVault(createMemoryStore());
  if (stored !== undefined) await vault.setDevicePassword(TARGET.deviceId, stored);
  const sessions = createSessionManager({ client, vault, guard: createPasswordGuard(() => now) });
  const read = (signal?: AbortSignal) =>
    sessions.withCredential(TARGET, (c) => client.getStatus(TARGET.address, c), signal ? { signal } : {});
  /** Lets the session manager reach its next `POST /unlock` (keychain reads are promises). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  const endSessions = () => sent.forEach((_, i) => ended.add(`token-${i + 1}`));
  return { sent, sessions, read, settle, endSessions, advance: (ms: number) => (now += ms) };
}

const timeout = () =>
  new DeviceError('TIMEOUT', 'did not answer within 1500 ms.', { cause: 'TOTAL_TIMEOUT' });

describe('an unlock runs to its verdict whoever leaves', () => {
  it('a poll that gives up does not cancel the unlock: its late refusal counts, nothing is re-sent', async () => {
    const w = await world('wrong-stored');
    const poll = new AbortController();
    const first = w.read(poll.signal);
    await w.settle();
    expect(w.sent).toHaveLength(1);
    // The request carries no caller's signal: only the client's own timeout ends it.
    expect(w.sent[0]!.call?.signal).toBeUndefined();
    poll.abort();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    // The next poll joins the unlock still in flight instead of sending the password again.
    const second = w.read();
    await w.settle();
    expect(w.sent).toHaveLength(1);
    w.sent[0]!.refuse();
    await expect(second).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    await expect(w.read()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(w.sent.map((s) => s.password)).toEqual(['wrong-stored']);
  });

  it('a waiter whose starter left is answered by the same unlock, not a second one', async () => {
    const w = await world('wrong-stored');
    const poll = new AbortController();
    const started = w.read(poll.signal);
    await w.settle();
    const waiter = w.read();
    poll.abort();
    await expect(started).rejects.toMatchObject({ code: 'CANCELLED' });
    await w.settle();
    w.sent[0]!.refuse();
    await expect(waiter).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    expect(w.sent).toHaveLength(1);
  });

  it('the user gives a password while an automatic unlock with it is in flight and refused: not sent again', async () => {
    const w = await world();
    const typed = w.sessions.unlockWith(TARGET, 'typed');
    await w.settle();
    w.sent[0]!.accept();
    await typed;
    // The session ends; the re-unlock with the password given this session is in flight…
    w.endSessions();
    const reading = w.read();
    await w.settle();
    expect(w.sent).toHaveLength(2);
    // …when the user types the same password again: it waits for that verdict, a refusal.
    const again = w.sessions.unlockWith(TARGET, 'typed');
    await w.settle();
    w.sent[1]!.refuse();
    await expect(reading).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    await expect(again).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
      message: expect.stringMatching(/already refused this password; it was not sent again/),
    });
    expect(w.sent).toHaveLength(2);
  });
});

describe('an unlock without a verdict holds its password (fake clock)', () => {
  it('not re-sent by itself before the lockout wait; once after it; a second silence needs the user', async () => {
    const w = await world('stored-pw');
    const first = w.read();
    await w.settle();
    w.sent[0]!.fail(timeout());
    await expect(first).rejects.toMatchObject({ code: 'TIMEOUT' });
    // Within the wait: no request at all, and the reason says when it is tried again.
    await expect(w.read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/got no answer .* tried once more by itself in 60 s/),
    });
    await expectSaid(w.read(), 'через 60 с она будет повторена');
    w.advance(WAIT_MS - 1000);
    await expect(w.read()).rejects.toMatchObject({ message: expect.stringMatching(/in 1 s/) });
    expect(w.sent).toHaveLength(1);
    // After the wait: one more try; silent again, the password waits for the user.
    w.advance(1000);
    const retry = w.read();
    await w.settle();
    expect(w.sent).toHaveLength(2);
    w.sent[1]!.fail(timeout());
    await expect(retry).rejects.toMatchObject({ code: 'TIMEOUT' });
    w.advance(10 * WAIT_MS);
    await expect(w.read()).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
      message: expect.stringMatching(/two unlocks with the stored device password got no answer/),
    });
    await expectSaid(w.read(), 'две разблокировки (пароль: сохранённый пароль устройства)');
    expect(w.sent).toHaveLength(2);
    // The user gives it again: their decision, sent at once.
    const given = w.sessions.unlockWith(TARGET, 'stored-pw');
    await w.settle();
    w.sent[2]!.accept();
    await given;
    expect(w.sent).toHaveLength(3);
  });

  it('a password given this session and then unanswered is held the same way', async () => {
    const w = await world();
    const given = w.sessions.unlockWith(TARGET, 'typed');
    await w.settle();
    w.sent[0]!.fail(new DeviceError('UNREACHABLE', 'closed the connection.', { cause: 'ECONNRESET' }));
    await expect(given).rejects.toMatchObject({ code: 'UNREACHABLE' });
    await expect(w.read()).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(w.sent).toHaveLength(1);
  });

  it('a request that never left (refused connection, connect timeout) holds nothing', async () => {
    const w = await world('stored-pw');
    const first = w.read();
    await w.settle();
    w.sent[0]!.fail(new DeviceError('UNREACHABLE', 'refused the connection.', { cause: 'ECONNREFUSED' }));
    await expect(first).rejects.toMatchObject({ code: 'UNREACHABLE' });
    const second = w.read();
    await w.settle();
    w.sent[1]!.fail(new DeviceError('TIMEOUT', 'did not accept a connection.', { cause: 'CONNECT_TIMEOUT' }));
    await expect(second).rejects.toMatchObject({ code: 'TIMEOUT' });
    const third = w.read();
    await w.settle();
    w.sent[2]!.accept();
    await expect(third).resolves.toMatchObject({ miner_state: 'mining' });
  });

  it('tells a lost verdict from a request that never went out', () => {
    const lost = (code: DeviceError['code'], cause?: string) =>
      unlockVerdictLost(new DeviceError(code, 'x', cause === undefined ? {} : { cause }));
    expect(lost('TIMEOUT', 'TOTAL_TIMEOUT')).toBe(true);
    expect(lost('CANCELLED')).toBe(true);
    expect(lost('UNREACHABLE', 'ECONNRESET')).toBe(true);
    expect(lost('BAD_RESPONSE', 'HPE_INVALID_CONSTANT')).toBe(true);
    expect(lost('TIMEOUT', 'CONNECT_TIMEOUT')).toBe(false);
    expect(lost('UNREACHABLE', 'ECONNREFUSED')).toBe(false);
    expect(lost('UNREACHABLE', 'EHOSTUNREACH')).toBe(false);
    expect(lost('TLS_CHANGED')).toBe(false);
    expect(lost('HTTP_ERROR')).toBe(false);
    expect(lost('BAD_RESPONSE')).toBe(false);
  });
});
