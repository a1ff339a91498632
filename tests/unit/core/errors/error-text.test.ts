/**
 * Main's errors carry their sentence as a catalog key and values (issue 35): the window says a wrong
 * password, a timeout or a lockout in its own language, with the address and the seconds in it, while
 * `message` stays the English sentence the CLI prints. First through the error factories, then through the
 * real device client over HTTP to a simulated device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordGuard } from '../../../../electron/core/credentials/password-guard';
import { errorForStatus } from '../../../../electron/core/device/answer';
import { createDeviceClient } from '../../../../electron/core/device/client';
import { isDeviceError } from '../../../../electron/core/device/device-error';
import { toDeviceError } from '../../../../electron/core/device/network-errors';
import { toAppError } from '../../../../electron/core/errors/to-app-error';
import { errorText } from '../../../../shared/i18n/local-text';
import { englishTranslator } from '../../../../shared/i18n/translate';
import { createTranslator } from '../../../../shared/i18n/translate-sync';
import type { AppError } from '../../../../shared/result';
import type { Fleet } from '../../../simulator';
import { startFleet } from '../../../simulator';

const ru = createTranslator('ru');
const zh = createTranslator('zh-Hans');
const WHERE = '10.0.0.7:80';
const address = { scheme: 'http' as const, host: '10.0.0.7', port: 80 };

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: Buffer.from(JSON.stringify(body)),
});
const thrown = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('nothing was thrown');
};

/** English text equals the message; Russian and Chinese are their own words, with the values in them. */
function expectSaid(error: AppError, values: readonly string[], ruWords: string, zhWords: string): void {
  expect(error.text).toBeDefined();
  expect(englishTranslator().t(error.text!)).toBe(error.message);
  const inRussian = errorText(ru, error);
  const inChinese = errorText(zh, error);
  expect(inRussian).toContain(ruWords);
  expect(inChinese).toContain(zhWords);
  for (const value of values) {
    expect(inRussian).toContain(value);
    expect(inChinese).toContain(value);
  }
}

describe('device errors in the reader’s language', () => {
  it('a wrong password names the device', () => {
    const error = errorForStatus(answer(403, { err: 'bad pw' }), {
      where: WHERE,
      isUnlock: true,
      secrets: [],
    });
    const app = error.toAppError();
    expect(app).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: `${WHERE}: the device refused the password.`,
    });
    expectSaid(app, [WHERE], 'отклонило пароль', '拒绝了密码');
  });

  it('a lockout says how many seconds to wait, as a number formatted in the locale', () => {
    const error = errorForStatus(answer(429, { unlock_timeout: 1250 }), {
      where: WHERE,
      isUnlock: true,
      secrets: [],
    });
    const app = error.toAppError();
    expect(app.code).toBe('LOCKED_OUT');
    expect(app.text).toEqual({
      id: 'errors.device.lockedOut',
      values: { where: WHERE, seconds: 1250, tries: 'unlock' },
    });
    expect(app.message).toBe(
      `${WHERE}: locked out: wait 1250 s before trying again. Too many wrong passwords were tried.`,
    );
    expectSaid(app, [WHERE, '1250'], 'слишком много неверных паролей', '错误密码尝试次数过多');
    // Not an unlock: no word about passwords.
    const read = errorForStatus(answer(429, {}), { where: WHERE, isUnlock: false, secrets: [] }).toAppError();
    expectSaid(read, [WHERE], 'подождите перед новой попыткой', '请稍后再试');
    expect(errorText(ru, read)).not.toContain('паролей');
  });

  it('Minerdeck’s own lockout (nothing sent) keeps its seconds', () => {
    let now = 0;
    const guard = createPasswordGuard(() => now);
    guard.lockOut('dev-1', 45);
    now = 5_000;
    const app = thrown(() => guard.assertMayUnlock('dev-1', WHERE));
    expect(app).toMatchObject({ code: 'LOCKED_OUT', detail: { retryAfterSeconds: 40 } });
    expectSaid(app, [WHERE, '40'], 'ничего не отправлено', '未发送任何内容');
  });

  it('a timeout and an unreachable device name the address', () => {
    const timeout = toAppError(toDeviceError(Object.assign(new Error('t'), { code: 'ETIMEDOUT' }), address));
    expect(timeout.code).toBe('TIMEOUT');
    expectSaid(timeout, [WHERE], 'не ответил вовремя', '未及时应答');
    const refused = toAppError(
      toDeviceError(Object.assign(new Error('r'), { code: 'ECONNREFUSED' }), address),
    );
    expectSaid(refused, [WHERE], 'отклонил подключение', '拒绝连接');
  });

  it('an HTTP error keeps its status as a number', () => {
    const app = errorForStatus(answer(500, {}), { where: WHERE, isUnlock: false, secrets: [] }).toAppError();
    expect(app.text?.values).toEqual({ where: WHERE, status: 500 });
    expectSaid(app, [WHERE, '500'], 'устройство ответило HTTP', '设备应答 HTTP');
  });

  it('a bug is INTERNAL with its reason, said in the reader’s language around it', () => {
    const app = toAppError(new Error('boom'));
    expect(app.message).toBe('unexpected failure: boom');
    expectSaid(app, ['boom'], 'непредвиденный сбой', '意外故障');
  });
});

describe('through the real device client', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await startFleet({
      defaults: { password: 'Right-password-1' },
      devices: [{}, {}],
    });
    fleet.devices[1]!.addFault({ fault: { kind: 'latency', ms: 2_000 } });
  });
  afterAll(async () => {
    await fleet.close();
  });

  const failure = async (run: () => Promise<unknown>): Promise<AppError> => {
    try {
      await run();
    } catch (error) {
      expect(isDeviceError(error)).toBe(true);
      return toAppError(error);
    }
    throw new Error('the call succeeded');
  };

  it('a wrong password and a timeout come back with their text, in Russian and Chinese', async () => {
    const client = createDeviceClient();
    try {
      const [quick, slow] = fleet.devices.map((d) => ({
        scheme: 'http' as const,
        host: d.host,
        port: d.port,
      }));
      const where = `${quick!.host}:${quick!.port}`;
      const wrong = await failure(() => client.unlock(quick!, 'Wrong-password-1'));
      expect(wrong.code).toBe('WRONG_PASSWORD');
      expectSaid(wrong, [where], 'отклонило пароль', '拒绝了密码');

      const late = await failure(() => client.unlock(slow!, 'Right-password-1', { totalTimeoutMs: 300 }));
      expect(late.code).toBe('TIMEOUT');
      expectSaid(late, [`${slow!.host}:${slow!.port}`, '300'], 'не ответил за 300 мс', '300 毫秒内未应答');
    } finally {
      client.close();
    }
  }, 30_000);
});
